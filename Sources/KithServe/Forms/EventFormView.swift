import Kith

/// The Log and Edit forms: people, type and mood picked from the user's own categories with
/// their icons and colours; place, photos, traits (each about one person), note and time.
/// Works without JavaScript: a plain `multipart/form-data` POST.
struct EventFormView {
    /// What the form offers, read once per page.
    struct Choices {
        var relationTree: [CategoryNode]
        var people: [PersonSummary]
        var types: [Category]
        var moods: [Category]
        var traitKinds: [Category]

        init(journal: Journal) throws {
            relationTree = try journal.categoryTree(kind: .relation)
            people = try journal.people()
            types = try journal.categories(kind: .eventType)
            moods = try journal.categories(kind: .mood)
            traitKinds = try journal.categories(kind: .trait)
        }

        /// Display names by id.
        var names: [Int64: String] {
            var out: [Int64: String] = [:]
            out.reserveCapacity(people.count)
            for p in people { out[p.id] = p.displayName }
            return out
        }
    }

    /// Up to this many people, every group of the people field starts open.
    static let everyoneShownUpTo = 60

    var action: Link
    var submitLabel: String
    var values: EventFormValues
    var problems: EventFormValues.Problems
    var choices: Choices

    func write(_ w: inout HTMLWriter, token: CSRFToken) {
        if !problems.isEmpty {
            w.element(.div, [.cls("error"), Attribute("role", "alert"), .id("problems")]) { w in
                w.element(.strong, text: "Please check the form: ")
                w.text(problems.count == 1 ? "one field needs a change." : "\(problems.count) fields need a change.")
                if let general = problems[""] { w.element(.p, text: general) }
            }
        }
        w.form(action: action, token: token, multipart: true, [.cls("event-form")]) { w in
            whatAndWhen(&w)
            peopleField(&w)
            categoryChoices(&w, name: "type", legend: "Type", categories: choices.types, chosen: values.typeID)
            categoryChoices(&w, name: "mood", legend: "Mood", categories: choices.moods, chosen: values.moodID)
            placeField(&w)
            photosField(&w)
            traitsField(&w)
            w.element(.fieldset) { w in
                w.element(.legend, text: "Note")
                w.element(.textarea, [.name("note"), .id("f-note"), Attribute("rows", "4")], text: values.note)
            }
            w.element(.div, [.cls("actions")]) { w in
                w.element(.button, [.type("submit"), .cls("primary")], text: submitLabel)
            }
        }
    }

    private func problem(_ w: inout HTMLWriter, _ field: String) {
        if let message = problems[field] { w.element(.p, [.cls("problem"), .id("p-" + field)], text: message) }
    }

    private func invalid(_ field: String) -> [Attribute] {
        problems[field] == nil ? [] : [Attribute("aria-invalid", "true"), Attribute("aria-describedby", "p-" + field)]
    }

    private func whatAndWhen(_ w: inout HTMLWriter) {
        w.element(.fieldset) { w in
            w.element(.legend, text: "What and when")
            w.element(.label, [Attribute("for", "f-title")], text: "Title")
            w.void(
                .input,
                [.type("text"), .name("title"), .id("f-title"), .value(values.title), Attribute("maxlength", "500"), .flag("required")] + invalid("title"))
            problem(&w, "title")
            w.element(.div, [.cls("row")]) { w in
                w.element(.div) { w in
                    w.element(.label, [Attribute("for", "f-date")], text: "Day")
                    w.void(.input, [.type("date"), .name("date"), .id("f-date"), .value(values.date), .flag("required")] + invalid("date"))
                }
                w.element(.div) { w in
                    w.element(.label, [Attribute("for", "f-time")], text: "Time (empty: all day)")
                    w.void(.input, [.type("time"), .name("time"), .id("f-time"), .value(values.time)] + invalid("time"))
                }
                w.element(.div) { w in
                    w.element(.label, [Attribute("for", "f-duration")], text: "Minutes (optional)")
                    w.void(
                        .input,
                        [.type("number"), .name("duration"), .id("f-duration"), .value(values.duration), Attribute("min", "1"), Attribute("step", "1")]
                            + invalid("duration"))
                }
            }
            problem(&w, "date")
            problem(&w, "time")
            problem(&w, "duration")
        }
    }

