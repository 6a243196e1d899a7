import ContentLines

extension VCard {
    /// A calendar date whose year (or day) may be unknown: `1985-04-12`, `--0412`, `1985-04`.
    public struct PartialDate: Hashable, Sendable, CustomStringConvertible {
        /// The year, or nil when unknown (yearless birthdays).
        public var year: Int?
        /// The month 1–12, or nil for a year alone.
        public var month: Int?
        /// The day 1–31, or nil for a year and month.
        public var day: Int?

        /// Makes a date; at least a year or a month and day should be given.
        public init(year: Int?, month: Int?, day: Int?) {
            self.year = year
            self.month = month
            self.day = day
        }

        /// Parses `19850412`, `1985-04-12`, `--0412`, `--04-12`, `1985-04`, `1985`, ignoring a
        /// time part after `T`. Returns nil for anything else.
        public init?(_ text: String) {
            var text = text
            guard let (y, m, d) = text.withUTF8({ Self.parse($0) }) else { return nil }
            self.init(year: y, month: m, day: d)
        }

        /// Whether ``init(_:)`` would read `bytes` (UTF-8) as a date, without making a string.
        static func isDate(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            parse(bytes) != nil
        }

        /// The fields of `bytes` (see ``init(_:)``), with no allocation.
        private static func parse(_ b: UnsafeBufferPointer<UInt8>) -> (Int?, Int?, Int?)? {
            var end = 0
            while end < b.count, b[end] != UInt8(ascii: "T"), b[end] != UInt8(ascii: "t") { end += 1 }
            while end > 0, b[end - 1] == 0x20 { end -= 1 }
            let yearless = end >= 2 && b[0] == 0x2D && b[1] == 0x2D
            // The bytes other than '-', packed (at most 8 can make a date).
            var packed: UInt64 = 0
            var count = 0
            for k in (yearless ? 2 : 0)..<max(end, yearless ? 2 : 0) where b[k] != 0x2D {
                if count == 8 { return nil }
                packed |= UInt64(b[k]) << (8 * count)
                count += 1
            }
            func num(_ from: Int, _ length: Int) -> Int? {
                var v = 0
                for k in from..<from + length {
                    let c = UInt8(truncatingIfNeeded: packed >> (8 * k))
                    guard c >= 0x30 && c <= 0x39 else { return nil }
                    v = v * 10 + Int(c - 0x30)
                }
                return v
            }
            var y: Int?, m: Int?, d: Int?
            if yearless {
                guard count == 4 || count == 2 else { return nil }
                m = num(0, 2)
                d = count == 4 ? num(2, 2) : nil
                if m == nil { return nil }
            } else {
                let dashes = end - count
                switch count {
                case 8: y = num(0, 4); m = num(4, 2); d = num(6, 2)
                case 6 where dashes == 1: y = num(0, 4); m = num(4, 2)
                case 4 where dashes == 0: y = num(0, 4)
                default: return nil
                }
                if y == nil { return nil }
            }
            if let mm = m, !(1...12).contains(mm) { return nil }
            if let dd = d, !(1...31).contains(dd) { return nil }
            return (y, m, d)
        }

        /// Reads a BDAY-like line, honouring Apple's `X-APPLE-OMIT-YEAR`.
        init?(line: ContentLine) {
            guard let v = line.firstParameter("VALUE"), v.caseInsensitiveEquals("text") else {
                guard var date = PartialDate(line.value) else { return nil }
                if let omit = line.firstParameter("X-APPLE-OMIT-YEAR"), let omitYear = Int(omit), omitYear == date.year {
                    date.year = nil
                }
                self = date
                return
            }
            return nil
        }

        /// vCard 4.0 form: `19850412`, `--0412`, `1985-04`, `1985`.
        public var basicFormat: String {
            switch (year, month, day) {
            case let (y?, m?, d?): return pad4(y) + pad2(m) + pad2(d)
            case let (nil, m?, d?): return "--" + pad2(m) + pad2(d)
            case let (nil, m?, nil): return "--" + pad2(m)
            case let (y?, m?, nil): return pad4(y) + "-" + pad2(m)
            case let (y?, nil, _): return pad4(y)
            default: return ""
            }
        }

        /// ISO 8601 extended form: `1985-04-12`, `--04-12`, `1985-04`, `1985`.
        public var extendedFormat: String {
            switch (year, month, day) {
            case let (y?, m?, d?): return pad4(y) + "-" + pad2(m) + "-" + pad2(d)
            case let (nil, m?, d?): return "--" + pad2(m) + "-" + pad2(d)
            default: return basicFormat
            }
        }

        public var description: String { extendedFormat }
    }
}
