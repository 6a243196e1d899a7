import Hummingbird
import Kith

/// The calendar: the month grid (`/`, `/calendar/YYYY/MM`), each day with events in its mood
/// colour and a link to its list (`/day/YYYY-MM-DD`); the year heat map (`/year/YYYY`).
enum CalendarPages {
    static func add(to router: Router<KithContext>, site: Site) {
        router.get("/") { _, _ in
            let today = LocalDate.today()
            return try month(site, year: today.year, month: today.month)
        }
        router.get("calendar/:year/:month") { _, context in
            let year = try context.parameters.number("year"), month = try context.parameters.number("month")
            guard (1...12).contains(month), (1...9999).contains(year) else { throw HTTPError(.notFound) }
            return try self.month(site, year: year, month: month)
        }
        router.get("year/:year") { _, context in
            let year = try context.parameters.number("year")
            guard (1...9999).contains(year) else { throw HTTPError(.notFound) }
            return try self.year(site, year: year)
        }
        router.get("day/:date") { _, context in
            guard let text = context.parameters.get("date"), let day = LocalDate(text) else { throw HTTPError(.notFound) }
            return try self.day(site, day)
        }
    }

    /// Event titles a day of the month grid shows; the day's page lists them all.
    static let entriesPerDay = 3

    static func monthLink(_ year: Int, _ month: Int) -> Link {
        var y = year, m = month
        if m < 1 { m += 12; y -= 1 }
        if m > 12 { m -= 12; y += 1 }
        return Link("calendar", y, m < 10 ? "0\(m)" : "\(m)")
    }

    static func dayLink(_ d: LocalDate) -> Link { Link("day", d.description) }

    static func month(_ site: Site, year: Int, month: Int) throws -> Response {
        let prefs = try site.preferences()
        let view = try site.journal.monthView(year: year, month: month)
        let byDay = Dictionary(view.days.map { ($0.date.day, $0) }, uniquingKeysWith: { a, _ in a })
        let first = LocalDate(year: year, month: month, day: 1)!
        let last = LocalDate(year: year, month: month, day: LocalDate.daysInMonth(year: year, month: month))!
        let entries = Dictionary(grouping: try site.journal.calendarEntries(from: first, to: last), by: \.day.day)
        let today = LocalDate.today()
        let title = "\(Words.months[month - 1]) \(year)"
        return try site.page(title, section: .calendar, preferences: prefs) { w in
            w.element(.div, [.cls("pager")]) { w in
                w.element(.h1, text: title)
                w.element(.a, [.href(monthLink(year - 1, month)), .title("The same month a year before")], text: "« \(year - 1)")
                w.element(.a, [.href(monthLink(year, month - 1)), Attribute("rel", "prev")], text: "‹ Previous")
                w.element(.a, [.href(monthLink(today.year, today.month))], text: "Today")
                w.element(.a, [.href(monthLink(year, month + 1)), Attribute("rel", "next")], text: "Next ›")
                w.element(.a, [.href(monthLink(year + 1, month)), .title("The same month a year after")], text: "\(year + 1) »")
                w.element(.a, [.href(Link("year", year))], text: "Year \(year)")
            }
            w.element(.p, [.cls("muted")], text: Words.count(view.eventCount, "event") + " this month")
            w.element(.div, [.cls("month"), Attribute("role", "grid")]) { w in
                for i in 0..<7 {
                    w.element(.div, [.cls("wd")], text: String(Words.weekdays[(i + prefs.weekStart) % 7].prefix(3)))
                }
                let lead = (first.weekday - 1 - prefs.weekStart + 7) % 7
                for _ in 0..<lead { w.element(.div, [.cls("day out")], text: "") }
                for d in 1...LocalDate.daysInMonth(year: year, month: month) {
                    let date = LocalDate(year: year, month: month, day: d)!
                    let summary = byDay[d]
                    var cls = "day"
                    if let s = summary {
                        cls += " has " + colorClass(s.dominantMood)
                    }
                    if date == today { cls += " today" }
                    var attributes: [Attribute] = [.cls(cls), .href(dayLink(date)), Attribute("data-day", date.description)]
                    if let mood = summary?.dominantMood { attributes.append(.title(mood.name)) }
                    w.element(.a, attributes) { w in
                        w.element(.span, [.cls("n")], text: "\(d)")
                        if let s = summary {
                            w.element(.span, [.cls("count")], text: Words.count(s.eventCount, "event"))
                        }
                        if let list = entries[d], !list.isEmpty {
                            w.element(.ul) { w in
                                for e in list.prefix(entriesPerDay) {
                                    w.element(.li, [.cls(colorClass(e.mood))]) { w in
                                        w.element(.span, [.cls("dot " + colorClass(e.mood))], text: "")
                                        w.text(e.title)
                                    }
                                }
                                if list.count > entriesPerDay { w.element(.li, [.cls("more")], text: "+\(list.count - entriesPerDay) more") }
                            }
                        }
                    }
                }
            }
            w.element(.div, [.id("daypanel")]) { _ in }
        }
    }

