import Foundation
import Hummingbird
import Kith

/// Adding, editing and removing events: `/log` (the Log form), `/event/ID/edit` and
/// `/event/ID/remove`. Each POST answers 303 to the event's page (or its day's, after a
/// removal); a form with something to fix comes back (422) with the problems marked and
/// everything entered kept, photos included.
enum EventForms {
    static func add(to router: Router<KithContext>, site: Site) {
        router.get("log") { request, context in
            let query = request.uri.queryParameters
            let today = LocalDate.today(in: try zone(site))
            let day = query.get("date").flatMap { LocalDate($0) } ?? today
            let person = query.get("person").flatMap { Int64($0) }
            return try logPage(site, context, values: .new(day: day, personID: person), problems: [:])
        }
        router.post("log") { request, context in
            var request = request
            let (form, values) = try await read(&request, context)
            return try logPost(site, context, form: form, values: values)
        }
        router.get("event/:id/edit") { _, context in
            let e = try site.journal.event(id: Int64(context.parameters.number("id")))
            return try editPage(site, context, event: e, values: EventFormValues(event: e), problems: [:])
        }
        router.post("event/:id/edit") { request, context in
            let id = Int64(try context.parameters.number("id"))
            var request = request
            let (form, values) = try await read(&request, context)
            return try editPost(site, context, id: id, form: form, values: values)
        }
        router.get("event/:id/remove") { _, context in
            try removePage(site, context, event: site.journal.event(id: Int64(context.parameters.number("id"))))
        }
        router.post("event/:id/remove") { _, context in
            let e = try site.journal.event(id: Int64(context.parameters.number("id")))
            try site.journal.removeEvent(id: e.id)
            return Site.redirect(CalendarPages.dayLink(e.startDay))
        }
    }

    /// The zone of new events: the journal's `time-zone` setting, else this machine's.
    static func zone(_ site: Site) throws -> TimeZone {
        let stored = try site.journal.setting(.timeZone)
        if stored != "system", let zone = TimeZone(identifier: stored) { return zone }
        return TimeZone.current
    }

    /// The posted multipart form and its fields.
    /// - Throws: 413 for a body, part or file over the limits; 400 for a body that is not a
    ///   `multipart/form-data` form.
    static func read(_ request: inout Request, _ context: KithContext) async throws -> (MultipartForm, EventFormValues) {
        let form = try await multipart(&request, context)
        return (form, EventFormValues(form: form))
    }

    /// The request's `multipart/form-data` body, read within ``MultipartForm/Limits/standard``.
    static func multipart(_ request: inout Request, _ context: KithContext) async throws -> MultipartForm {
        guard let boundary = MultipartForm.boundary(contentType: request.headers[.contentType] ?? "") else {
            throw HTTPError(.badRequest, message: "This form must be sent as multipart/form-data.")
        }
        let body = try await request.collectBody(upTo: context.maxUploadSize)
        do {
            return try MultipartForm(body: Array(body.readableBytesView), boundary: boundary)
        } catch .tooLarge(let what) {
            throw HTTPError(.contentTooLarge, message: "\(what.prefix(1).uppercased() + what.dropFirst()) is too large: photos are 20 MB each at most.")
        } catch {
            throw HTTPError(.badRequest, message: error.description)
        }
    }

    /// Stores the uploaded photos; their hashes join the form's (so a form sent back keeps
    /// them). A file that is not an image is a problem of the `photo` field.
    static func storePhotos(_ site: Site, _ form: MultipartForm, into values: inout EventFormValues, problems: inout EventFormValues.Problems) {
        var messages: [String] = []
        for file in form.files("photo") {
            let name = (file.filename ?? "").isEmpty ? "photo" : file.filename!
            do {
                let photo = try site.journal.storePhoto(Data(file.body), name: name)
                if !values.photoHashes.contains(photo.hash) { values.photoHashes.append(photo.hash) }
            } catch let error as JournalError {
                messages.append(error.description)
            } catch {
                messages.append("\(name) could not be stored.")
            }
        }
        if !messages.isEmpty { problems["photo"] = messages.joined(separator: " ") }
    }

