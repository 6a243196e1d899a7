import Hummingbird
import Kith
import Logging
import NIOCore
import Synchronization

/// Serves a journal's pages over HTTP on this machine.
///
/// Build one inside `kith serve` and call ``run(onListening:)``: nothing here is global, so
/// other commands never start an event loop. The server never prints; it hands the address
/// it bound to its caller.
public struct KithServer: Sendable {
    /// Where to listen.
    public struct Options: Sendable {
        /// The address to bind: `127.0.0.1` unless `kith serve --listen` says otherwise.
        public var host: String
        /// The port; 0 for any free port (the bound one is reported).
        public var port: Int
        /// Required (as `?token=` once, then a cookie) on every request when set; `kith serve`
        /// sets one whenever the host is not loopback.
        public var accessToken: String?

        /// Options for `host:port`, with an access token if given.
        public init(host: String = "127.0.0.1", port: Int = 0, accessToken: String? = nil) {
            self.host = host
            self.port = port
            self.accessToken = accessToken
        }
    }

    /// Where the server listens, once bound.
    public struct Address: Sendable, CustomStringConvertible {
        public var host: String
        public var port: Int
        /// The URL to open: `http://host:port/`, with `?token=…` when an access token is needed.
        public var url: String
        public var description: String { url }
    }

    /// A request body larger than this is refused with 413: the Log form's, with several
    /// photos of at most ``Kith/Photo/maximumByteCount`` each (``MultipartForm/Limits``).
    static let maximumBodyBytes = MultipartForm.Limits.standard.bodyBytes

    let journal: Journal
    let options: Options
    let state: ServerState

    /// A server for `journal`.
    public init(journal: Journal, options: Options = Options()) {
        self.journal = journal
        self.options = options
        self.state = ServerState(port: options.port)
    }

    /// A random access token for `--listen` (64 hex digits).
    public static func makeAccessToken() -> String { Secret.random() }

    /// Whether `host` is a loopback address (`127.x.x.x`, `::1`, `localhost`).
    public static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }

    /// Binds, calls `onListening` with the address, and serves until SIGINT or SIGTERM.
    /// - Throws: when the address cannot be bound (the port is taken, say).
    public func run(logger: Logger = Logger(label: "kith.serve"), onListening: @escaping @Sendable (Address) -> Void) async throws {
        try await makeApplication(logger: logger, onListening: onListening).runService()
    }

    /// The application: the router, bound to the options' address; once bound it records the
    /// port (for the Host check) and calls `onListening`.
    func makeApplication(
        logger: Logger = Logger(label: "kith.serve"), onListening: @escaping @Sendable (Address) -> Void = { _ in }
    ) -> some ApplicationProtocol {
        Application(
            router: makeRouter(),
            configuration: ApplicationConfiguration(address: .hostname(options.host, port: options.port), serverName: nil),
            onServerRunning: { [state, options] channel in
                let port = channel.localAddress?.port ?? options.port
                state.setPort(port)
                let shown = options.host.contains(":") ? "[\(options.host)]" : options.host
                var url = "http://\(shown):\(port)/"
                if let token = options.accessToken { url += "?token=" + token }
                onListening(Address(host: options.host, port: port, url: url))
            },
            logger: logger
        )
    }

    /// The router with every route and the security middleware (the route tests use it
    /// directly).
    func makeRouter() -> Router<KithContext> {
        let router = Router(context: KithContext.self)
        router.add(middleware: SecurityMiddleware(options: options, state: state))
        Routes.add(to: router, site: Site(journal: journal))
        return router
    }
}

/// What the server learns once running (the port it bound) and the sessions it issued.
final class ServerState: Sendable {
    private let boundPort: Mutex<Int>
    let sessions = Sessions()

    init(port: Int) {
        boundPort = Mutex(port)
    }

    var port: Int { boundPort.withLock { $0 } }
    func setPort(_ port: Int) { boundPort.withLock { $0 = port } }
}
