import Foundation
import HTTPTypes
import Hummingbird
import Kith
import NIOCore
import Testing

@testable import KithServe

@Suite("kith serve's read pages")
struct PagesTests {
    @Test("the calendar shows the month with each day's events in its mood colour, linking to the day")
    func calendar() async throws {
        let served = try ServedJournal()
        defer { served.remove() }
        let day = served.event.startDay
        try await served.serve { browser in
            let page = try await browser.get("/calendar/\(day.year)/\(day.month)")
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            let html = page.text
            #expect(html.contains(Words.months[day.month - 1] + " \(day.year)"))
            #expect(html.contains("class=\"day has k\(served.mood.id)"))
            #expect(html.contains("href=\"/day/\(day.description)\""))
            #expect(html.contains("2 events"))
            #expect(html.contains("<li class=\"k\(served.mood.id)\"><span class=\"dot k\(served.mood.id)\"></span>Lunch at the market</li>"))
            // Previous and next month and year.
            let prev = CalendarPages.monthLink(day.year, day.month - 1).path
            #expect(html.contains("href=\"\(prev)\""))
            #expect(html.contains("href=\"/year/\(day.year)\""))
            // The category colours reach the page through the style sheet.
            let css = try await browser.get("/static/categories.css")
            #expect(css.text.contains(".k\(served.mood.id){--k:\(served.mood.color)}"))
            #expect(css.headers[.contentType] == "text/css; charset=utf-8")
            // The home page is this month.
            let today = LocalDate.today()
            #expect(try await browser.get("/").text.contains(Words.months[today.month - 1] + " \(today.year)"))
            // A month that does not exist is not a page.
            #expect(try await browser.get("/calendar/\(day.year)/13").status == .notFound)
        }
    }

    @Test("the week starts on the journal's week-start setting")
    func weekStart() async throws {
        let served = try ServedJournal()
        defer { served.remove() }
        try await served.serve { browser in
            let sunday = try await browser.get("/calendar/2026/11").text
            #expect(sunday.range(of: ">Sun<")!.lowerBound < sunday.range(of: ">Mon<")!.lowerBound)
            try served.journal.setSetting(.weekStart, to: "monday")
            let monday = try await browser.get("/calendar/2026/11").text
            #expect(monday.range(of: ">Mon<")!.lowerBound < monday.range(of: ">Sun<")!.lowerBound)
        }
    }

    @Test("the theme setting is the class of <html>")
    func theme() async throws {
        let served = try ServedJournal()
        defer { served.remove() }
        try await served.serve { browser in
            #expect(try await browser.get("/").text.contains("<html lang=\"en\" class=\"theme-auto\">"))
            try served.journal.setSetting(.theme, to: "dark")
            #expect(try await browser.get("/people").text.contains("<html lang=\"en\" class=\"theme-dark\">"))
            let css = try await browser.get("/static/kith.css").text
            #expect(css.contains("prefers-color-scheme:dark") && css.contains("html.theme-dark"))
        }
    }

    @Test("a day lists its events; the year heat map links each busy day")
    func dayAndYear() async throws {
        let served = try ServedJournal()
        defer { served.remove() }
        let day = served.event.startDay
        try await served.serve { browser in
            let page = try await browser.get("/day/\(day.description)")
            #expect(page.status == .ok)
            #expect(page.text.contains("Lunch at the market"))
            #expect(page.text.contains("href=\"/event/\(served.event.id)\""))
            #expect(page.text.contains("href=\"/person/\(served.ana.id)\""))
            let empty = try await browser.get("/day/1999-01-01")
            #expect(empty.status == .ok && empty.text.contains("Nothing logged"))
            #expect(try await browser.get("/day/2026-02-30").status == .notFound)
            let year = try await browser.get("/year/\(day.year)")
            #expect(year.status == .ok)
            #expect(year.text.contains("href=\"/day/\(day.description)\""))
            #expect(year.text.contains("k\(served.mood.id)"))
        }
    }

