/// The command line of one subcommand: positional words and `--name value` options.
struct BenchArguments {
    /// A bad command line; the message says what is wrong.
    struct UsageError: Error { var message: String }

    private var words: [String]

    init(_ words: [String]) { self.words = words }

    /// Takes the next word, whatever it is.
    mutating func next() -> String? { words.isEmpty ? nil : words.removeFirst() }

    /// Takes `--name VALUE` from anywhere in the rest of the line.
    mutating func option(_ name: String) throws -> String? {
        guard let i = words.firstIndex(of: name) else { return nil }
        guard i + 1 < words.count else { throw UsageError(message: "\(name) needs a value") }
        let value = words[i + 1]
        words.removeSubrange(i...(i + 1))
        return value
    }

    /// Takes `--name VALUE`, which must be there.
    mutating func required(_ name: String) throws -> String {
        guard let value = try option(name) else { throw UsageError(message: "missing \(name)") }
        return value
    }

    /// Takes `--name VALUE` as a whole number, or `fallback` when absent.
    mutating func integer(_ name: String, default fallback: Int) throws -> Int {
        guard let text = try option(name) else { return fallback }
        guard let n = Int(text), n >= 0 else { throw UsageError(message: "\(name) wants a whole number, not \(text)") }
        return n
    }

    /// Takes the flag `--name` if present.
    mutating func flag(_ name: String) -> Bool {
        guard let i = words.firstIndex(of: name) else { return false }
        words.remove(at: i)
        return true
    }

    /// Takes the one positional argument left; anything else left over is an error.
    mutating func positional(_ what: String) throws -> String {
        guard let first = words.first, !first.hasPrefix("--") else { throw UsageError(message: "missing \(what)") }
        words.removeFirst()
        try finish()
        return first
    }

    /// Checks that nothing is left over.
    func finish() throws {
        if let extra = words.first { throw UsageError(message: "unexpected argument \(extra)") }
    }
}
