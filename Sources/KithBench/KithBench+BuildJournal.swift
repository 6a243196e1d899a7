import Foundation
import Kith

extension KithBench {
    /// `build-journal --events N --years Y --journal J [--people P] [--batch B]`: makes a large
    /// journal through the library (``Journal/addPerson(_:)``, ``Journal/logEvents(_:progress:)``),
    /// the same every run: P people (default 1,000) and N events spread evenly over the Y
    /// years ending with 2026, one to three people each, a type, a mood on four in five,
    /// a place from a set of 50, a trait on one in a hundred; written B events per
    /// transaction (default 20,000). `seconds` is the whole build.
    static func buildJournal(_ args: inout BenchArguments) throws -> String {
        let journalPath = try args.required("--journal")
        let count = try args.integer("--events", default: 1_000_000)
        let years = max(try args.integer("--years", default: 20), 1)
        let peopleCount = max(try args.integer("--people", default: 1_000), 1)
        let batch = max(try args.integer("--batch", default: 20_000), 1)
        try args.finish()
        if FileManager.default.fileExists(atPath: journalPath) {
            throw MappedFile.OpenError(path: journalPath, reason: "already exists (build-journal makes a new journal; remove it first)")
        }
        let watch = Stopwatch()
        let journal = try Journal(path: journalPath)
        var random = SplitMix64(seed: 7)

        let relations = try journal.categories(kind: .relation).map(\.id)
        let types = try journal.categories(kind: .eventType).map(\.id)
        let moods = try journal.categories(kind: .mood).map(\.id)
        let given = [
            "Ana", "Ben", "Chen", "Dara", "Eli", "Fatima", "Goran", "Hana", "Ivo", "Jun", "Kemal", "Lena",
            "Mateo", "Nora", "Omar", "Pia", "Quentin", "Rosa", "Sami", "Tove", "Uma", "Vik", "Wen", "Yara",
        ]
        let family = [
            "Lima", "Okafor", "Tanaka", "Müller", "Novak", "Haddad", "Lin", "García", "Sørensen", "Kowalski",
            "Rossi", "Dubois", "Nakamura", "Petrov", "Silva", "Chen", "Larsen", "Moreau", "Yilmaz", "Costa",
        ]
        var personIDs: [Int64] = []
        personIDs.reserveCapacity(peopleCount)
        for i in 0..<peopleCount {
            let g = given[i % given.count], f = family[(i / given.count) % family.count]
            let display = i < given.count * family.count ? "\(g) \(f)" : "\(g) \(f) \(i)"
            let person = try journal.addPerson(
                PersonDraft(
                    displayName: display, name: PersonName(family: f, given: g),
                    relationID: relations[i % relations.count]))
            personIDs.append(person.id)
        }

        let zones = ["Europe/Berlin", "Asia/Taipei", "America/New_York", "Europe/Lisbon"]
        let places = (0..<50).map { PlaceDraft(name: "Place \($0)", latitude: Double($0) * 0.5, longitude: 120 - Double($0)) }
        let titles = ["Coffee", "Lunch", "Long walk", "Call", "Dinner", "Climbing", "Board games", "Concert", "Trip", "Chat"]
        // Evenly over the years up to the end of 2026, with some noise, in time order.
        let end = 1_798_761_600.0  // 2027-01-01T00:00:00Z
        let span = Double(years) * 365.2425 * 86_400
        let step = span / Double(max(count, 1))
        var written = 0
        var drafts: [EventDraft] = []
        drafts.reserveCapacity(min(batch, count))
        while written < count {
            drafts.removeAll(keepingCapacity: true)
            for i in written..<min(written + batch, count) {
                let start = end - span + Double(i) * step + Double(random.next() % 3600)
                var people = [personIDs[Int(random.next() % UInt64(personIDs.count))]]
                let extra = Int(random.next() % 3)
                for _ in 0..<extra {
                    let p = personIDs[Int(random.next() % UInt64(personIDs.count))]
                    if !people.contains(p) { people.append(p) }
                }
                let hasMood = random.next() % 5 != 0
                var draft = EventDraft(
                    title: titles[i % titles.count], start: Date(timeIntervalSince1970: start),
                    timeZone: zones[Int(random.next() % UInt64(zones.count))],
                    end: Date(timeIntervalSince1970: start + Double(30 + random.next() % 180) * 60),
                    typeID: types[Int(random.next() % UInt64(types.count))],
                    moodID: hasMood ? moods[Int(random.next() % UInt64(moods.count))] : nil,
                    place: random.next() % 2 == 0 ? places[Int(random.next() % UInt64(places.count))] : nil,
                    personIDs: people)
                // A trait is about one of the event's people (issue 16): the first.
                if i % 100 == 0 { draft.traits = [TraitDraft(path: "Interests", text: "likes \(titles[(i / 100) % titles.count])", personID: people[0])] }
                drafts.append(draft)
            }
            try journal.logEvents(drafts)
            written += drafts.count
            FileHandle.standardError.write(Data("\r\(written) events".utf8))
        }
        FileHandle.standardError.write(Data("\n".utf8))
        let seconds = watch.seconds
        return "people=\(peopleCount) events=\(count) years=\(years) events_per_second=\(Int(Double(count) / seconds)) "
            + "maxrss_mib=\(maxResidentMiB()) seconds=\(format(seconds))"
    }
}

/// A small deterministic random generator (SplitMix64): the same journal every run.
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
