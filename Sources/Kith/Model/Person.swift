/// Someone in the journal: the third level under a relation category.
///
/// The fields the user edits are in ``fields``; each reads as the person's own
/// (`person.organization`), through `@dynamicMemberLookup`.
@dynamicMemberLookup
public struct Person: Hashable, Sendable, Codable, Identifiable {
    public var id: Int64
    /// Stable identifier, kept across vCard import and export.
    public var uid: String
    /// Name, dates, contact details, organisation, note, photo and kept vCard lines.
    public var fields: PersonFields
    /// The relation category the person sits under.
    public var relation: Category?
    /// vCard REV of the last import, if any.
    public var rev: String?
    /// Seconds since 1970.
    public var createdAt: Int64
    public var updatedAt: Int64

    init(id: Int64, uid: String, fields: PersonFields, relation: Category?, rev: String?, createdAt: Int64, updatedAt: Int64) {
        self.id = id; self.uid = uid; self.fields = fields; self.relation = relation; self.rev = rev
        self.createdAt = createdAt; self.updatedAt = updatedAt
    }

    public subscript<T>(dynamicMember field: WritableKeyPath<PersonFields, T>) -> T {
        get { fields[keyPath: field] }
        set { fields[keyPath: field] = newValue }
    }

    /// The editable fields, for ``Journal/editPerson(id:_:)``.
    public var draft: PersonDraft {
        PersonDraft(fields: fields, relationID: relation?.id, uid: uid, rev: rev)
    }

    // Coded flat, as before the fields had a type of their own: the person's keys and the
    // fields' keys side by side in one object.
    private enum CodingKeys: String, CodingKey {
        case id, uid, relation, rev, createdAt, updatedAt
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int64.self, forKey: .id)
        uid = try c.decode(String.self, forKey: .uid)
        fields = try PersonFields(from: decoder)
        relation = try c.decodeIfPresent(Category.self, forKey: .relation)
        rev = try c.decodeIfPresent(String.self, forKey: .rev)
        createdAt = try c.decode(Int64.self, forKey: .createdAt)
        updatedAt = try c.decode(Int64.self, forKey: .updatedAt)
    }

    public func encode(to encoder: any Encoder) throws {
        try fields.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(uid, forKey: .uid)
        try c.encodeIfPresent(relation, forKey: .relation)
        try c.encodeIfPresent(rev, forKey: .rev)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(updatedAt, forKey: .updatedAt)
    }
}
