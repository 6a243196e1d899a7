import Foundation
import HTTPTypes
import Hummingbird
import Kith
import NIOCore
import Testing

@testable import KithServe

extension Browser {
    /// A `multipart/form-data` POST, written as Chromium writes one; `files` are (field,
    /// file name, media type, bytes).
    func postMultipart(_ path: String, _ fields: [(String, String)], files: [(String, String, String, [UInt8])] = []) async throws -> Page {
        let boundary = "----KithTestBoundary7MA4YWxkTrZu0gW"
        var body: [UInt8] = []
        for (name, value) in fields {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        for (name, file, type, bytes) in files {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(file)\"\r\nContent-Type: \(type)\r\n\r\n".utf8)
            body += bytes + Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        var headers = HTTPFields()
        headers[.contentType] = "multipart/form-data; boundary=\(boundary)"
        return try await request(path, method: .post, headers: headers, body: ByteBuffer(bytes: body))
    }

    /// GETs `path` and returns the page's CSRF token.
    func token(from path: String = "/log") async throws -> String {
        let page = try await get(path)
        return try #require(Browser.formToken(page.text), "no form on \(path)")
    }
}

@Suite("the Log, Edit, Remove and Settings forms")
struct FormRouteTests {
    /// The Log form's fields for an event with Ana, the journal's type and mood, a place, a
    /// trait about Ana and a note.
    static func logFields(_ served: ServedJournal, token: String, title: String = "Climbing at the gym") throws -> [(String, String)] {
        [
            ("csrf", token), ("title", title), ("date", "2026-11-14"), ("time", "17:45"), ("duration", "90"),
            ("person", String(served.ana.id)), ("type", String(served.type.id)), ("mood", String(served.mood.id)),
            ("place", "Gym Lisboa"), ("geo", "38.7223, -9.1393"),
            ("trait-id", ""), ("trait-about", "ana"), ("trait-kind", "Interests"), ("trait-text", "climbs 6a routes"),
            ("trait-id", ""), ("trait-about", ""), ("trait-kind", "Interests"), ("trait-text", ""),
            ("note", "She wants to try\r\nthe outdoor wall."),
        ]
    }

    @Test("the Log form offers people, types and moods from the journal's categories, with icons and colours")
    func logFormOffersCategories() async throws {
        let served = try ServedJournal()
        defer { served.remove() }
        try await served.serve { browser in
            let page = try await browser.get("/log")
            #expect(page.status == .ok)
            let html = page.text
            #expect(html.contains("enctype=\"multipart/form-data\""))
            #expect(Browser.formToken(html) != nil)
            for kind in [Category.Kind.eventType, .mood] {
                for c in try served.journal.categories(kind: kind) {
                    // Each a radio button on a chip coloured by its category, with its icon.
                    #expect(html.contains("class=\"choice chip k\(c.id)\""), "\(c.path)")
                    #expect(html.contains("value=\"\(c.id)\" data-name=\"\(HTMLWriter.escaped(c.name))\""), "\(c.path)")
                    #expect(html.contains(HTMLWriter.escaped(c.icon)), "\(c.path)")
                }
            }
            #expect(html.contains("name=\"person\" value=\"\(served.ana.id)\" data-name=\"Ana Lima\""))
            // People under their relation category (Kin/Cousins), with its icon.
            #expect(html.contains("🌿 Cousins"))
            // The hostile name is text in an attribute and in the label, never markup.
            #expect(!html.contains(ServedJournal.hostileName))
            #expect(html.contains(HTMLWriter.escaped(ServedJournal.hostileName)))
            // ?person= and ?date= fill the form in.
            let preset = try await browser.get("/log?person=\(served.ana.id)&date=2026-01-02").text
            #expect(preset.contains("value=\"\(served.ana.id)\" data-name=\"Ana Lima\" checked"))
            #expect(preset.contains("value=\"2026-01-02\""))
        }
    }

