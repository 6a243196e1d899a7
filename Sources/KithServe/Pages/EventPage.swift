import Hummingbird
import Kith

/// An event's page (`/event/ID`): every field, its people, traits and photos; and the photo
/// route (`/photo/HASH`), each photo with its own content type.
enum EventPages {
    static func add(to router: Router<KithContext>, site: Site) {
        router.get("event/:id") { _, context in try event(site, id: Int64(context.parameters.number("id"))) }
        router.get("photo/:hash") { _, context in
            guard let hash = context.parameters.get("hash") else { throw HTTPError(.notFound) }
            return try photo(site, hash: hash)
        }
    }

    static func event(_ site: Site, id: Int64) throws -> Response {
        let e = try site.journal.event(id: id)
        let title = e.title.isEmpty ? "(untitled)" : e.title
        return try site.page(title, section: .calendar) { w in
            w.element(.h1, text: title)
            w.element(.p) { w in
                if let type = e.type { w.element(.span, [.cls("chip " + colorClass(type)), .title("Type")], text: type.icon + " " + type.path) }
                if let mood = e.mood { w.element(.span, [.cls("chip " + colorClass(mood)), .title("Mood")], text: mood.icon + " " + mood.name) }
            }
            w.element(.dl, [.cls("fields card")]) { w in
                w.element(.dt, text: "When")
                w.element(.dd) { w in
                    w.element(.a, [.href(CalendarPages.dayLink(e.startDay))], text: Words.day(e.startDay))
                    if e.allDay {
                        w.text(e.endDay != e.startDay ? " to " + Words.day(e.endDay) + ", all day" : ", all day")
                    } else {
                        w.text(" " + Words.clock(e.start, zone: e.timeZone))
                        if let end = e.end {
                            w.text(" – " + (e.endDay != e.startDay ? Words.day(e.endDay) + " " : "") + Words.clock(end, zone: e.timeZone))
                        }
                        w.element(.small, text: " (" + e.timeZone + ")")
                    }
                }
                w.element(.dt, text: "With")
                w.element(.dd) { w in
                    if e.people.isEmpty { w.element(.span, [.cls("muted")], text: "nobody") }
                    for (i, p) in e.people.enumerated() {
                        if i > 0 { w.text(", ") }
                        w.element(.a, [.href(Link("person", p.id))], text: p.displayName)
                    }
                }
                if let place = e.place {
                    w.element(.dt, text: "Where")
                    w.element(.dd, text: place.name + (place.address.map { " — " + $0 } ?? ""))
                }
                if !e.note.isEmpty {
                    w.element(.dt, text: "Note")
                    w.element(.dd, text: e.note)
                }
            }
            if !e.traits.isEmpty {
                w.element(.h2, text: "Learned")
                w.element(.ul, [.cls("traits")]) { w in
                    for t in e.traits {
                        w.element(.li) { w in
                            w.element(.span, [.cls("chip " + colorClass(t.category))], text: t.category.icon + " " + t.category.path)
                            if let p = t.person {
                                w.element(.a, [.href(Link("person", p.id))], text: p.displayName)
                                w.text(": ")
                            }
                            w.text(t.text)
                        }
                    }
                }
            }
            if !e.photos.isEmpty {
                w.element(.h2, text: "Photos")
                w.element(.div, [.cls("photos")]) { w in
                    for (i, photo) in e.photos.enumerated() {
                        w.element(.a, [.href(Link("photo", photo.hash))]) { w in
                            w.void(.img, [.src(Link("photo", photo.hash)), Attribute("alt", "Photo \(i + 1) of " + title), Attribute("loading", "lazy")])
                        }
                    }
                }
            }
            w.element(.p, [.cls("muted")]) { w in
                w.text("Event #\(e.id) · ")
                w.element(.a, [.href(Link("event", e.id, "edit"))], text: "Edit")
                w.text(" · ")
                w.element(.a, [.href(Link("event", e.id, "remove"))], text: "Remove")
            }
        }
    }

    /// The photo's bytes with the media type Kith checked when it was stored (JPEG, PNG, GIF,
    /// WebP, HEIC), never a type guessed from a name; nosniff and the CSP come from the
    /// middleware. Cached for a day: the address is the content's hash.
    static func photo(_ site: Site, hash: String) throws -> Response {
        let (photo, data) = try site.journal.photo(id: hash)
        var buffer = ByteBuffer()
        buffer.writeBytes(data)
        var response = Response(status: .ok, headers: [.contentType: photo.mediaType], body: ResponseBody(byteBuffer: buffer))
        response.headers[.cacheControl] = "private, max-age=86400"
        response.headers[.contentDisposition] = "inline"
        return response
    }
}