    static func year(_ site: Site, year: Int) throws -> Response {
        let prefs = try site.preferences()
        let days = try site.journal.year(year)
        let byDay = Dictionary(days.map { ($0.date.dayNumber, $0) }, uniquingKeysWith: { a, _ in a })
        let counts = days.map(\.eventCount).sorted()
        // Four shades by quartile of the year's busy days.
        func level(_ n: Int) -> Int {
            guard !counts.isEmpty else { return 1 }
            for (i, q) in [0.25, 0.5, 0.75].enumerated() where n <= counts[min(counts.count - 1, Int(Double(counts.count) * q))] {
                return i + 1
            }
            return 4
        }
        let title = "\(year)"
        return try site.page(title, section: .calendar, preferences: prefs) { w in
            w.element(.div, [.cls("pager")]) { w in
                w.element(.h1, text: title)
                w.element(.a, [.href(Link("year", year - 1)), Attribute("rel", "prev")], text: "‹ \(year - 1)")
                w.element(.a, [.href(Link("year", year + 1)), Attribute("rel", "next")], text: "\(year + 1) ›")
            }
            w.element(.p, [.cls("muted")], text: Words.count(days.count, "day") + " with events; the darker, the busier; each in its mood's colour")
            w.element(.div, [.cls("year")]) { w in
                for m in 1...12 {
                    w.element(.div, [.cls("m")]) { w in
                        w.element(.h3) { w in w.element(.a, [.href(monthLink(year, m))], text: Words.months[m - 1]) }
                        w.element(.div, [.cls("heat")]) { w in
                            let first = LocalDate(year: year, month: m, day: 1)!
                            for _ in 0..<((first.weekday - 1 - prefs.weekStart + 7) % 7) { w.element(.span, [.cls("pad")], text: "") }
                            for d in 1...LocalDate.daysInMonth(year: year, month: m) {
                                let date = LocalDate(year: year, month: m, day: d)!
                                if let s = byDay[date.dayNumber] {
                                    let label = Words.day(date) + ": " + Words.count(s.eventCount, "event") + (s.dominantMood.map { ", " + $0.name } ?? "")
                                    w.element(
                                        .a, [.href(dayLink(date)), .cls("h\(level(s.eventCount)) " + colorClass(s.dominantMood)), .title(label)],
                                        text: "\(d)")
                                } else {
                                    w.element(.span, [.title(Words.day(date))], text: "\(d)")
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    static func day(_ site: Site, _ day: LocalDate) throws -> Response {
        let events = try site.journal.events(on: day)
        return try site.page(Words.day(day), section: .calendar) { w in
            w.element(.div, [.cls("pager")]) { w in
                w.element(.h1, text: Words.day(day))
                w.element(.a, [.href(dayLink(day.adding(days: -1))), Attribute("rel", "prev")], text: "‹ Previous day")
                w.element(.a, [.href(dayLink(day.adding(days: 1))), Attribute("rel", "next")], text: "Next day ›")
                w.element(.a, [.href(monthLink(day.year, day.month))], text: Words.months[day.month - 1] + " \(day.year)")
            }
            w.element(.section, [.id("daylist")]) { w in
                w.element(.h2, text: Words.day(day) + " · " + Words.count(events.count, "event"))
                if events.isEmpty {
                    w.element(.p, [.cls("muted")], text: "Nothing logged this day.")
                } else {
                    EventList.write(&w, events, on: day)
                }
            }
        }
    }
}

/// A list of events, each a line linking to its page.
enum EventList {
    static func write(_ w: inout HTMLWriter, _ events: [Event], on day: LocalDate? = nil) {
        w.element(.ul, [.cls("events")]) { w in
            for e in events {
                w.element(.li) { w in
                    let time: String
                    if let day, e.startDay != day, !e.allDay {
                        time = "(cont.)"
                    } else if e.allDay {
                        time = day == nil ? Words.shortDay(e.startDay) : "all day"
                    } else {
                        time = (day == nil ? Words.shortDay(e.startDay) + " " : "") + Words.clock(e.start, zone: e.timeZone)
                    }
                    w.element(.span, [.cls("time")], text: time)
                    if let type = e.type { w.element(.span, [.cls("chip " + colorClass(type)), .title(type.path)], text: type.icon + " " + type.name) }
                    w.text(" ")
                    w.element(.a, [.href(Link("event", e.id))], text: e.title.isEmpty ? "(untitled)" : e.title)
                    if let mood = e.mood {
                        w.text(" ")
                        w.element(.span, [.cls("chip " + colorClass(mood)), .title("Mood")], text: mood.icon + " " + mood.name)
                    }
                    if !e.people.isEmpty {
                        w.element(.span, [.cls("muted")], text: " with ")
                        for (i, p) in e.people.enumerated() {
                            if i > 0 { w.text(", ") }
                            w.element(.a, [.href(Link("person", p.id))], text: p.displayName)
                        }
                    }
                    if let place = e.place { w.element(.span, [.cls("muted")], text: " at " + place.name) }
                }
            }
        }
    }
}
