/// Someone in the journal: the third level under a relation category.
public struct Person: Hashable, Sendable, Codable, Identifiable {
    public var id: Int64
    /// Stable identifier, kept across vCard import and export.
    public var uid: String
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
    /// The relation category the person sits under.
    public var relation: Category?
    /// SHA-256 of the profile photo, if any (bytes via ``Journal/photo(hash:)``).
    public var photoHash: String?
    /// vCard REV of the last import, if any.
    public var rev: String?
    /// vCard properties Kith does not model, kept verbatim for export.
    public var vcardLines: [String]
    /// Seconds since 1970.
    public var createdAt: Int64
    public var updatedAt: Int64

    /// The editable fields, for ``Journal/editPerson(id:_:)``.
    public var draft: PersonDraft {
        PersonDraft(displayName: displayName, name: name, nicknames: nicknames, birthday: birthday,
                    anniversary: anniversary, emails: emails, phones: phones, addresses: addresses,
                    organization: organization, title: title, urls: urls, note: note, relationID: relation?.id,
                    photoHash: photoHash, uid: uid, rev: rev, vcardLines: vcardLines)
    }
}
