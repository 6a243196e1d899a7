import ArgumentParser
import Kith

/// A category kind on the command line: `relation`, `eventType` (or `type`,
/// `event-type`), `trait`, `mood`.
struct KindArgument: ExpressibleByArgument {
    var kind: Category.Kind

    init?(argument: String) {
        switch argument.lowercased() {
        case "relation", "relations", "people": kind = .relation
        case "eventtype", "event-type", "type", "types", "event": kind = .eventType
        case "trait", "traits": kind = .trait
        case "mood", "moods": kind = .mood
        default: return nil
        }
    }

    static var allValueStrings: [String] { ["relation", "eventType", "trait", "mood"] }
}
