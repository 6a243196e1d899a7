import Foundation
import Testing

@testable import ICalendarFormat

/// Compares two calendars by meaning: the same components, properties, parameters and
/// values, with RRULE parts compared as rules (JSON objects do not keep key order).
func sameMeaning(_ a: ICalComponent, _ b: ICalComponent) -> Bool {
    guard a.name == b.name, a.properties.count == b.properties.count, a.components.count == b.components.count else { return false }
    for (p, q) in zip(a.properties, b.properties) {
        // jCal and xCal carry VALUE as the value's type: a VALUE equal to the default disappears.
        func params(_ x: ICalProperty) -> Set<ICalParameter> {
            Set(x.parameters.filter { !($0.name == "VALUE" && $0.value.lowercased() == ICalValue.defaultType(x.name)) })
        }
        guard p.name == q.name, params(p) == params(q) else { return false }
        if p.name == "RRULE" {
            guard (try? RecurrenceRule(p.value)) == (try? RecurrenceRule(q.value)) else { return false }
        } else if p.value != q.value {
            return false
        }
    }
    return zip(a.components, b.components).allSatisfy(sameMeaning)
}

@Suite struct ICalendarJCalXCalTests {
    private func explain(_ a: ICalendar, _ b: ICalendar) -> String {
        for (x, y) in zip(a.components, b.components) where !sameMeaning(x, y) {
            for (p, q) in zip(x.properties, y.properties) where p != q { return "\(p) vs \(q)" }
            return "\(x.name): \(x.properties.count) vs \(y.properties.count) properties"
        }
        return "component counts \(a.components.count) vs \(b.components.count)"
    }

    @Test(arguments: Fixture.all)
    func jCalRoundTrip(_ name: String) throws {
        let cal = try Fixture.read(name)
        let data = cal.jCalData()
        #expect((try? JSONSerialization.jsonObject(with: data)) != nil, "valid JSON")
        let back = try ICalendar.readJCal(data)
        #expect(back.components.count == cal.components.count)
        #expect(zip(back.components, cal.components).allSatisfy(sameMeaning), "\(explain(cal, back))")
    }

    @Test(arguments: Fixture.all)
    func xCalRoundTrip(_ name: String) throws {
        let cal = try Fixture.read(name)
        let xml = cal.xCalString()
        let back = try ICalendar.readXCal(Data(xml.utf8))
        #expect(back.components.count == cal.components.count)
        #expect(zip(back.components, cal.components).allSatisfy(sameMeaning), "\(explain(cal, back))")
    }

    @Test func jCalHasTheRFC7265Shape() throws {
        let cal = try Fixture.read("google.ics")
        let json = try #require(try JSONSerialization.jsonObject(with: cal.jCalData()) as? [Any])
        #expect(json[0] as? String == "vcalendar")
        let events = try #require(json[2] as? [[Any]]).filter { $0[0] as? String == "vevent" }
        let props = try #require(events.first?[1] as? [[Any]])
        let dtstart = try #require(props.first { $0[0] as? String == "dtstart" })
        #expect(dtstart[1] as? [String: String] == ["tzid": "America/New_York"])
        #expect(dtstart[2] as? String == "date-time" && dtstart[3] as? String == "2026-03-02T09:00:00")
        let rrule = try #require(props.first { $0[0] as? String == "rrule" })
        let recur = try #require(rrule[3] as? [String: Any])
        #expect(recur["freq"] as? String == "WEEKLY" && recur["count"] as? Int == 6 && recur["byday"] as? String == "MO")
        let allDay = try #require(events[2][1] as? [[Any]]).first { $0[0] as? String == "dtstart" }
        #expect(allDay?[2] as? String == "date" && allDay?[3] as? String == "2026-04-04")
    }

    @Test func readsTheRFC6321Example() throws {
        let xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <icalendar xmlns="urn:ietf:params:xml:ns:icalendar-2.0">
             <vcalendar>
              <properties>
               <calscale><text>GREGORIAN</text></calscale>
               <prodid><text>-//Example Inc.//Example Calendar//EN</text></prodid>
               <version><text>2.0</text></version>
              </properties>
              <components>
               <vevent>
                <properties>
                 <dtstamp><date-time>2008-02-05T19:12:24Z</date-time></dtstamp>
                 <dtstart><date>2008-10-06</date></dtstart>
                 <summary><text>Planning meeting</text></summary>
                 <uid><text>4088E990AD89CB3DBB484909</text></uid>
                 <rrule><recur><freq>WEEKLY</freq><byday>MO</byday><byday>WE</byday></recur></rrule>
                 <dtend><parameters><tzid><text>America/New_York</text></tzid></parameters><date-time>2008-10-06T10:00:00</date-time></dtend>
                </properties>
               </vevent>
              </components>
             </vcalendar>
            </icalendar>
            """
        let cal = try ICalendar.readXCal(Data(xml.utf8))
        let e = try #require(cal.events.first)
        #expect(e.summary == "Planning meeting" && e.uid == "4088E990AD89CB3DBB484909")
        #expect(e.dtStart == ICalDateTime("20081006"))
        #expect(e.property("DTSTART")?.parameter("VALUE") == "DATE")
        #expect(e.dtEnd == ICalDateTime("20081006T100000", tzid: "America/New_York"))
        #expect(e.recurrenceRule?.byDay == [.init(.monday), .init(.wednesday)])
        #expect(e.dtStamp?.form == .utc)
    }

    @Test func xCalWithADoctypeIsRefused() {
        let xml = "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><icalendar><vcalendar>&e;</vcalendar></icalendar>"
        #expect(throws: ICalendar.ReadError.self) { try ICalendar.readXCal(Data(xml.utf8)) }
    }

    @Test func malformedJSONIsAClearError() {
        #expect(throws: ICalendar.ReadError.self) { try ICalendar.readJCal(Data("[\"vcard\",[],[]]".utf8)) }
        #expect(throws: ICalendar.ReadError.self) { try ICalendar.readJCal(Data("{".utf8)) }
    }
}
