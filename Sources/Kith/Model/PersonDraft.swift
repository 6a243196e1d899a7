/// What to write for a person: ``Journal/addPerson(_:)`` or the closure of ``Journal/editPerson(id:_:)``.
public struct PersonDraft: Hashable, Sendable {
    public var displayName: String
    public var name: PersonName
    public var nicknames: [String]
    public var birthday: PartialDate?
    public var anniversary: PartialDate?
    public var emails: [LabeledValue]
    public var phones: [LabeledValue]
    public var addresses: [PostalAddress]
    public var organization: String
    public var title: String
    public var urls: [LabeledValue]
    public var note: String
    /// A relation category id, or nil for none.
    public var relationID: Int64?
    /// A photo stored with ``Journal/storePhoto(_:name:)``.
    public var photoHash: String?
    /// Generated when nil.
    public var uid: String?
    public var rev: String?
    public var vcardLines: [String]

    public init(displayName: String, name: PersonName = PersonName(), nicknames: [String] = [], birthday: PartialDate? = nil,
                anniversary: PartialDate? = nil, emails: [LabeledValue] = [], phones: [LabeledValue] = [],
                addresses: [PostalAddress] = [], organization: String = "", title: String = "", urls: [LabeledValue] = [],
                note: String = "", relationID: Int64? = nil, photoHash: String? = nil, uid: String? = nil,
                rev: String? = nil, vcardLines: [String] = []) {
        self.displayName = displayName; self.name = name; self.nicknames = nicknames; self.birthday = birthday
        self.anniversary = anniversary; self.emails = emails; self.phones = phones; self.addresses = addresses
        self.organization = organization; self.title = title; self.urls = urls; self.note = note
        self.relationID = relationID; self.photoHash = photoHash; self.uid = uid; self.rev = rev
        self.vcardLines = vcardLines
    }
}
