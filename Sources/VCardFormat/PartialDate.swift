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
            var s = Array(text.utf8.prefix { $0 != UInt8(ascii: "T") && $0 != UInt8(ascii: "t") })
            while let l = s.last, l == 0x20 { s.removeLast() }
            func num(_ a: ArraySlice<UInt8>) -> Int? {
                guard !a.isEmpty, a.count <= 4 else { return nil }
                var v = 0
                for c in a {
                    guard c >= 0x30 && c <= 0x39 else { return nil }
                    v = v * 10 + Int(c - 0x30)
                }
                return v
            }
            var y: Int?, m: Int?, d: Int?
            if s.starts(with: [0x2D, 0x2D]) {
                let rest = s.dropFirst(2).filter { $0 != 0x2D }
                guard rest.count == 4 || rest.count == 2 else { return nil }
                m = num(rest.prefix(2))
                d = rest.count == 4 ? num(rest.suffix(2)) : nil
                if m == nil { return nil }
            } else {
                let digits = s.filter { $0 != 0x2D }
                let dashes = s.count - digits.count
                switch digits.count {
                case 8: y = num(digits.prefix(4)); m = num(digits.dropFirst(4).prefix(2)); d = num(digits.suffix(2))
                case 6 where dashes == 1: y = num(digits.prefix(4)); m = num(digits.suffix(2))
                case 4 where dashes == 0: y = num(digits[...])
                default: return nil
                }
                if y == nil { return nil }
            }
            if let mm = m, !(1...12).contains(mm) { return nil }
            if let dd = d, !(1...31).contains(dd) { return nil }
            self.init(year: y, month: m, day: d)
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
