/// What the calendar shows for one local day that has events.
public struct DaySummary: Hashable, Sendable, Codable {
    public var date: LocalDate
    /// Events touching the day (an event across midnight counts on each day it touches).
    public var eventCount: Int
    /// The people met that day, by id, ascending.
    ///
    /// Read from the day index's stored list when asked for (each time), so that a month or
    /// a year costs nothing for the people of days nobody looks at.
    public var personIDs: [Int64] {
        get { people.ids }
        set { people = PersonIDList(newValue) }
    }
    /// The average mood score (-2...2) of the day's events that have a mood; nil if none has.
    public var moodAverage: Double?
    /// The most frequent mood of the day; ties go to the higher score. Nil if no event has a mood.
    public var dominantMood: Category?
    /// The storage behind ``personIDs``.
    var people: PersonIDList

    public init(date: LocalDate, eventCount: Int, personIDs: [Int64], moodAverage: Double?, dominantMood: Category?) {
        self.init(date: date, eventCount: eventCount, people: PersonIDList(personIDs), moodAverage: moodAverage,
                  dominantMood: dominantMood)
    }

    init(date: LocalDate, eventCount: Int, people: PersonIDList, moodAverage: Double?, dominantMood: Category?) {
        self.date = date
        self.eventCount = eventCount
        self.people = people
        self.moodAverage = moodAverage
        self.dominantMood = dominantMood
    }

    enum CodingKeys: String, CodingKey {
        case date, eventCount, people = "personIDs", moodAverage, dominantMood
    }
}

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
    init(text: UnsafeRawBufferPointer) { storage = .text(Array(text)) }

    /// The ids, ascending.
    var ids: [Int64] {
        switch storage {
        case .ids(let ids): return ids
        case .text(let bytes): return bytes.withUnsafeBytes { Journal.parseIDList($0) }
        }
    }

    static func == (a: PersonIDList, b: PersonIDList) -> Bool { a.ids == b.ids }

    func hash(into hasher: inout Hasher) { hasher.combine(ids) }

    init(from decoder: any Decoder) throws { storage = .ids(try [Int64](from: decoder)) }

    func encode(to encoder: any Encoder) throws { try ids.encode(to: encoder) }
}
