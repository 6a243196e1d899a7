/// What to write for a person: ``Journal/addPerson(_:)`` or the closure of ``Journal/editPerson(id:_:)``.
///
/// The person's fields are in ``fields``; each reads and writes as the draft's own
/// (`draft.organization = "Acme"`), through `@dynamicMemberLookup`.
@dynamicMemberLookup
public struct PersonDraft: Hashable, Sendable {
    public var fields: PersonFields
    /// A relation category id, or nil for none.
    public var relationID: Int64?
    /// Generated when nil.
    public var uid: String?
    public var rev: String?

    public init(fields: PersonFields, relationID: Int64? = nil, uid: String? = nil, rev: String? = nil) {
        self.fields = fields; self.relationID = relationID; self.uid = uid; self.rev = rev
    }

    /// `photoHash`: a photo stored with ``Journal/storePhoto(_:name:)``.
    public init(
        displayName: String, name: PersonName = PersonName(), nicknames: [String] = [], birthday: PartialDate? = nil,
        anniversary: PartialDate? = nil, emails: [LabeledValue] = [], phones: [LabeledValue] = [],
        addresses: [PostalAddress] = [], organization: String = "", title: String = "", urls: [LabeledValue] = [],
        note: String = "", relationID: Int64? = nil, photoHash: String? = nil, uid: String? = nil,
        rev: String? = nil, vcardLines: [String] = []
    ) {
        self.init(
            fields: PersonFields(
                displayName: displayName, name: name, nicknames: nicknames, birthday: birthday,
                anniversary: anniversary, emails: emails, phones: phones, addresses: addresses,
                organization: organization, title: title, urls: urls, note: note,
                photoHash: photoHash, vcardLines: vcardLines),
            relationID: relationID, uid: uid, rev: rev)
    }

    public subscript<T>(dynamicMember field: WritableKeyPath<PersonFields, T>) -> T {
        get { fields[keyPath: field] }
        set { fields[keyPath: field] = newValue }
    }
}