    @Test("posting the Log form logs the event with its photo and trait, then 303 to its page")
    func logCreatesAnEvent() async throws {
        let served = try ServedJournal()
        defer { served.remove() }
        let photo = try #require(MultipartFormTests.png.isEmpty ? nil : MultipartFormTests.png)
        let id: Int64 = try await served.serve { browser in
            let token = try await browser.token()
            let page = try await browser.postMultipart(
                "/log", try Self.logFields(served, token: token),
                files: [("photo", "wall.png", "image/png", photo), ("photo", "", "application/octet-stream", [])])
            #expect(page.status == .seeOther, "\(page.text)")
            let location = try #require(page.headers[.location])
            #expect(location.hasPrefix("/event/"))
            let id = try #require(Int64(location.dropFirst("/event/".count)))
            let shown = try await browser.get(location)
            #expect(shown.status == .ok)
            #expect(shown.text.contains("Climbing at the gym") && shown.text.contains("climbs 6a routes"))
            return id
        }
        let e = try served.journal.event(id: id)
        #expect(e.title == "Climbing at the gym")
        #expect(e.people.map(\.id) == [served.ana.id])
        #expect(e.type?.id == served.type.id && e.mood?.id == served.mood.id)
        #expect(e.place?.name == "Gym Lisboa" && e.place?.latitude == 38.7223 && e.place?.longitude == -9.1393)
        #expect(e.note == "She wants to try\nthe outdoor wall.")
        #expect(e.photos.map(\.hash) == [SHA256Hex.of(photo)])
        #expect(e.traits.map(\.text) == ["climbs 6a routes"] && e.traits.first?.person?.id == served.ana.id)
        #expect(e.traits.first?.category.path == "Interests")
        // 17:45 in the zone of new events, for 90 minutes.
        let zone = try EventForms.zone(Site(journal: served.journal))
        #expect(e.timeZone == zone.identifier)
        #expect(e.startDay.description == "2026-11-14")
        #expect(Words.clock(e.start, zone: e.timeZone) == "17:45")
        #expect(e.end.map { abs($0.timeIntervalSince(e.start) - 90 * 60) < 1 } == true)
        try served.journal.checkInvariants()
    }

    @Test("a Log form with mistakes comes back marked, with everything entered kept, and logs nothing")
    func logProblemsKeepValues() async throws {
        let served = try ServedJournal()
        defer { served.remove() }
        let before = try served.journal.eventCount(from: LocalDate(year: 1900, month: 1, day: 1)!, to: LocalDate(year: 2200, month: 1, day: 1)!)
        try await served.serve { browser in
            let token = try await browser.token()
            var fields = try Self.logFields(served, token: token, title: "  ")
            fields = fields.map { $0.0 == "geo" ? ("geo", "north-ish") : $0 }
            fields = fields.map { $0.0 == "trait-about" && $0.1 == "ana" ? ("trait-about", "Zed") : $0 }
            let page = try await browser.postMultipart("/log", fields, files: [("photo", "notes.txt", "text/plain", Array("not an image".utf8))])
            #expect(page.status == .unprocessableContent)
            let html = page.text
            #expect(html.contains("Give the event a title."))
            #expect(html.contains("Write the coordinates as latitude,longitude"))
            #expect(html.contains("is not one of the people chosen above"))
            #expect(html.contains("notes.txt"))  // the photo's problem names the file
            // What was entered is still there.
            #expect(html.contains("value=\"Gym Lisboa\""))
            #expect(html.contains("value=\"north-ish\""))
            #expect(html.contains("value=\"climbs 6a routes\""))
            #expect(html.contains("value=\"Zed\""))
            #expect(html.contains("She wants to try\nthe outdoor wall."))
            #expect(html.contains("value=\"2026-11-14\"") && html.contains("value=\"17:45\""))
            #expect(html.contains("value=\"\(served.ana.id)\" data-name=\"Ana Lima\" checked"))
            #expect(html.contains("value=\"\(served.mood.id)\" data-name=\"\(served.mood.name)\" checked"))
            #expect(Browser.formToken(html) != nil)
        }
        #expect(try served.journal.eventCount(from: LocalDate(year: 1900, month: 1, day: 1)!, to: LocalDate(year: 2200, month: 1, day: 1)!) == before)
    }

    @Test("an upload larger than the limits is refused with 413")
    func oversizedUpload() async throws {
        let served = try ServedJournal()
        defer { served.remove() }
        try await served.serve { browser in
            let token = try await browser.token()
            // One file over 20 MB (a photo's limit), within the body's limit.
            let big = [UInt8](repeating: 0xFF, count: Photo.maximumByteCount + 1)
            let page = try await browser.postMultipart("/log", try Self.logFields(served, token: token), files: [("photo", "huge.jpg", "image/jpeg", big)])
            #expect(page.status == .contentTooLarge)
            #expect(page.text.contains("too large"))
            // A body over the server's limit.
            let bodies = [UInt8](repeating: 0xFF, count: KithServer.maximumBodyBytes / 4 + 1)
            let whole = try await browser.postMultipart(
                "/log", try Self.logFields(served, token: token), files: (0..<4).map { ("photo", "p\($0).jpg", "image/jpeg", bodies) })
            #expect(whole.status == .contentTooLarge)
        }
        #expect(try served.journal.event(id: served.event.id).title == "Lunch at the market")
    }

