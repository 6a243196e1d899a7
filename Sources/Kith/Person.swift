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

/// The structured name (vCard `N`).
public struct PersonName: Hashable, Sendable, Codable {
    public var family: String
    public var given: String
    public var additional: String
    public var prefixes: String
    public var suffixes: String

    public init(family: String = "", given: String = "", additional: String = "", prefixes: String = "", suffixes: String = "") {
        self.family = family; self.given = given; self.additional = additional
        self.prefixes = prefixes; self.suffixes = suffixes
    }
}

/// An email, phone or URL with an optional label (`home`, `work`, `cell`...).
public struct LabeledValue: Hashable, Sendable, Codable {
    public var label: String
    public var value: String

    public init(_ value: String, label: String = "") {
        self.value = value; self.label = label
    }
}

/// A postal address (vCard `ADR`).
public struct PostalAddress: Hashable, Sendable, Codable {
    public var label: String
    public var poBox: String
    public var extended: String
    public var street: String
    public var locality: String
    public var region: String
    public var postalCode: String
    public var country: String

    public init(label: String = "", poBox: String = "", extended: String = "", street: String = "", locality: String = "",
                region: String = "", postalCode: String = "", country: String = "") {
        self.label = label; self.poBox = poBox; self.extended = extended; self.street = street
        self.locality = locality; self.region = region; self.postalCode = postalCode; self.country = country
    }
}

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

/// A line of the people list.
public struct PersonSummary: Hashable, Sendable, Codable, Identifiable {
    public var id: Int64
    public var displayName: String
    public var nicknames: [String]
    public var relation: Category?
    /// The local day of the latest event with them that has started, if any.
    public var lastSeen: LocalDate?
    /// All events with them.
    public var eventCount: Int
}

/// How to order ``Journal/people(in:sort:)``.
public enum PersonSort: String, Sendable, CaseIterable {
    /// By display name.
    case name
    /// Not seen for longest first; never seen before everyone else.
    case lastSeen
}
