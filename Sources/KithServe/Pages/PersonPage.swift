import Hummingbird
import Kith

extension PeoplePages {
    /// The newest events a person's page shows (someone met 20,000 times would take seconds).
    static let eventLimit = 200

    /// A person's page: profile and photo, upcoming dates, how often you meet, traits by
    /// kind newest first (each linking to its event), and the events with them.
    static func person(_ site: Site, id: Int64) throws -> Response {
        let today = LocalDate.today()
        let page = try site.journal.personPage(id: id, asOf: today, eventLimit: eventLimit)
        let next = try site.journal.nextDue(ofPerson: id, asOf: today)
        let p = page.person
        return try site.page(p.displayName, section: .people) { w in
            w.element(.div, [.cls("profile")]) { w in
                if let hash = p.photoHash { w.void(.img, [.src(Link("photo", hash)), Attribute("alt", "Photo of " + p.displayName)]) }
                w.element(.div) { w in
                    w.element(.h1, text: p.displayName)
                    if let r = p.relation {
                        w.element(.p) { w in
                            w.element(.span, [.cls("chip " + colorClass(r))], text: r.icon + " " + r.path)
                        }
                    }
                    w.element(.p, [.cls("muted")]) { w in
                        w.text(page.lastSeen.map { "Last seen " + Words.shortDay($0) + " (" + Words.ago($0, from: today) + ")" } ?? "Never seen")
                        if let d = next { w.element(.span, [.cls("due")], text: " · " + PeoplePages.dueWords(d)) }
                    }
                }
            }
            fields(&w, p)
            upcoming(&w, p, next: next, today: today)
            meetings(&w, page)
            w.element(.section) { w in
                w.element(.h2, text: "What you know")
                if page.traits.isEmpty { w.element(.p, [.cls("muted")], text: "No traits yet.") }
                for group in page.traits {
                    w.element(.h3) { w in
                        w.element(.span, [.cls("dot " + colorClass(group.category))], text: "")
                        w.text(group.category.icon + " " + group.category.path)
                    }
                    w.element(.ul, [.cls("traits")]) { w in
                        for t in group.traits {
                            w.element(.li) { w in
                                w.text(t.text)
                                if let source = t.source {
                                    w.element(.span, [.cls("muted")], text: " — ")
                                    w.element(
                                        .a, [.href(Link("event", source.id))],
                                        text: (source.title.isEmpty ? "(untitled)" : source.title) + ", " + Words.shortDay(source.day))
                                }
                            }
                        }
                    }
                }
            }
            w.element(.section) { w in
                w.element(.h2, text: "Events · \(page.eventCount)")
                if page.events.isEmpty { w.element(.p, [.cls("muted")], text: "Nothing logged with them yet.") }
                EventList.write(&w, page.events)
                if page.eventCount > page.events.count {
                    w.element(.p, [.cls("muted")], text: "and \(page.eventCount - page.events.count) earlier events")
                }
            }
        }
    }

    private static func fields(_ w: inout HTMLWriter, _ p: Person) {
        var rows: [(String, String)] = []
        if !p.nicknames.isEmpty { rows.append(("Also called", p.nicknames.joined(separator: ", "))) }
        if let b = p.birthday { rows.append(("Birthday", b.description)) }
        if let a = p.anniversary { rows.append(("Anniversary", a.description)) }
        let work = [p.title, p.organization].filter { !$0.isEmpty }.joined(separator: ", ")
        if !work.isEmpty { rows.append(("Work", work)) }
        for e in p.emails { rows.append(("E-mail" + (e.label.isEmpty ? "" : " (\(e.label))"), e.value)) }
        for ph in p.phones { rows.append(("Phone" + (ph.label.isEmpty ? "" : " (\(ph.label))"), ph.value)) }
        for a in p.addresses {
            let text = [a.poBox, a.extended, a.street, a.locality, a.region, a.postalCode, a.country].filter { !$0.isEmpty }.joined(separator: ", ")
            rows.append(("Address" + (a.label.isEmpty ? "" : " (\(a.label))"), text))
        }
        for u in p.urls { rows.append(("Web", u.value)) }
        if !p.note.isEmpty { rows.append(("Note", p.note)) }
        guard !rows.isEmpty else { return }
        w.element(.dl, [.cls("fields card")]) { w in
            for (label, value) in rows {
                w.element(.dt, text: label)
                w.element(.dd, text: value)
            }
        }
    }

    private static func upcoming(_ w: inout HTMLWriter, _ p: Person, next: DuePerson?, today: LocalDate) {
        var items: [(LocalDate, String)] = []
        for (date, what) in [(p.birthday, "Birthday"), (p.anniversary, "Anniversary")] {
            guard let date else { continue }
            guard let on = date.occurrence(in: today.year).flatMap({ $0 >= today ? $0 : nil }) ?? date.occurrence(in: today.year + 1) else { continue }
            var text = what
            if let y = date.year { text += " (\(on.year - y) \(what == "Birthday" ? "years old" : "years"))" }
            items.append((on, text))
        }
        if let next, next.daysOverdue < 0 { items.append((next.dueDate, "Due to see again (" + next.cadence.cadence.phrase + ")")) }
        guard !items.isEmpty else { return }
        w.element(.section) { w in
            w.element(.h2, text: "Coming up")
            w.element(.ul, [.cls("events")]) { w in
                for (date, text) in items.sorted(by: { $0.0 < $1.0 }) {
                    w.element(.li) { w in
                        w.element(.span, [.cls("time")], text: Words.shortDay(date))
                        w.element(.span, text: text + " · " + Words.ago(date, from: today))
                    }
                }
            }
        }
    }

    private static func meetings(_ w: inout HTMLWriter, _ page: PersonPage) {
        w.element(.section) { w in
            w.element(.h2, text: "How often you meet")
            let total = page.meetingsPerMonth.reduce(0) { $0 + $1.count }
            w.element(.p, text: Words.count(total, "event") + " in the last twelve months, about " + String(format: "%.1f", page.averagePerMonth) + " a month")
            let top = max(1, page.meetingsPerMonth.map(\.count).max() ?? 1)
            w.element(.div, [.cls("bars"), Attribute("role", "img"), Attribute("aria-label", "Events per month")]) { w in
                for m in page.meetingsPerMonth {
                    // Heights in steps of 10%: a class, since the CSP allows no inline style.
                    let step = m.count == 0 ? 0 : max(1, Int((Double(m.count) / Double(top) * 10).rounded()))
                    w.element(.div, [.cls("b\(step)"), .title("\(Words.months[m.month - 1]) \(m.year): \(m.count)")], text: "")
                }
            }
            w.element(.div, [.cls("bars-labels")]) { w in
                for m in page.meetingsPerMonth { w.element(.span, text: String(Words.months[m.month - 1].prefix(1))) }
            }
        }
    }
}
