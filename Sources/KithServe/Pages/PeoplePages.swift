import Hummingbird
import Kith

/// People: the three-level tree (`/people`: main category, sub category, person) with last
/// seen and who is due, and a person's page (`/person/ID`).
enum PeoplePages {
    static func add(to router: Router<KithContext>, site: Site) {
        router.get("people") { request, _ in try people(site, request: request) }
        router.get("person/:id") { _, context in try person(site, id: Int64(context.parameters.number("id"))) }
    }

    /// Up to this many people, `/people` shows the whole tree at once; beyond, the tree with
    /// counts, each category opening on its own page (`/people?in=ID`).
    static let wholeTreeLimit = 1000
    /// People a category's page lists at a time (`&page=N`).
    static let pageSize = 500

    static func people(_ site: Site, request: Request) throws -> Response {
        let query = FormBody(query: request.uri.query ?? "")
        let today = LocalDate.today()
        let tree = try site.journal.categoryTree(kind: .relation)
        let counts = try site.journal.peopleCounts()
        let total = counts.values.reduce(0, +)
        if let text = query["in"] {
            guard text == "none" || Int64(text) != nil else { throw HTTPError(.notFound) }
            let id = Int64(text)
            let page = max(1, Int(query["page"] ?? "1") ?? 1)
            return try category(site, id: id, page: page, today: today)
        }
        let whole = total <= wholeTreeLimit
        let everyone = whole ? try site.journal.people() : []
        let due = try site.journal.due(asOf: today)
        let dueByPerson = Dictionary(due.map { ($0.person.id, $0) }, uniquingKeysWith: { a, _ in a })
        var byCategory: [Int64: [PersonSummary]] = [:]
        var uncategorized: [PersonSummary] = []
        for p in everyone {
            if let r = p.relation { byCategory[r.id, default: []].append(p) } else { uncategorized.append(p) }
        }
        // The people of one category, or a link to its page when they are not all listed here.
        func members(_ w: inout HTMLWriter, _ id: Int64?, count: Int) {
            guard count > 0 else { return }
            if whole {
                personRows(&w, id.map { byCategory[$0] ?? [] } ?? uncategorized, due: dueByPerson, today: today)
            } else {
                w.element(.ul) { w in
                    w.element(.li) { w in
                        w.element(.a, [.href(Link("people").query([("in", id.map { "\($0)" } ?? "none")]))], text: "Show the \(count)")
                    }
                }
            }
        }
        return try site.page("People", section: .people) { w in
            w.element(.h1, text: "People")
            w.element(.p, [.cls("muted")], text: "\(total) \(total == 1 ? "person" : "people"), \(due.count) due today")
            if !due.isEmpty { dueCard(&w, due) }
            w.element(.ul, [.cls("tree")]) { w in
                for node in tree {
                    let direct = counts[node.category.id] ?? 0
                    let subtotal = direct + node.children.reduce(0) { $0 + (counts[$1.id] ?? 0) }
                    w.element(.li) { w in
                        w.element(.details, [.flag("open")]) { w in
                            summary(&w, node.category, count: subtotal)
                            w.element(.ul) { w in
                                for child in node.children {
                                    let n = counts[child.id] ?? 0
                                    w.element(.li) { w in
                                        w.element(.details, n <= 50 ? [.flag("open")] : []) { w in
                                            summary(&w, child, count: n)
                                            members(&w, child.id, count: n)
                                        }
                                    }
                                }
                                if direct > 0 { w.element(.li) { w in members(&w, node.category.id, count: direct) } }
                            }
                        }
                    }
                }
                let none = counts[nil] ?? 0
                if none > 0 {
                    w.element(.li) { w in
                        w.element(.details, [.flag("open")]) { w in
                            w.element(.summary) { w in
                                w.text("No category ")
                                w.element(.small, text: "(\(none))")
                            }
                            w.element(.ul) { w in w.element(.li) { w in members(&w, nil, count: none) } }
                        }
                    }
                }
            }
        }
    }

    /// One category's people (with its subcategories'), a page at a time; nil for the
    /// people with no category (`?in=none`).
    static func category(_ site: Site, id: Int64?, page: Int, today: LocalDate) throws -> Response {
        let category = try id.map { try site.journal.category(id: $0) }
        if let category, category.kind != .relation { throw HTTPError(.notFound) }
        let everyone = try id == nil ? site.journal.people(asOf: today).filter { $0.relation == nil } : site.journal.people(in: id, asOf: today)
        let due = try id == nil ? site.journal.due(asOf: today).filter { $0.relation == nil } : site.journal.due(asOf: today, in: id)
        let dueByPerson = Dictionary(due.map { ($0.person.id, $0) }, uniquingKeysWith: { a, _ in a })
        let pages = max(1, (everyone.count + pageSize - 1) / pageSize)
        let shown = everyone.dropFirst((min(page, pages) - 1) * pageSize).prefix(pageSize)
        return try site.page(category?.path ?? "No category", section: .people) { w in
            w.element(.div, [.cls("pager")]) { w in
                w.element(.h1) { w in
                    if let category {
                        w.element(.span, [.cls("dot " + colorClass(category))], text: "")
                        w.text(category.icon + " " + category.path)
                    } else {
                        w.text("No category")
                    }
                }
                w.element(.a, [.href(Link("people"))], text: "All people")
            }
            w.element(.p, [.cls("muted")], text: "\(everyone.count) \(everyone.count == 1 ? "person" : "people"), \(due.count) due today")
            if !due.isEmpty { dueCard(&w, due) }
            w.element(.ul, [.cls("tree")]) { w in
                w.element(.li) { w in personRows(&w, Array(shown), due: dueByPerson, today: today, showCategory: true) }
            }
            if pages > 1 {
                w.element(.p, [.cls("pager")]) { w in
                    for n in 1...pages {
                        if n == page {
                            w.element(.strong, text: "\(n)")
                        } else {
                            w.element(.a, [.href(Link("people").query([("in", id.map { "\($0)" } ?? "none"), ("page", "\(n)")]))], text: "\(n)")
                        }
                    }
                }
            }
        }
    }

    static func summary(_ w: inout HTMLWriter, _ c: Category, count: Int) {
        w.element(.summary) { w in
            w.element(.span, [.cls("dot " + colorClass(c))], text: "")
            w.text(c.icon + " " + c.name + " ")
            w.element(.small, text: "(\(count))")
            w.text(" ")
            w.element(.a, [.href(Link("people").query([("in", "\(c.id)")])), .title("Only " + c.path)], text: "›")
        }
    }

    static func dueCard(_ w: inout HTMLWriter, _ due: [DuePerson]) {
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
            if due.count > 25 { w.element(.p, [.cls("muted")], text: "and \(due.count - 25) more") }
        }
    }

    static func personRows(_ w: inout HTMLWriter, _ people: [PersonSummary], due: [Int64: DuePerson], today: LocalDate, showCategory: Bool = false) {
        w.element(.ul) { w in
            for p in people {
                w.element(.li, [.cls("person")]) { w in
                    w.element(.a, [.href(Link("person", p.id))], text: p.displayName)
                    if showCategory, let r = p.relation { w.element(.span, [.cls("chip " + colorClass(r))], text: r.path) }
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
