import Hummingbird
import Kith

/// The Settings page (`/settings`): the theme and the week's first day, stored in the
/// journal's settings (so `kith settings` and the next visit see them), and every category
/// of each kind renamed, recoloured and re-iconed in place: events, people and traits point
/// at categories by id, so the change shows at once on the calendar and on past events.
enum SettingsPage {
    static func add(to router: Router<KithContext>, site: Site) {
        router.get("settings") { _, context in try page(site, context) }
        router.post("settings") { request, context in
            var request = request
            let form = try await urlencoded(&request, context)
            var problems: [String: String] = [:]
            for (setting, field) in [(Setting.theme, "theme"), (Setting.weekStart, "week-start")] {
                guard let value = form[field] else { continue }
                do { try site.journal.setSetting(setting, to: value) } catch let error as JournalError { problems[field] = error.description }
            }
            if problems.isEmpty { return Site.redirect(Link("settings")) }
            return try page(site, context, preferenceProblems: problems, status: .unprocessableContent)
        }
        router.post("settings/category/:id") { request, context in
            let id = Int64(try context.parameters.number("id"))
            var request = request
            let form = try await urlencoded(&request, context)
            let old = try site.journal.category(id: id)
            let entered = Entered(name: form["name"] ?? old.name, icon: form["icon"] ?? old.icon, color: form["color"] ?? old.color)
            var changes = CategoryChanges()
            if entered.name.trimmingSpaces() != old.name { changes.name = entered.name }
            if entered.icon.trimmingSpaces() != old.icon { changes.icon = entered.icon.trimmingSpaces() }
            if entered.color.lowercased() != old.color.lowercased() { changes.color = entered.color.uppercased() }
            var problem: String?
            if entered.icon.trimmingSpaces().count > maximumIconLength {
                problem = "An icon is an emoji or a short symbol (\(maximumIconLength) characters at most)."
            } else if changes.name != nil || changes.icon != nil || changes.color != nil {
                do { try site.journal.editCategory(id: id, changes) } catch let error as JournalError { problem = error.description }
            }
            if let problem {
                return try page(site, context, categoryProblem: (id, entered, problem), status: .unprocessableContent)
            }
            return Response(status: .seeOther, headers: [.location: "/settings#c\(id)"])
        }
    }

    static let maximumIconLength = 8

    /// What was typed into one category's row (kept when it comes back with a problem).
    struct Entered {
        var name: String
        var icon: String
        var color: String
    }

    /// The request's `application/x-www-form-urlencoded` body.
    static func urlencoded(_ request: inout Request, _ context: KithContext) async throws -> FormBody {
        let body = try await request.collectBody(upTo: 64 * 1024)
        return FormBody(body.readableBytesView)
    }

    static let kinds: [(Category.Kind, String, String)] = [
        (.relation, "Relations", "The groups of people: main categories and their subcategories."),
        (.eventType, "Event types", "What kind of meeting an event was."),
        (.mood, "Moods", "How an event felt; the calendar colours each day with its mood."),
        (.trait, "Trait kinds", "What traits learned about people are filed under."),
    ]

    static func page(
        _ site: Site, _ context: KithContext, preferenceProblems: [String: String] = [:],
        categoryProblem: (id: Int64, entered: Entered, message: String)? = nil, status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let prefs = try site.preferences()
        let stored = try site.journal.storedSettings()
        let categories = try site.journal.categories()
        return try site.page("Settings", section: .settings, preferences: prefs, status: status) { w in
            w.element(.h1, text: "Settings")
            w.element(.section, [.cls("card"), Attribute("aria-labelledby", "look")]) { w in
                w.element(.h2, [.id("look")], text: "Look and calendar")
                w.form(action: Link("settings"), token: context.csrf, [.id("preferences"), .cls("preferences")]) { w in
                    choice(
                        &w, field: "theme", legend: "Theme", current: stored[.theme] ?? Setting.theme.defaultValue,
                        options: [("light", "Light"), ("dark", "Dark"), ("auto", "Follow the system")], problem: preferenceProblems["theme"])
                    choice(
                        &w, field: "week-start", legend: "Weeks start on", current: stored[.weekStart] ?? Setting.weekStart.defaultValue,
                        options: [("sunday", "Sunday"), ("monday", "Monday")], problem: preferenceProblems["week-start"])
                    w.element(.div, [.cls("actions")]) { w in w.element(.button, [.type("submit"), .cls("primary")], text: "Save") }
                }
                w.element(.p, [.cls("muted")], text: "Stored in the journal: kith settings shows the same values.")
            }
            for (kind, title, summary) in kinds {
                let ofKind = categories.filter { $0.kind == kind }
                w.element(.section, [.cls("card"), Attribute("aria-labelledby", "kind-" + kind.rawValue)]) { w in
                    w.element(.h2, [.id("kind-" + kind.rawValue)], text: title)
                    w.element(.p, [.cls("muted")], text: summary)
                    w.element(.div, [.cls("category-rows")]) { w in
                        for c in ofKind {
                            let problem = categoryProblem?.id == c.id ? categoryProblem : nil
                            row(&w, c, token: context.csrf, entered: problem?.entered, problem: problem?.message)
                        }
                    }
                }
            }
        }
    }

    private static func choice(
        _ w: inout HTMLWriter, field: String, legend: String, current: String, options: [(String, String)], problem: String?
    ) {
        w.element(.fieldset, [.cls("inline")]) { w in
            w.element(.legend, text: legend)
            for (value, label) in options {
                w.element(.label, [.cls("choice")]) { w in
                    var attributes: [Attribute] = [.type("radio"), .name(field), .value(value)]
                    if value == current { attributes.append(.flag("checked")) }
                    w.void(.input, attributes)
                    w.text(label)
                }
            }
            if let problem { w.element(.p, [.cls("problem")], text: problem) }
        }
    }

    /// One category: its name, icon and colour as a form of its own.
    private static func row(_ w: inout HTMLWriter, _ c: Category, token: CSRFToken, entered: Entered?, problem: String?) {
        let name = entered?.name ?? c.name, icon = entered?.icon ?? c.icon
        let color = Category.isValidColor(entered?.color ?? "") ? entered!.color.lowercased() : c.color.lowercased()
        var attributes: [Attribute] = [
            .id("c\(c.id)"), .cls("category-row" + (c.parentID == nil ? "" : " sub") + (problem == nil ? "" : " invalid")),
            Attribute("data-kind", c.kind.rawValue), Attribute("data-name", c.name),
        ]
        attributes.append(Attribute("aria-label", c.path))
        w.form(action: Link("settings", "category", c.id), token: token, attributes) { w in
            w.element(.span, [.cls("swatch chip " + colorClass(c)), Attribute("aria-hidden", "true")], text: c.icon.isEmpty ? "·" : c.icon)
            if let parent = c.path.split(separator: "/").first, c.parentID != nil {
                w.element(.span, [.cls("parent muted")], text: parent + " /")
            }
            w.void(
                .input,
                [.type("text"), .name("name"), .value(name), Attribute("aria-label", "Name of " + c.path), .flag("required"), Attribute("maxlength", "100")])
            w.void(
                .input,
                [.type("text"), .name("icon"), .value(icon), .cls("icon"), Attribute("aria-label", "Icon of " + c.path), Attribute("maxlength", "16")])
            w.void(.input, [.type("color"), .name("color"), .value(color), Attribute("aria-label", "Colour of " + c.path)])
            w.element(.button, [.type("submit")], text: "Save")
            if let problem { w.element(.p, [.cls("problem"), Attribute("role", "alert")], text: problem) }
        }
    }
}
