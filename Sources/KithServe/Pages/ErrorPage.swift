import Hummingbird
import Kith

/// The page of a refusal or a failure: its status, and what went wrong in words (escaped
/// like any text). Uses only the frame, not the journal, so it works whatever failed.
enum ErrorPage {
    static func response(_ status: HTTPResponse.Status, _ message: String) -> Response {
        var w = HTMLWriter(capacity: 2048)
        Site.frame(&w, title: status.reasonPhrase, section: nil, theme: "auto")
        w.element(.main, [.id("main")]) { w in
            w.element(.h1, text: status.reasonPhrase)
            w.element(.p, [.cls("error")], text: message)
            w.element(.p) { w in w.element(.a, [.href(.root)], text: "Back to the calendar") }
        }
        w.kithConstant("</body></html>")
        return Site.htmlResponse(w.output, status: status)
    }

    /// The response for an error a route threw: unknown ids 404, bad values 400, the rest 500.
    static func response(for error: any Error) -> Response {
        switch error {
        case let e as HTTPError:
            return response(e.status, e.status == .notFound ? "There is no such page." : (e.body ?? e.status.reasonPhrase))
        case let e as JournalError:
            switch e {
            case .personNotFound, .eventNotFound, .photoNotFound, .categoryNotFound, .traitNotFound, .ambiguousPhoto:
                return response(.notFound, e.localizedDescription)
            case .invalidValue, .invalidColor, .unknownCategory, .categoryExists, .categoryInUse, .categoryTreeTooDeep, .wrongCategoryKind,
                .unknownPerson, .ambiguousPerson, .invalidTimeZone, .invalidEventTime, .invalidCoordinates, .notAnImage, .damagedPhoto,
                .traitPersonMissing, .traitPersonNotInEvent, .duplicateEventUID, .duplicatePersonUID, .mergeWithSelf:
                return response(.badRequest, e.localizedDescription)
            case .photoTooLarge:
                return response(.contentTooLarge, e.localizedDescription)
            default:
                return response(.internalServerError, e.localizedDescription)
            }
        default:
            return response(.internalServerError, "\(error)")
        }
    }
}
