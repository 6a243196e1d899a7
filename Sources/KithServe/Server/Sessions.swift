import Synchronization

/// A session's CSRF token: the value of the session cookie, written into every form as a
/// hidden field. Only the security middleware makes one (from a cookie the server issued).
struct CSRFToken: Sendable, Equatable {
    /// The hidden field's name.
    static let fieldName = "csrf"
    let value: String
}

/// The session tokens this server issued (cookies set by anything else, such as a page on
/// another port of 127.0.0.1, are not accepted), the newest `capacity` kept.
final class Sessions: Sendable {
    private struct State {
        var tokens: Set<String> = []
        var order: [String] = []
    }
    private let state = Mutex(State())
    let capacity: Int

    init(capacity: Int = 4096) {
        self.capacity = capacity
    }

    /// A new token, remembered.
    func issue() -> String {
        let token = Secret.random()
        state.withLock { s in
            s.tokens.insert(token)
            s.order.append(token)
            if s.order.count > capacity {
                let old = s.order.removeFirst()
                s.tokens.remove(old)
            }
        }
        return token
    }

    /// Whether this server issued `token` (and has not forgotten it).
    func isValid(_ token: String) -> Bool {
        state.withLock { $0.tokens.contains(token) }
    }
}

/// Random tokens and constant-time comparison.
enum Secret {
    /// 32 random bytes from the system's cryptographic generator, as 64 hex digits.
    static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        let hex = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(64)
        for _ in 0..<4 {
            var word = generator.next() as UInt64
            for _ in 0..<16 {
                out.append(hex[Int(word & 15)])
                word >>= 4
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `a == b`, in a time that depends only on the lengths.
    static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var diff: UInt8 = 0
        for i in 0..<x.count { diff |= x[i] ^ y[i] }
        return diff == 0
    }
}
