import Foundation

/// One plain field of a person (one value in one column of `person`, such as `title` or
/// `birthday`) and what every layer needs to know about it: the store binds and reads its
/// column, the import digest hashes it, the JSON backup and `kith person show --json` write its
/// key, the import report names it by its label, a merge follows its rule, and the vCard
/// mapping reads and writes its property. The rows are ``PersonFields/plainFields``; the
/// layers walk them, so a new plain field is its property and its row, not an edit in each.
public struct PersonField: Sendable {
    /// The Swift property, and its key in JSON (backup, `--json`, an older import snapshot).
    public let key: String
    /// What the import report calls it: "updated: organisation, title".
    public let label: String
    /// The column of the `person` table that holds it.
    let column: String
    /// Its key in the JSON backup when that differs from ``key`` (`photo` for `photoHash`).
    let backupKey: String
    /// Its vCard property.
    let vcard: VCardMapping
    /// Whether JSON (the backup, `--json`) writes it when unset. The fields older than this
    /// table are written always, as before it; a newer field is left out when unset.
    let writtenWhenUnset: Bool

    /// Reads and writes the value (a key path into ``PersonFields``, with its type).
    let access: any PersonFieldAccess
    let merge: MergeRule

    /// The value of `fields` as text, as `person show` prints it; nil when unset.
    public func text(in fields: PersonFields) -> String? { access.text(fields) }

    /// The value as a column stores it (`1990-04-12` for a date); nil when unset.
    func text(_ f: PersonFields) -> String? { access.text(f) }
    /// Sets the value from a column's text.
    func setText(_ f: inout PersonFields, _ text: String?) { access.setText(&f, text) }
    func encode(_ f: PersonFields, _ c: inout KeyedEncodingContainer<JSONKey>, _ k: JSONKey) throws {
        guard writtenWhenUnset || !access.isUnset(f) else { return }
        try access.encode(f, &c, k)
    }
    func decode(_ f: inout PersonFields, _ c: KeyedDecodingContainer<JSONKey>, _ k: JSONKey) throws { try access.decode(&f, c, k) }
    func differs(_ a: PersonFields, _ b: PersonFields) -> Bool { access.differs(a, b) }
    /// The re-import rule (``PersonFields/merged(current:snapshot:card:)``): the card's value
    /// when the user left the field as the last import gave it (`asImported`), or (no
    /// snapshot: nil) it was unset.
    func followCard(_ r: inout PersonFields, _ c: PersonFields, asImported: Bool?, _ n: PersonFields) {
        access.followCard(&r, c, asImported: asImported, n)
    }
    /// The rule of merging two people: `r` starts as the kept person's fields.
    func mergePeople(_ r: inout PersonFields, _ other: PersonFields) { access.mergePeople(&r, other, merge) }

    /// How two people's values merge (``Journal/mergePeople(keeping:removing:)``).
    enum MergeRule {
        /// The fuller of the two (``Journal/fuller(_:_:)-(String,String)``): the kept
        /// person's unless unset, or the other's holds it whole and more.
        case fuller
        /// Both, as paragraphs: the other's is added unless the kept one holds it already.
        case paragraphs
    }

    /// How a field is a vCard property, for ContactImport and ContactExport.
    enum VCardMapping {
        /// The first property's TEXT value (later ones are kept verbatim); `v3` is the name
        /// written to vCard 3.0 (`X-PRONOUNS` for 4.0's `PRONOUNS`), both are read.
        case text(String, v3: String)
        /// Every such property's TEXT value, joined by a blank line (NOTE).
        case paragraphs(String)
        /// A date with month and day (BDAY); a line that is not one is kept, with a warning.
        case date(String)
        /// Mapped by hand in ContactImport and ContactExport.
        case byHand(ByHand)
        /// Not in a vCard.
        case none

        enum ByHand { case organization, photo }
    }

    /// A JSON key named at run time.
    struct JSONKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ s: String) { stringValue = s }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// A row for the field `key`, read by `get` and written by `set` (closures, not a key
    /// path: applying a key path copied the whole of ``PersonFields``, on the import's path).
    /// - Parameters:
    ///   - column: its column of `person` (default: `key`).
    ///   - label: its name in the import report (default: `key`).
    init<V: PersonFieldValue>(
        _ key: String, _ get: @escaping @Sendable (PersonFields) -> V, _ set: @escaping @Sendable (inout PersonFields, V) -> Void,
        column: String? = nil, backupKey: String? = nil, label: String? = nil, merge: MergeRule = .fuller, vcard: VCardMapping,
        writtenWhenUnset: Bool = false
    ) {
        self.key = key
        self.column = column ?? key
        self.backupKey = backupKey ?? key
        self.label = label ?? key
        self.vcard = vcard
        self.writtenWhenUnset = writtenWhenUnset
        self.merge = merge
        access = ClosureAccess(get: get, set: set)
    }
}