    static func logPost(_ site: Site, _ context: KithContext, form: MultipartForm, values: EventFormValues) throws -> Response {
        var values = values
        let zone = try zone(site)
        let choices = try EventFormView.Choices(journal: site.journal)
        var draft = EventDraft(title: "", start: Date(), timeZone: zone.identifier)
        var problems = values.apply(to: &draft, zone: zone, people: choices.names)
        storePhotos(site, form, into: &values, problems: &problems)
        draft.photoHashes = values.photoHashes
        if problems.isEmpty {
            do {
                let event = try site.journal.logEvent(draft)
                return Site.redirect(Link("event", event.id))
            } catch let error as JournalError {
                problems[""] = error.description
            }
        }
        return try logPage(site, context, values: values, problems: problems, choices: choices)
    }

    static func logPage(
        _ site: Site, _ context: KithContext, values: EventFormValues, problems: EventFormValues.Problems, choices: EventFormView.Choices? = nil
    ) throws -> Response {
        let view = EventFormView(
            action: Link("log"), submitLabel: "Log the event", values: values, problems: problems,
            choices: try choices ?? EventFormView.Choices(journal: site.journal))
        return try site.page("Log an event", section: .log, status: problems.isEmpty ? .ok : .unprocessableContent) { w in
            w.element(.h1, text: "Log an event")
            view.write(&w, token: context.csrf)
        }
    }

    /// Problems found while `editEvent` ran its change: nothing is written.
    struct FormProblems: Error {
        var problems: EventFormValues.Problems
    }

    static func editPost(_ site: Site, _ context: KithContext, id: Int64, form: MultipartForm, values: EventFormValues) throws -> Response {
        var values = values
        let event = try site.journal.event(id: id)
        let zone = TimeZone(identifier: event.timeZone) ?? .gmt
        let choices = try EventFormView.Choices(journal: site.journal)
        var problems: EventFormValues.Problems = [:]
        storePhotos(site, form, into: &values, problems: &problems)
        let photoProblems = problems
        do {
            try site.journal.editEvent(id: id) { draft in
                var found = values.apply(to: &draft, zone: zone, people: choices.names)
                found.merge(photoProblems) { a, _ in a }
                guard found.isEmpty else { throw FormProblems(problems: found) }
                draft.photoHashes = values.photoHashes
            }
            return Site.redirect(Link("event", id))
        } catch let error as FormProblems {
            problems = error.problems
        } catch let error as JournalError {
            if case .eventNotFound = error { throw error }
            problems[""] = error.description
        }
        return try editPage(site, context, event: event, values: values, problems: problems, choices: choices)
    }

    static func editPage(
        _ site: Site, _ context: KithContext, event: Event, values: EventFormValues, problems: EventFormValues.Problems,
        choices: EventFormView.Choices? = nil
    ) throws -> Response {
        let title = event.title.isEmpty ? "(untitled)" : event.title
        let view = EventFormView(
            action: Link("event", event.id, "edit"), submitLabel: "Save the changes", values: values, problems: problems,
            choices: try choices ?? EventFormView.Choices(journal: site.journal))
        return try site.page("Edit " + title, section: .calendar, status: problems.isEmpty ? .ok : .unprocessableContent) { w in
            w.element(.h1, text: "Edit “" + title + "”")
            w.element(.p, [.cls("muted")]) { w in
                w.text("Times are in \(event.timeZone). ")
                w.element(.a, [.href(Link("event", event.id))], text: "Back to the event")
                w.text(" · ")
                w.element(.a, [.href(Link("event", event.id, "remove"))], text: "Remove it")
            }
            view.write(&w, token: context.csrf)
        }
    }

    static func removePage(_ site: Site, _ context: KithContext, event e: Event) throws -> Response {
        let title = e.title.isEmpty ? "(untitled)" : e.title
        return try site.page("Remove " + title, section: .calendar) { w in
            w.element(.h1, text: "Remove “" + title + "”?")
            w.element(.p) { w in
                w.text("On " + Words.day(e.startDay))
                if !e.people.isEmpty { w.text(", with " + e.people.map(\.displayName).joined(separator: ", ")) }
                w.text(".")
            }
            w.element(.p, [.cls("muted")]) { w in
                w.text(
                    e.traits.isEmpty
                        ? "Photos no other event uses go with it. "
                        : "The \(Words.count(e.traits.count, "trait")) learned in it and photos no other event uses go with it. ")
                w.text("kith undo brings it back.")
            }
            w.form(action: Link("event", e.id, "remove"), token: context.csrf, [.cls("actions")]) { w in
                w.element(.button, [.type("submit"), .cls("danger")], text: "Remove the event")
                w.text(" ")
                w.element(.a, [.href(Link("event", e.id))], text: "Keep it")
            }
        }
    }
}
