import Hummingbird

/// The request context of every route: what the security middleware learned about the
/// request (its session's CSRF token) for the page to write into its forms.
struct KithContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The session's token; set by ``SecurityMiddleware`` before any route runs.
    var csrf = CSRFToken(value: "")

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
    }

    /// The largest request body read (a photo upload with its form); larger is 413.
    var maxUploadSize: Int { KithServer.maximumBodyBytes }
}