    @Test("people: the tree of categories with last seen and who is due")
    func people() async throws {
        let served = try ServedJournal()
        defer { served.remove() }
        try served.journal.setCadence(Cadence("1d"), forPerson: served.hostile.id, since: LocalDate.today().adding(days: -30))
        try await served.serve { browser in
            let html = try await browser.get("/people").text
            #expect(html.contains("Kin"))
            #expect(html.contains("Cousins"))
            #expect(html.contains(">Ana Lima</a>"))
            #expect(html.contains("seen 2 days ago"))
            #expect(html.contains("Due to see again"))
            #expect(html.contains("due, "))
            // A category's own page lists its people (with its subcategories').
            let kin = try served.journal.category(kind: .relation, path: "Kin")
            let cousins = try await browser.get("/people?in=\(kin.id)").text
            #expect(cousins.contains(">Ana Lima</a>") && cousins.contains("Kin/Cousins"))
            let other = try served.journal.categories(kind: .relation).first { $0.path == "Family" || $0.path == "Friends" }!
            #expect(!(try await browser.get("/people?in=\(other.id)").text.contains("Ana Lima")))
            #expect(try await browser.get("/people?in=\(served.mood.id)").status == .notFound)
            #expect(try await browser.get("/people?in=999999").status == .notFound)
            #expect(try await browser.get("/people?in=none").status == .ok)
        }
    }

    @Test("a person: profile, photo, traits linking to their event, events, meetings, upcoming birthday")
    func person() async throws {
        let served = try ServedJournal()
        defer { served.remove() }
        try await served.serve { browser in
            let page = try await browser.get("/person/\(served.ana.id)")
            #expect(page.status == .ok)
            let html = page.text
            #expect(html.contains("<h1>Ana Lima</h1>"))
            #expect(html.contains("src=\"/photo/\(served.photo.hash)\""))
            #expect(html.contains("loves figs"))
            #expect(html.contains("href=\"/event/\(served.event.id)\">Lunch at the market"))
            #expect(html.contains("Events · 2"))
            #expect(html.contains("How often you meet"))
            #expect(html.contains("2 events in the last twelve months"))
            #expect(html.contains("Coming up") && html.contains("Birthday"))
            #expect(try await browser.get("/person/999999").status == .notFound)
            #expect(try await browser.get("/person/ana").status == .notFound)
        }
    }

    @Test("an event: every field and its photos, served with their own type and nosniff")
    func event() async throws {
        let served = try ServedJournal()
        defer { served.remove() }
        try await served.serve { browser in
            let html = try await browser.get("/event/\(served.event.id)").text
            for text in ["Lunch at the market", "Mercado", "She brought figs.", "loves figs", "Ana Lima", served.mood.name, served.type.name] {
                #expect(html.contains(text), "\(text)")
            }
            #expect(html.contains("<img src=\"/photo/\(served.photo.hash)\""))
            let photo = try await browser.get("/photo/\(served.photo.hash)")
            #expect(photo.status == .ok)
            #expect(photo.headers[.contentType] == "image/png")
            #expect(photo.headers[.xContentTypeOptions] == "nosniff")
            #expect(Data(photo.body.readableBytesView) == onePixelPNG)
            #expect(try await browser.get("/event/999999").status == .notFound)
            #expect(try await browser.get("/photo/abcdef123456").status == .notFound)
            #expect(try await browser.get("/photo/..%2F..%2Fetc%2Fpasswd").status == .notFound)
        }
    }

    @Test("a hostile title and a hostile name are shown as text, on every page that shows them")
    func hostileText() async throws {
        let served = try ServedJournal()
        defer { served.remove() }
        let day = served.event.startDay
        try await served.serve { browser in
            let paths = [
                "/calendar/\(day.year)/\(day.month)", "/day/\(day.description)", "/people", "/person/\(served.hostile.id)",
                "/person/\(served.ana.id)", "/event/\(served.hostileEvent.id)",
            ]
            for path in paths {
                let html = try await browser.get(path).text
                #expect(!html.contains("<script>alert(1)"), "\(path)")
                #expect(!html.contains("\" onmouseover=\""), "\(path)")
            }
            let event = try await browser.get("/event/\(served.hostileEvent.id)").text
            #expect(event.contains("<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>"))
            #expect(event.contains("x&quot; onmouseover=&quot;alert(1)"))
            let person = try await browser.get("/person/\(served.hostile.id)").text
            #expect(person.contains("<title>x&quot; onmouseover=&quot;alert(1) · Kith</title>"))
        }
    }
}