    @Test("every form's POST without the CSRF token is refused with 403, and changes nothing")
    func missingToken() async throws {
        let served = try ServedJournal()
        defer { served.remove() }
        let mood = served.mood
        try await served.serve { browser in
            let token = try await browser.token()
            var fields = try Self.logFields(served, token: token)
            fields.removeFirst()
            #expect(try await browser.postMultipart("/log", fields).status == .forbidden)
            #expect(try await browser.postMultipart("/event/\(served.event.id)/edit", fields).status == .forbidden)
            #expect(try await browser.post("/event/\(served.event.id)/remove", []).status == .forbidden)
            #expect(try await browser.post("/settings/category/\(mood.id)", [("name", "renamed")]).status == .forbidden)
            #expect(try await browser.post("/settings", [("theme", "dark")]).status == .forbidden)
        }
        #expect(try served.journal.event(id: served.event.id).title == "Lunch at the market")
        #expect(try served.journal.category(id: mood.id).name == mood.name)
        #expect(try served.journal.storedSettings()[.theme] == nil)
    }

    @Test("the Edit form shows the event's fields, and posting it changes every one")
    func editChangesEveryField() async throws {
        let served = try ServedJournal()
        defer { served.remove() }
        let otherType = try #require(try served.journal.categories(kind: .eventType).last)
        let otherMood = try #require(try served.journal.categories(kind: .mood).last)
        let old = served.event
        try await served.serve { browser in
            let form = try await browser.get("/event/\(old.id)/edit")
            #expect(form.status == .ok)
            let html = form.text
            #expect(html.contains("value=\"Lunch at the market\"") && html.contains("value=\"Mercado\"") && html.contains("She brought figs."))
            #expect(html.contains("value=\"loves figs\"") && html.contains("name=\"photo-hash\" value=\"\(served.photo.hash)\" checked"))
            let token = try #require(Browser.formToken(html))
            let trait = try #require(old.traits.first)
            let page = try await browser.postMultipart(
                "/event/\(old.id)/edit",
                [
                    ("csrf", token), ("title", "Dinner at the market"), ("date", "2026-10-01"), ("time", ""), ("duration", ""),
                    ("person", String(served.ana.id)), ("person", String(served.hostile.id)), ("type", String(otherType.id)),
                    ("mood", String(otherMood.id)), ("place", "Feira"), ("geo", ""), ("note", "Figs again."),
                    ("trait-id", String(trait.id)), ("trait-about", "Ana Lima"), ("trait-kind", "Interests"), ("trait-text", "loves fresh figs"),
                    ("trait-id", ""), ("trait-about", "x\""), ("trait-kind", "Features"), ("trait-text", "tall"),
                ])
            #expect(page.status == .seeOther, "\(page.text)")
            #expect(page.headers[.location] == "/event/\(old.id)")
        }
        let e = try served.journal.event(id: old.id)
        #expect(e.title == "Dinner at the market")
        #expect(e.allDay && e.startDay.description == "2026-10-01")
        #expect(e.people.map(\.id) == [served.ana.id, served.hostile.id])
        #expect(e.type?.id == otherType.id && e.mood?.id == otherMood.id)
        #expect(e.place?.name == "Feira" && e.note == "Figs again.")
        #expect(e.photos.isEmpty)  // the photo's "keep" box was not sent
        #expect(e.traits.map(\.text) == ["loves fresh figs", "tall"])
        #expect(e.traits.first?.id == old.traits.first?.id)
        #expect(e.traits.last?.person?.id == served.hostile.id)
        try served.journal.checkInvariants()
    }

    @Test("an Edit form with a mistake comes back with the values entered, and the event is unchanged")
    func editProblemKeepsValues() async throws {
        let served = try ServedJournal()
        defer { served.remove() }
        try await served.serve { browser in
            let token = try await browser.token(from: "/event/\(served.event.id)/edit")
            let page = try await browser.postMultipart(
                "/event/\(served.event.id)/edit",
                [
                    ("csrf", token), ("title", "Renamed lunch"), ("date", "2026-13-45"), ("time", "25:00"), ("person", String(served.ana.id)),
                    ("person", String(served.hostile.id)), ("trait-id", ""), ("trait-about", ""), ("trait-kind", "Interests"), ("trait-text", "orphan"),
                ])
            #expect(page.status == .unprocessableContent)
            #expect(page.text.contains("value=\"Renamed lunch\"") && page.text.contains("value=\"2026-13-45\""))
            #expect(page.text.contains("Pick a day"))
            #expect(try await browser.get("/event/999999/edit").status == .notFound)
        }
        #expect(try served.journal.event(id: served.event.id).title == "Lunch at the market")
    }

