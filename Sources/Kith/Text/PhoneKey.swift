/// Phone numbers compared by their digits, whole: `+351 912-345-678` is `+351912345678`
/// and `00351 912 345 678`; `0151 2345678` is `151 2345678` but not `+49 151 2345678`
/// (which country a local number is in is not known).
enum PhoneKey {
    /// The digits, without leading zeros for a local number; nil for fewer than six digits.
    static func key(_ phone: String) -> String? {
        // Bytes, not Characters: the digits are ASCII, and this runs for every number of
        // every card and person on each import.
        var digits: [UInt8] = [0x2B]
        digits.reserveCapacity(phone.utf8.count + 1)
        var first: UInt8?
        for b in phone.utf8 {
            if b >= 48 && b <= 57 { digits.append(b) }
            if first == nil && b != 0x20 && b != 0x09 { first = b }
        }
        var plus = first == 0x2B
        if let f = first, f >= 0x80 {
            // Non-ASCII text first, maybe Unicode white space before a "+": the general trim decides.
            plus = phone.kithTrimmed(newlines: false).hasPrefix("+")
        }
        let international = plus || (digits.count >= 3 && digits[1] == 48 && digits[2] == 48)
        var start = 1
        while start < digits.count && digits[start] == 48 { start += 1 }
        // The key counts its "+": six characters at least.
        guard digits.count - start + (international ? 1 : 0) >= 6 else { return nil }
        return international
            ? String(decoding: [0x2B] + digits[start...], as: UTF8.self)
            : String(decoding: digits[start...], as: UTF8.self)
    }

    /// Whether two keys are the same number: whole, never one the end of the other (a local
    /// number may be the end of an international one, or of someone else's: a card's number
    /// that only ends like one already there is kept beside it, not dropped).
    static func same(_ a: String, _ b: String) -> Bool {
        a == b
    }
}

extension PhoneKey {
    /// Only the ASCII digits of a number, as written: `+351 912-345-678` is `351912345678`.
    /// Not ``key(_:)``: this keeps leading zeros and the `00` prefix and drops the `+`.
    /// Merging people, removing a phone and ``Journal/personIDs(phone:)`` compare by it;
    /// import matching uses ``key(_:)``. The two stay apart on purpose: each caller's
    /// results depend on the one it uses.
    static func digits(_ phone: String) -> String {
        String(phone.unicodeScalars.filter { $0.properties.numericType != nil && $0.isASCII }.map(Character.init))
    }
}
