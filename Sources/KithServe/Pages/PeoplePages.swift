import Hummingbird
import Kith

/// People: the three-level tree (`/people`: main category, sub category, person) with last
/// seen and who is due, and a person's page (`/person/ID`).
enum PeoplePages {
    static func add(to router: Router<KithContext>, site: Site) {
        router.get("people") { _, _ in try people(site) }
        router.get("person/:id") { _, context in try person(site, id: Int64(context.parameters.number("id"))) }
    }

    static func people(_ site: Site) throws -> Response {
        let today = LocalDate.today()
        let tree = try site.journal.categoryTree(kind: .relation)
        let everyone = try site.journal.people()
        let due = try site.journal.due(asOf: today)
        let dueByPerson = Dictionary(due.map { ($0.person.id, $0) }, uniquingKeysWith: { a, _ in a })
        var byCategory: [Int64: [PersonSummary]] = [:]
        var uncategorized: [PersonSummary] = []
        for p in everyone {
            if let r = p.relation { byCategory[r.id, default: []].append(p) } else { uncategorized.append(p) }
        }
        return try site.page("People", section: .people) { w in
            w.element(.h1, text: "People")
            w.element(.p, [.cls("muted")], text: "\(everyone.count) \(everyone.count == 1 ? "person" : "people"), \(due.count) due today")
            if !due.isEmpty {
                w.element(.section, [.cls("card")]) { w in
                    w.element(.h2, text: "Due to see again")
                    w.element(.ul, [.cls("events")]) { w in
                        for d in due.prefix(25) {
                            w.element(.li) { w in
                                w.element(.a, [.href(Link("person", d.person.id))], text: d.person.displayName)
                                w.element(.span, [.cls("due")], text: " " + dueWords(d))
                                w.element(
                                    .span, [.cls("muted")],
                                    text: " · " + d.cadence.cadence.phrase + (d.lastSeen.map { ", last seen " + Words.shortDay($0) } ?? ", never seen"))
                            }
                        }
                    }
                    if due.count > 25 { w.element(.p, [.cls("muted")], text: "and \(due.count - 25) more, marked below") }
                }
            }
            w.element(.ul, [.cls("tree")]) { w in
                for node in tree {
                    let direct = byCategory[node.category.id] ?? []
                    let total = direct.count + node.children.reduce(0) { $0 + (byCategory[$1.id]?.count ?? 0) }
                    w.element(.li) { w in
                        w.element(.details, [.flag("open")]) { w in
                            w.element(.summary) { w in
                                w.element(.span, [.cls("dot " + colorClass(node.category))], text: "")
                                w.text(node.category.icon + " " + node.category.name + " ")
                                w.element(.small, text: "(\(total))")
                            }
                            w.element(.ul) { w in
                                for child in node.children {
                                    let members = byCategory[child.id] ?? []
                                    w.element(.li) { w in
                                        w.element(.details, members.count <= 50 ? [.flag("open")] : []) { w in
                                            w.element(.summary) { w in
                                                w.element(.span, [.cls("dot " + colorClass(child))], text: "")
                                                w.text(child.icon + " " + child.name + " ")
                                                w.element(.small, text: "(\(members.count))")
                                            }
                                            personRows(&w, members, due: dueByPerson, today: today)
                                        }
                                    }
                                }
                                if !direct.isEmpty { w.element(.li) { w in personRows(&w, direct, due: dueByPerson, today: today) } }
                            }
                        }
                    }
                }
                if !uncategorized.isEmpty {
                    w.element(.li) { w in
                        w.element(.details, [.flag("open")]) { w in
                            w.element(.summary) { w in
                                w.text("No category ")
                                w.element(.small, text: "(\(uncategorized.count))")
                            }
                            w.element(.ul) { w in w.element(.li) { w in personRows(&w, uncategorized, due: dueByPerson, today: today) } }
                        }
                    }
                }
            }
        }
    }

    static func personRows(_ w: inout HTMLWriter, _ people: [PersonSummary], due: [Int64: DuePerson], today: LocalDate) {
        w.element(.ul) { w in
            for p in people {
                w.element(.li, [.cls("person")]) { w in
                    w.element(.a, [.href(Link("person", p.id))], text: p.displayName)
                    w.element(.span, [.cls("seen")], text: p.lastSeen.map { "seen " + Words.ago($0, from: today) } ?? "never seen")
                    if let d = due[p.id] { w.element(.span, [.cls("due")], text: dueWords(d)) }
                }
            }
        }
    }

    static func dueWords(_ d: DuePerson) -> String {
        switch d.daysOverdue {
        case 0: return "due today"
        case 1...: return "due, " + Words.count(d.daysOverdue, "day") + " late"
        default: return "due in " + Words.count(-d.daysOverdue, "day")
        }
    }
}
