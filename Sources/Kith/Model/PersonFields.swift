/// What a person is, apart from where the journal keeps them: the fields the user edits
/// and a vCard gives. ``Person`` and ``PersonDraft`` wrap one (`person.organization` reads
/// `person.fields.organization`); an import reads a card into one, compares and merges
/// them, and keeps the card's as a JSON snapshot whose keys are these names.
///
/// A new field goes here, with its default in ``init(displayName:name:nicknames:birthday:anniversary:emails:phones:addresses:organization:title:urls:note:photoHash:vcardLines:)``;
/// then its column (Store/People/PeopleStore.swift and a migration), its snapshot key and
/// merge rule (Interchange/PersonFields+Snapshot.swift) and its vCard property
/// (Import/ContactImport.swift, Export/ContactExport.swift).
public struct PersonFields: Hashable, Sendable, Codable {
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
    /// SHA-256 of the profile photo, if any (bytes via ``Journal/photo(hash:)``).
    public var photoHash: String?
    /// vCard properties Kith does not model, kept verbatim for export.
    public var vcardLines: [String]

    public init(
        displayName: String, name: PersonName = PersonName(), nicknames: [String] = [], birthday: PartialDate? = nil,
        anniversary: PartialDate? = nil, emails: [LabeledValue] = [], phones: [LabeledValue] = [],
        addresses: [PostalAddress] = [], organization: String = "", title: String = "", urls: [LabeledValue] = [],
        note: String = "", photoHash: String? = nil, vcardLines: [String] = []
    ) {
        self.displayName = displayName; self.name = name; self.nicknames = nicknames; self.birthday = birthday
        self.anniversary = anniversary; self.emails = emails; self.phones = phones; self.addresses = addresses
        self.organization = organization; self.title = title; self.urls = urls; self.note = note
        self.photoHash = photoHash; self.vcardLines = vcardLines
    }
}