/// A plain field's value, read and written through its two closures; one reference to
/// copy (a row of closures for each operation was a dozen, on the import's path).
protocol PersonFieldAccess: Sendable {
    func text(_ f: PersonFields) -> String?
    func setText(_ f: inout PersonFields, _ text: String?)
    /// Sets a date (a BDAY-like property's), with no text in between.
    func setDate(_ f: inout PersonFields, _ date: PartialDate)
    func isUnset(_ f: PersonFields) -> Bool
    func encode(_ f: PersonFields, _ c: inout KeyedEncodingContainer<PersonField.JSONKey>, _ k: PersonField.JSONKey) throws
    func decode(_ f: inout PersonFields, _ c: KeyedDecodingContainer<PersonField.JSONKey>, _ k: PersonField.JSONKey) throws
    func differs(_ a: PersonFields, _ b: PersonFields) -> Bool
    func followCard(_ r: inout PersonFields, _ c: PersonFields, asImported: Bool?, _ n: PersonFields)
    func mergePeople(_ r: inout PersonFields, _ b: PersonFields, _ rule: PersonField.MergeRule)
}

struct ClosureAccess<V: PersonFieldValue>: PersonFieldAccess {
    let get: @Sendable (PersonFields) -> V
    let set: @Sendable (inout PersonFields, V) -> Void

    func text(_ f: PersonFields) -> String? { get(f).fieldText }
    func setText(_ f: inout PersonFields, _ text: String?) { set(&f, V(fieldText: text)) }
    func setDate(_ f: inout PersonFields, _ date: PartialDate) { set(&f, V(date: date)) }
    func isUnset(_ f: PersonFields) -> Bool { get(f).isUnset }
    func encode(_ f: PersonFields, _ c: inout KeyedEncodingContainer<PersonField.JSONKey>, _ k: PersonField.JSONKey) throws {
        try c.encode(get(f), forKey: k)
    }
    func decode(_ f: inout PersonFields, _ c: KeyedDecodingContainer<PersonField.JSONKey>, _ k: PersonField.JSONKey) throws {
        if let v = try c.decodeIfPresent(V.self, forKey: k) { set(&f, v) }
    }
    func differs(_ a: PersonFields, _ b: PersonFields) -> Bool { get(a) != get(b) }
    func followCard(_ r: inout PersonFields, _ c: PersonFields, asImported: Bool?, _ n: PersonFields) {
        if let asImported {
            if asImported { set(&r, get(n)) }
        } else if get(c).isUnset {
            set(&r, get(n))
        }
    }
    func mergePeople(_ r: inout PersonFields, _ b: PersonFields, _ rule: PersonField.MergeRule) {
        switch rule {
        case .fuller: set(&r, V.fuller(get(r), get(b)))
        case .paragraphs: set(&r, V.paragraphs(get(r), get(b)))
        }
    }
}

/// The type of a plain person field: `String` (empty when unset) or the optional of a
/// ``PersonFieldText`` type (nil when unset).
protocol PersonFieldValue: Hashable, Sendable, Codable {
    /// The text a column stores; nil when unset.
    var fieldText: String? { get }
    /// The value of a column's text (unset for nil or text that is not one).
    init(fieldText: String?)
    init(date: PartialDate)
    var isUnset: Bool { get }
    /// The fuller of two values, for ``PersonField/MergeRule/fuller``.
    static func fuller(_ kept: Self, _ other: Self) -> Self
    /// Both values as paragraphs, for ``PersonField/MergeRule/paragraphs``.
    static func paragraphs(_ kept: Self, _ other: Self) -> Self
}

/// A value an optional plain field holds: text in its column and in JSON.
protocol PersonFieldText: Hashable, Sendable, Codable {
    var storedText: String { get }
    init?(storedText: String)
    init?(date: PartialDate)
    /// The fuller of two values; by default the kept one unless it is missing.
    static func fuller(kept: Self?, other: Self?) -> Self?
}

extension PersonFieldText {
    static func fuller(kept: Self?, other: Self?) -> Self? { kept ?? other }
}

extension String: PersonFieldValue, PersonFieldText {
    var fieldText: String? { self }
    init(fieldText: String?) { self = fieldText ?? "" }
    var storedText: String { self }
    init?(storedText: String) { self = storedText }
    init(date: PartialDate) { self = date.description }
    var isUnset: Bool { isEmpty }
    static func fuller(_ kept: String, _ other: String) -> String { Journal.fuller(kept, other) }
    static func paragraphs(_ kept: String, _ other: String) -> String {
        if other.isEmpty || other == kept || kept.contains(other) { return kept }
        return kept.isEmpty || other.contains(kept) ? other : kept + "\n\n" + other
    }
}

extension PartialDate: PersonFieldText {
    var storedText: String { description }
    init?(storedText: String) { self.init(storedText) }
    init(date: PartialDate) { self = date }
    static func fuller(kept: PartialDate?, other: PartialDate?) -> PartialDate? { Journal.fuller(kept, other) }
}

extension Optional: PersonFieldValue where Wrapped: PersonFieldText {
    var fieldText: String? { self?.storedText }
    init(fieldText: String?) { self = fieldText.flatMap { Wrapped(storedText: $0) } }
    init(date: PartialDate) { self = Wrapped(date: date) }
    var isUnset: Bool { self == nil }
    static func fuller(_ kept: Wrapped?, _ other: Wrapped?) -> Wrapped? { Wrapped.fuller(kept: kept, other: other) }
    static func paragraphs(_ kept: Wrapped?, _ other: Wrapped?) -> Wrapped? { kept ?? other }
}