    /// Everyone, by relation category (main, then sub), each group folded unless someone in
    /// it is chosen.
    private func peopleField(_ w: inout HTMLWriter) {
        let chosen = Set(values.personIDs)
        var byCategory: [Int64: [PersonSummary]] = [:]
        var unfiled: [PersonSummary] = []
        for p in choices.people {
            if let id = p.relation?.id { byCategory[id, default: []].append(p) } else { unfiled.append(p) }
        }
        w.element(.fieldset, [.cls("people")] + invalid("person")) { w in
            w.element(.legend, text: "Who was there")
            problem(&w, "person")
            if choices.people.isEmpty {
                w.element(.p, [.cls("muted")], text: "No one in the journal yet: add people with kith person add.")
            }
            func group(_ category: Category?, _ people: [PersonSummary], nested: [(Category, [PersonSummary])]) {
                let count = people.count + nested.reduce(0) { $0 + $1.1.count }
                guard count > 0 else { return }
                // Folded unless someone in it is chosen, or the journal is small enough to show everyone.
                let open =
                    choices.people.count <= Self.everyoneShownUpTo || people.contains { chosen.contains($0.id) }
                    || nested.contains { $0.1.contains { chosen.contains($0.id) } }
                w.element(.details, open ? [.flag("open")] : []) { w in
                    w.element(.summary) { w in
                        w.element(.span, [.cls("chip " + colorClass(category))], text: category.map { $0.icon + " " + $0.name } ?? "No category")
                        w.element(.small, text: " \(count)")
                    }
                    checkboxes(&w, people, chosen: chosen)
                    for (sub, subPeople) in nested where !subPeople.isEmpty {
                        w.element(.div, [.cls("sub")]) { w in
                            w.element(.span, [.cls("chip " + colorClass(sub))], text: sub.icon + " " + sub.name)
                            checkboxes(&w, subPeople, chosen: chosen)
                        }
                    }
                }
            }
            for node in choices.relationTree {
                group(node.category, byCategory[node.category.id] ?? [], nested: node.children.map { ($0, byCategory[$0.id] ?? []) })
            }
            group(nil, unfiled, nested: [])
        }
    }

    private func checkboxes(_ w: inout HTMLWriter, _ people: [PersonSummary], chosen: Set<Int64>) {
        w.element(.div, [.cls("choices")]) { w in
            for p in people {
                w.element(.label, [.cls("choice")]) { w in
                    var attributes: [Attribute] = [.type("checkbox"), .name("person"), .value(String(p.id)), Attribute("data-name", p.displayName)]
                    if chosen.contains(p.id) { attributes.append(.flag("checked")) }
                    w.void(.input, attributes)
                    w.text(p.displayName)
                }
            }
        }
    }

    /// Radio buttons for a kind of category, each with its icon in its colour, and "none".
    private func categoryChoices(_ w: inout HTMLWriter, name: String, legend: String, categories: [Category], chosen: Int64?) {
        w.element(.fieldset, [.cls("categories")]) { w in
            w.element(.legend, text: legend)
            w.element(.div, [.cls("choices")]) { w in
                w.element(.label, [.cls("choice chip k-none")]) { w in
                    var attributes: [Attribute] = [.type("radio"), .name(name), .value(""), Attribute("data-name", "")]
                    if chosen == nil { attributes.append(.flag("checked")) }
                    w.void(.input, attributes)
                    w.text("none")
                }
                for c in categories {
                    w.element(.label, [.cls("choice chip " + colorClass(c)), .title(c.path)]) { w in
                        var attributes: [Attribute] = [.type("radio"), .name(name), .value(String(c.id)), Attribute("data-name", c.name)]
                        if chosen == c.id { attributes.append(.flag("checked")) }
                        w.void(.input, attributes)
                        w.text(c.icon.isEmpty ? c.path : c.icon + " " + c.path)
                    }
                }
            }
            problem(&w, name)
        }
    }