    @Test("removing an event asks first, then removes it and goes to its day")
    func removeEvent() async throws {
        let served = try ServedJournal()
        defer { served.remove() }
        try await served.serve { browser in
            let event = try await browser.get("/event/\(served.event.id)")
            #expect(event.text.contains("/event/\(served.event.id)/remove"))
            let ask = try await browser.get("/event/\(served.event.id)/remove")
            #expect(ask.status == .ok && ask.text.contains("Remove “Lunch at the market”?"))
            let token = try #require(Browser.formToken(ask.text))
            let page = try await browser.post("/event/\(served.event.id)/remove", [("csrf", token)])
            #expect(page.status == .seeOther)
            #expect(page.headers[.location] == "/day/\(served.event.startDay)")
            #expect(try await browser.get("/event/\(served.event.id)").status == .notFound)
        }
        #expect(throws: JournalError.self) { try served.journal.event(id: served.event.id) }
        try served.journal.checkInvariants()
    }

    @Test("Settings renames, recolours and re-icons a category, shown at once on past events")
    func settingsEditCategory() async throws {
        let served = try ServedJournal()
        defer { served.remove() }
        let type = served.type
        try await served.serve { browser in
            let page = try await browser.get("/settings")
            #expect(page.status == .ok)
            for c in try served.journal.categories() {
                #expect(page.text.contains("action=\"/settings/category/\(c.id)\""), "\(c.kind) \(c.path)")
            }
            let token = try #require(Browser.formToken(page.text))
            let saved = try await browser.post(
                "/settings/category/\(type.id)", [("csrf", token), ("name", "Get-together"), ("icon", "🎈"), ("color", "#123abc")])
            #expect(saved.status == .seeOther)
            #expect(saved.headers[.location] == "/settings#c\(type.id)")
            let event = try await browser.get("/event/\(served.event.id)").text
            #expect(event.contains("🎈 Get-together"))
            let css = try await browser.get("/static/categories.css").text
            #expect(css.lowercased().contains(".k\(type.id){--k:#123abc}"))
            // A name its sibling has: refused on the form, with the entered values kept.
            let sibling = try #require(try served.journal.categories(kind: .eventType).first { $0.id != type.id })
            let clash = try await browser.post("/settings/category/\(type.id)", [("csrf", token), ("name", sibling.name), ("icon", "🎈"), ("color", "#00ff00")])
            #expect(clash.status == .unprocessableContent)
            #expect(clash.text.contains("value=\"\(HTMLWriter.escaped(sibling.name))\"") && clash.text.contains("value=\"#00ff00\""))
            #expect(clash.text.contains("already"))
        }
        let after = try served.journal.category(id: type.id)
        #expect(after.name == "Get-together" && after.icon == "🎈" && after.color.lowercased() == "#123abc")
    }

    @Test("Settings stores the theme and the week start in the journal; the pages follow them")
    func settingsPreferences() async throws {
        let served = try ServedJournal()
        defer { served.remove() }
        try await served.serve { browser in
            let token = try await browser.token(from: "/settings")
            let saved = try await browser.post("/settings", [("csrf", token), ("theme", "dark"), ("week-start", "monday")])
            #expect(saved.status == .seeOther && saved.headers[.location] == "/settings")
            #expect(try await browser.get("/").text.contains("<html lang=\"en\" class=\"theme-dark\""))
            let settings = try await browser.get("/settings").text
            #expect(settings.contains("name=\"theme\" value=\"dark\" checked"))
            #expect(settings.contains("name=\"week-start\" value=\"monday\" checked"))
            let wrong = try await browser.post("/settings", [("csrf", token), ("theme", "purple")])
            #expect(wrong.status == .unprocessableContent && wrong.text.contains("light, dark or auto"))
        }
        #expect(try served.journal.storedSettings()[.theme] == "dark")
        #expect(try served.journal.storedSettings()[.weekStart] == "monday")
    }
}

/// SHA-256 as the journal names photos.
enum SHA256Hex {
    static func of(_ bytes: [UInt8]) -> String {
        let journal = try! Journal.inMemory()
        return try! journal.storePhoto(Data(bytes), name: "x").hash
    }
}
