import Hummingbird
import Kith

/// Kith's own style sheet and script (Swift constants: `kith` stays one file), and the style
/// sheet of the user's category colours.
enum StaticFiles {
    static func add(to router: Router<KithContext>, site: Site) {
        router.get("static/kith.css") { _, _ in
            // The pages' style, then the forms' (Sources/KithServe/Forms/FormStyle.swift).
            var response = constantResponse(Style.css.description + "\n" + FormStyle.css.description, type: "text/css; charset=utf-8")
            response.headers[.cacheControl] = "max-age=300"
            return response
        }
        router.get("static/kith.js") { _, _ in constant(Script.js, type: "text/javascript; charset=utf-8") }
        router.get("static/categories.css") { _, _ in
            var response = constantResponse(try categoryStyle(site.journal.categories()), type: "text/css; charset=utf-8")
            response.headers[.cacheControl] = "no-cache"
            return response
        }
    }

    private static func constant(_ text: StaticString, type: String) -> Response {
        var response = constantResponse(text.description, type: type)
        response.headers[.cacheControl] = "max-age=300"
        return response
    }

    private static func constantResponse(_ text: String, type: String) -> Response {
        var buffer = ByteBuffer()
        buffer.writeString(text)
        return Response(status: .ok, headers: [.contentType: type], body: ResponseBody(byteBuffer: buffer))
    }

    /// `.k<ID>{--k:#rrggbb}` for every category whose colour is a valid `#RRGGBB` (nothing
    /// else reaches the style sheet). Pages give an element class `k<ID>` to colour it.
    static func categoryStyle(_ categories: [Category]) -> String {
        var out = ""
        out.reserveCapacity(categories.count * 24)
        for c in categories where Category.isValidColor(c.color) {
            out += ".k\(c.id){--k:\(c.color)}\n"
        }
        return out
    }
}

/// The class that colours an element with a category's colour (see `categories.css`).
func colorClass(_ category: Category?) -> String {
    category.map { "k\($0.id)" } ?? "k-none"
}