    private func placeField(_ w: inout HTMLWriter) {
        w.element(.fieldset) { w in
            w.element(.legend, text: "Where")
            w.element(.div, [.cls("row")]) { w in
                w.element(.div, [.cls("wide")]) { w in
                    w.element(.label, [Attribute("for", "f-place")], text: "Place")
                    w.void(.input, [.type("text"), .name("place"), .id("f-place"), .value(values.place), Attribute("maxlength", "300")])
                }
                w.element(.div) { w in
                    w.element(.label, [Attribute("for", "f-geo")], text: "Latitude,longitude (optional)")
                    w.void(
                        .input, [.type("text"), .name("geo"), .id("f-geo"), .value(values.geo), Attribute("placeholder", "38.7223,-9.1393")] + invalid("geo"))
                }
            }
            problem(&w, "geo")
        }
    }

    private func photosField(_ w: inout HTMLWriter) {
        w.element(.fieldset) { w in
            w.element(.legend, text: "Photos")
            if !values.photoHashes.isEmpty {
                w.element(.div, [.cls("photos kept")]) { w in
                    for (i, hash) in values.photoHashes.enumerated() {
                        w.element(.label, [.cls("kept-photo")]) { w in
                            w.void(.img, [.src(Link("photo", hash)), Attribute("alt", "Photo \(i + 1)"), Attribute("loading", "lazy")])
                            w.element(.span) { w in
                                w.void(.input, [.type("checkbox"), .name("photo-hash"), .value(hash), .flag("checked")])
                                w.text(" keep")
                            }
                        }
                    }
                }
            }
            w.element(.label, [Attribute("for", "f-photo")], text: "Add photos (JPEG, PNG, GIF, WebP or HEIC; 20 MB each at most)")
            w.void(.input, [.type("file"), .name("photo"), .id("f-photo"), Attribute("accept", "image/*"), .flag("multiple")] + invalid("photo"))
            problem(&w, "photo")
        }
    }

    private func traitsField(_ w: inout HTMLWriter) {
        w.element(.fieldset, [.cls("traits-form")]) { w in
            w.element(.legend, text: "Traits learned")
            w.element(.p, [.cls("muted")], text: "Each about one of the people above (the name may be left empty when there is one).")
            let rows =
                values.traits.filter { !$0.text.isEmpty || $0.id != nil } + Array(repeating: EventFormValues.TraitRow(), count: EventFormValues.blankTraitRows)
            w.element(.table) { w in
                w.element(.thead) { w in
                    w.element(.tr) { w in
                        w.element(.th, text: "About")
                        w.element(.th, text: "Kind")
                        w.element(.th, text: "What you learned (empty: none)")
                    }
                }
                w.element(.tbody) { w in
                    for (i, row) in rows.enumerated() {
                        // Row numbers follow the posted rows, so a problem lands on its row.
                        let key = "trait-\(i)"
                        w.element(.tr, problems[key] == nil ? [] : [.cls("invalid")]) { w in
                            w.element(.td) { w in
                                w.void(.input, [.type("hidden"), .name("trait-id"), .value(row.id.map(String.init) ?? "")])
                                w.void(
                                    .input,
                                    [
                                        .type("text"), .name("trait-about"), .value(row.about), Attribute("aria-label", "About whom"),
                                        Attribute("placeholder", "name"),
                                    ])
                            }
                            w.element(.td) { w in
                                w.element(.select, [.name("trait-kind"), Attribute("aria-label", "Kind")]) { w in
                                    for c in choices.traitKinds {
                                        var attributes: [Attribute] = [.value(c.path)]
                                        if c.path == row.kind { attributes.append(.flag("selected")) }
                                        w.element(.option, attributes, text: (c.parentID == nil ? "" : "  ") + c.icon + " " + c.path)
                                    }
                                    if !row.kind.isEmpty && !choices.traitKinds.contains(where: { $0.path == row.kind }) {
                                        w.element(.option, [.value(row.kind), .flag("selected")], text: row.kind)
                                    }
                                }
                            }
                            w.element(.td) { w in
                                w.void(.input, [.type("text"), .name("trait-text"), .value(row.text), Attribute("aria-label", "Trait")])
                                if let message = problems[key] { w.element(.p, [.cls("problem")], text: message) }
                            }
                        }
                    }
                }
            }
        }
    }
}
