/// What RFC 5545 §3.1 and RFC 6350 §3.3 allow in a content line, so that a line read from
/// another program's file is written back only when the result is a valid line.
///
/// - A name (property, parameter or group) is `iana-token` / `x-name`: one or more ALPHA,
///   DIGIT or `-` (an `x-name`'s `X-` and vendor part are made of the same).
/// - A parameter value has no control character but HTAB (a line break is written as the
///   RFC 6868 `^n`, and quotes are added by the writer where the value needs them).
/// - A value has no control character but HTAB (a line break in a kept value is written
///   as the TEXT escape `\n`).
extension ContentLine {
    /// Whether `name` is a valid property, parameter or group name: `1*(ALPHA / DIGIT / "-")`.
    public static func isValidName(_ name: some StringProtocol) -> Bool {
        var any = false
        for b in name.utf8 {
            guard (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || (b >= 48 && b <= 57) || b == 45 else { return false }
            any = true
        }
        return any
    }

    /// The first control character a parameter value may not hold (all but HTAB, CR and
    /// LF, which the writer encodes), or nil.
    public static func forbiddenCharacter(inParameterValue v: some StringProtocol) -> UInt8? {
        for b in v.utf8 where (b < 32 && b != 9 && b != 10 && b != 13) || b == 127 { return b }
        return nil
    }

    /// The first control character a value may not hold (all but HTAB, and CR and LF,
    /// which the writer escapes as `\n`), or nil.
    public static func forbiddenCharacter(inValue v: some StringProtocol) -> UInt8? {
        for b in v.utf8 where (b < 32 && b != 9 && b != 10 && b != 13) || b == 127 { return b }
        return nil
    }

    /// ``forbiddenCharacter(inParameterValue:)`` for a `String`, the case import checks for
    /// every value of every card: a loop over its contiguous UTF-8 bytes rather than the
    /// generic one (which, unspecialised across modules, cost more than reading the card).
    public static func forbiddenCharacter(inParameterValue v: String) -> UInt8? {
        firstForbiddenByte(v)
    }

    /// ``forbiddenCharacter(inValue:)`` for a `String` (see the parameter value one).
    public static func forbiddenCharacter(inValue v: String) -> UInt8? {
        firstForbiddenByte(v)
    }

    /// The first byte but HTAB, CR and LF below 32, or DEL, in `v`'s UTF-8 (a byte below
    /// 128 is always a whole character there), or nil.
    private static func firstForbiddenByte(_ v: String) -> UInt8? {
        if let found = v.utf8.withContiguousStorageIfAvailable({ bytes -> UInt8? in
            for b in bytes where (b < 32 && b != 9 && b != 10 && b != 13) || b == 127 { return b }
            return nil
        }) {
            return found
        }
        for b in v.utf8 where (b < 32 && b != 9 && b != 10 && b != 13) || b == 127 { return b }
        return nil
    }

    /// Why a line with this group, name and value could not be written back as a valid
    /// content line, or nil when it can. Parameters are checked one by one with
    /// ``parameterProblem(name:values:)``: an invalid one can be left out alone.
    public static func problem(group: String?, name: String, value: String) -> String? {
        if let group, !group.isEmpty, !isValidName(group) {
            return "the group \"\(printable(group))\" is not a valid name (letters, digits and \"-\" only)"
        }
        guard isValidName(name) else {
            return "\"\(printable(name))\" is not a valid property name (letters, digits and \"-\" only; a continuation line that lost its leading space?)"
        }
        if let b = forbiddenCharacter(inValue: value) {
            return "the value of \(name) holds the control character \(hex(b))"
        }
        return nil
    }

    /// Why a parameter could not be written back validly, or nil.
    public static func parameterProblem(name: String, values: [String]) -> String? {
        guard isValidName(name) else { return "\"\(printable(name))\" is not a valid parameter name" }
        for v in values {
            if let b = forbiddenCharacter(inParameterValue: v) { return "the parameter \(name) holds the control character \(hex(b))" }
        }
        return nil
    }

    /// Why this line could not be written back validly (its name, group, value or any
    /// parameter), or nil.
    public var validityProblem: String? {
        if let p = Self.problem(group: group, name: name, value: value) { return p }
        for p in parameters {
            if let why = Self.parameterProblem(name: p.name, values: p.values) { return why }
        }
        return nil
    }

    /// `U+0001`-style text for a control character.
    static func hex(_ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "U+00" + String(digits[Int(b >> 4)]) + String(digits[Int(b & 15)])
    }

    /// A name for a message: control characters shown as `?`, at most 40 characters.
    static func printable(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.prefix(40).map { $0.value < 32 || $0.value == 127 ? "?" : $0 }))
    }
}
