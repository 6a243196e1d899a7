/// A day's person ids: a list, or the comma list the day index stores (`"3,7,12"`), read
/// only when the ids are asked for. Equal, hashed and encoded as the ids.
struct PersonIDList: Hashable, Sendable, Codable {
    private enum Storage: Sendable {
        case ids([Int64])
        case text([UInt8])
    }

    private var storage: Storage

    init(_ ids: [Int64]) { storage = .ids(ids) }

    /// The stored comma list's bytes, read later.
    init(text: [UInt8]) { storage = .text(text) }

    /// The ids, ascending.
    var ids: [Int64] {
        switch storage {
        case .ids(let ids): return ids
        case .text(let bytes): return DayIndex.parseIDList(bytes)
        }
    }

    static func == (a: PersonIDList, b: PersonIDList) -> Bool { a.ids == b.ids }

    func hash(into hasher: inout Hasher) { hasher.combine(ids) }

    init(from decoder: any Decoder) throws { storage = .ids(try [Int64](from: decoder)) }

    func encode(to encoder: any Encoder) throws { try ids.encode(to: encoder) }
}
