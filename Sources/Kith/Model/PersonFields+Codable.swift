/// ``PersonFields`` as JSON: the backup, ``Person`` (whose keys sit beside these) and the
/// import snapshot that older journals kept (read back into a digest). The plain fields come from
/// ``PersonFields/plainFields``; one that is missing keeps its default, so that JSON
/// written before the field existed still reads.
extension PersonFields: Codable {
    private typealias Key = PersonField.JSONKey
    private static let displayNameKey = Key("displayName"), nameKey = Key("name"), nicknamesKey = Key("nicknames")
    private static let emailsKey = Key("emails"), phonesKey = Key("phones"), addressesKey = Key("addresses")
    private static let urlsKey = Key("urls"), vcardLinesKey = Key("vcardLines")

    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder, backup: false)
    }

    public func encode(to encoder: any Encoder) throws {
        try encode(to: encoder, backup: false)
    }

    /// Reads the fields; `backup` reads each plain field under its backup key.
    init(from decoder: any Decoder, backup: Bool) throws {
        let c = try decoder.container(keyedBy: Key.self)
        self.init(displayName: try c.decode(String.self, forKey: Self.displayNameKey))
        name = try c.decode(PersonName.self, forKey: Self.nameKey)
        nicknames = try c.decode([String].self, forKey: Self.nicknamesKey)
        emails = try c.decode([LabeledValue].self, forKey: Self.emailsKey)
        phones = try c.decode([LabeledValue].self, forKey: Self.phonesKey)
        addresses = try c.decode([PostalAddress].self, forKey: Self.addressesKey)
        urls = try c.decode([LabeledValue].self, forKey: Self.urlsKey)
        vcardLines = try c.decode([String].self, forKey: Self.vcardLinesKey)
        for f in Self.plainFields { try f.decode(&self, c, Key(backup ? f.backupKey : f.key)) }
    }

    /// Writes the fields; `backup` writes each plain field under its backup key.
    func encode(to encoder: any Encoder, backup: Bool) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(displayName, forKey: Self.displayNameKey)
        try c.encode(name, forKey: Self.nameKey)
        try c.encode(nicknames, forKey: Self.nicknamesKey)
        try c.encode(emails, forKey: Self.emailsKey)
        try c.encode(phones, forKey: Self.phonesKey)
        try c.encode(addresses, forKey: Self.addressesKey)
        try c.encode(urls, forKey: Self.urlsKey)
        try c.encode(vcardLines, forKey: Self.vcardLinesKey)
        for f in Self.plainFields { try f.encode(self, &c, Key(backup ? f.backupKey : f.key)) }
    }
}
