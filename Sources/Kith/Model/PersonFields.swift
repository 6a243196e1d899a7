/// What a person is, apart from where the journal keeps them: the fields the user edits
/// and a vCard gives. ``Person`` and ``PersonDraft`` wrap one (`person.organization` reads
/// `person.fields.organization`); an import reads a card into one, compares and merges
/// them, and keeps a hash of each of the card's fields (`PersonFieldsDigest`).
///
/// A new plain field (one value, one column: say `pronouns`) is its property here, with
/// its default value, and its row in ``plainFields`` (its column, JSON key, label, merge
/// rule and vCard property); then a migration adding its column (Store/Migrations.swift)
/// and, for the `kith` tool, its option (KithCLI/Options/PersonFieldOptions.swift). The
/// store, the import digest, the merges, the vCard import and export, the JSON backup
/// and `kith person show` walk the rows. A field of several values (a list, or a table of
/// its own) is written by hand in each of those.
public struct PersonFields: Hashable, Sendable {
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

extension PersonFields {
    /// Every field in the order the import digest, the import report's list of changes
    /// and an exported card give them: the plain ones as their rows, the others by name
    /// (their code is written out in each layer).
    enum Slot {
        case name, nicknames, emails, phones, addresses, urls, vcardLines
        case plain(PersonField)
    }

    static let layout: [Slot] = [
        .name, .nicknames,
        .plain(PersonField("birthday", { $0.birthday }, { $0.birthday = $1 }, vcard: .date("BDAY"))),
        .plain(PersonField("anniversary", { $0.anniversary }, { $0.anniversary = $1 }, vcard: .date("ANNIVERSARY"))),
        .emails, .phones, .addresses,
        .plain(
            PersonField(
                "organization", { $0.organization }, { $0.organization = $1 }, label: "organisation", vcard: .byHand(.organization), writtenWhenUnset: true)),
        .plain(PersonField("title", { $0.title }, { $0.title = $1 }, vcard: .text("TITLE", v3: "TITLE"), writtenWhenUnset: true)),
        .urls,
        .plain(PersonField("note", { $0.note }, { $0.note = $1 }, merge: .paragraphs, vcard: .paragraphs("NOTE"), writtenWhenUnset: true)),
        .plain(PersonField("photoHash", { $0.photoHash }, { $0.photoHash = $1 }, backupKey: "photo", label: "photo", vcard: .byHand(.photo))),
        .vcardLines,
    ]

    /// The plain fields (one value, one column each), in order.
    public static let plainFields: [PersonField] = layout.compactMap {
        if case .plain(let f) = $0 { return f }
        return nil
    }

    /// ``layout`` as the walkers read it: a plain field by its index in ``plainFields``
    /// (copying a row out of the layout for every card showed in the import's profile).
    enum Step {
        case name, nicknames, emails, phones, addresses, urls, vcardLines, plain(Int)

        /// What the import report calls the field: "updated: emails, organisation".
        var label: String {
            switch self {
            case .name: "name"
            case .nicknames: "nicknames"
            case .emails: "emails"
            case .phones: "phones"
            case .addresses: "addresses"
            case .urls: "URLs"
            case .vcardLines: "kept vCard properties"
            case .plain(let i): PersonFields.plainFields[i].label
            }
        }
    }

    static let steps: [Step] = {
        var plain = 0
        return layout.map { slot in
            switch slot {
            case .name: return .name
            case .nicknames: return .nicknames
            case .emails: return .emails
            case .phones: return .phones
            case .addresses: return .addresses
            case .urls: return .urls
            case .vcardLines: return .vcardLines
            case .plain: plain += 1; return .plain(plain - 1)
            }
        }
    }()
}
