import ContentLines
import Foundation
import GRDB
import ICalendarFormat

extension Journal {
    /// The VTIMEZONEs kept from imported files for TZIDs that are neither IANA nor Windows
    /// (see ``keepSourceTimeZones(_:_:)``), by TZID: an export writes them back with the
    /// kept lines that use them.
    static func sourceTimeZones(_ db: Database) throws -> [String: ICalComponent] {
        var out: [String: ICalComponent] = [:]
        let reader = ICalendarReader(floatingTimeZone: TimeZone(identifier: "UTC")!)
        for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT tzid, text FROM sourceTimeZone")) {
            let tzid: String = row["tzid"], text: String = row["text"]
            if let c = (try? reader.read(text))?.components.first(where: { $0.name == "VTIMEZONE" }) { out[tzid] = c }
        }
        return out
    }

    /// Stores the VTIMEZONEs of custom TZIDs that kept lines use, replacing an earlier one
    /// of the same TZID, each made valid first (see ``validTimeZone(_:)``).
    static func keepSourceTimeZones(_ db: Database, _ zones: [ICalComponent]) throws {
        let writer = ICalendarWriter()
        for z in zones {
            guard let tzid = z.property("TZID")?.value, !tzid.isEmpty else { continue }
            var bytes: [UInt8] = []
            writer.write(validTimeZone(z), into: &bytes)
            try db.cachedStatement(sql: "INSERT INTO sourceTimeZone (tzid, text) VALUES (?, ?) ON CONFLICT(tzid) DO UPDATE SET text = excluded.text")
                .execute(arguments: [tzid, String(decoding: bytes, as: UTF8.self)])
        }
    }

    /// A VTIMEZONE with only the properties and parameters that make valid content lines.
    static func validTimeZone(_ c: ICalComponent) -> ICalComponent {
        var out = c
        out.properties = c.properties.compactMap { p in
            guard ContentLine.problem(group: nil, name: p.name, value: p.value) == nil else { return nil }
            let params = p.parameters.filter { ContentLine.parameterProblem(name: $0.name, values: $0.values) == nil }
            return params.count == p.parameters.count ? p : ICalProperty(name: p.name, value: p.value, parameters: params, line: p.line)
        }
        out.components = c.components.filter { ContentLine.isValidName($0.name) }.map(validTimeZone)
        return out
    }
}
