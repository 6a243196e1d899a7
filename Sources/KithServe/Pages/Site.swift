import Hummingbird
import Kith

/// What every page shares: the journal, and the frame around each page's content.
struct Site: Sendable {
    let journal: Journal

    /// The sections of the navigation bar.
    enum Section: String, CaseIterable {
        case calendar = "Calendar", people = "People", log = "Log", settings = "Settings"

        var link: Link {
            switch self {
            case .calendar: return .root
            case .people: return Link("people")
            case .log: return Link("log")
            case .settings: return Link("settings")
            }
        }
    }

    /// The journal's settings a page needs (one read).
    struct Preferences {
        /// `light`, `dark` or `auto`.
        var theme: String
        /// 0 Sunday, 1 Monday (`LocalDate.weekday` - 1).
        var weekStart: Int
    }

    func preferences() throws -> Preferences {
        let stored = try journal.storedSettings()
        let theme = stored[.theme] ?? Setting.theme.defaultValue
        let week = stored[.weekStart] ?? Setting.weekStart.defaultValue
        return Preferences(theme: theme, weekStart: week == "monday" ? 1 : 0)
    }

    /// A whole page: the document head (Kith's style sheets and script), the header with the
    /// navigation (`section` marked current), then `body` inside `<main>`.
    func page(
        _ title: String, section: Section?, preferences: Preferences? = nil, status: HTTPResponse.Status = .ok,
        _ body: (inout HTMLWriter) throws -> Void
    ) throws -> Response {
        let prefs = try preferences ?? self.preferences()
        var w = HTMLWriter()
        Site.frame(&w, title: title, section: section, theme: prefs.theme)
        try w.element(.main, [.id("main")], body)
        w.kithConstant("</body></html>")
        return Site.htmlResponse(w.output, status: status)
    }

    /// The document up to `<main>`.
    static func frame(_ w: inout HTMLWriter, title: String, section: Section?, theme: String) {
        w.kithConstant("<!doctype html>")
        w.kithConstant("<html lang=\"en\" class=\"")
        switch theme {
        case "light": w.kithConstant("theme-light")
        case "dark": w.kithConstant("theme-dark")
        default: w.kithConstant("theme-auto")
        }
        w.kithConstant("\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        w.kithConstant("<meta name=\"color-scheme\" content=\"light dark\">")
        w.element(.title, text: title + " · Kith")
        w.kithConstant("<link rel=\"stylesheet\" href=\"/static/kith.css\"><link rel=\"stylesheet\" href=\"/static/categories.css\">")
        w.kithConstant("<script src=\"/static/kith.js\" defer></script></head><body>")
        w.element(.header, [.cls("top")]) { w in
            w.element(.a, [.cls("brand"), .href(.root)], text: "Kith")
            w.element(.nav, [Attribute("aria-label", "Sections")]) { w in
                for s in Section.allCases {
                    var attributes = [Attribute.href(s.link)]
                    if s == section { attributes.append(Attribute("aria-current", "page")) }
                    w.element(.a, attributes, text: s.rawValue)
                }
            }
        }
    }

    static func htmlResponse(_ html: String, status: HTTPResponse.Status = .ok) -> Response {
        var buffer = ByteBuffer()
        buffer.writeString(html)
        return Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8"],
            body: ResponseBody(byteBuffer: buffer))
    }

    /// 303 See Other to `link` (after a POST, and to tidy a URL).
    static func redirect(_ link: Link) -> Response {
        Response(status: .seeOther, headers: [.location: link.path])
    }
}
