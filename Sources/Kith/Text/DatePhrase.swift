import Foundation
import KithBase

/// Dates, times and durations written the way a person says them: `yesterday 15:30`,
/// `last friday 8pm`, `3 days ago`, `2026-11-21`, `90m`.
///
/// Every phrase is read relative to a given `now` in a given time zone, and what is left
/// unsaid is read as the past: `nov 30` on 2026-11-22 is 2025-11-30, never next year; a
/// bare time later than now (`8pm` at noon) is yesterday's; a bare weekday with a time
/// later than now (`friday 8pm` on a Friday at noon) is last week's. A day written out
/// (`tomorrow`, `2026-12-24`, `today 20:00`, `this evening`) is taken as written, even in
/// the future: ``Moment/isPlanned`` says so.
/// The parser is hand-written over bytes; it never uses `DateFormatter`.
///
/// Accepted day forms: `2026-11-21`, `11-21` / `--11-21` (the most recent one),
/// `today`, `yesterday`, `tomorrow`, a weekday (`friday`, `fri`: today if today is a
/// Friday, else the most recent one), `last friday` (the most recent one before today),
/// `N days ago`, `N weeks ago`, `N months ago`, `a week ago`, and month names
/// (`nov 21`, `21 november`, `nov 21 2025`).
/// Accepted times, after the day or alone (meaning today): `15:30`, `15:30:10`, `3pm`,
/// `3 pm`, `8:15am`, `noon`, `midnight`, optionally after `at`; `2026-11-21T15:30` too;
/// `now` is the current instant. Parts of the day stand for a time: `morning` 09:00,
/// `afternoon` 15:00, `evening` 19:00, `night` 21:00, as in `this morning`, `this evening`,
/// `tonight`, `last night` (yesterday 21:00), `yesterday afternoon`, `friday evening`.
public enum DatePhrase {
    /// A calendar day with no time and no zone (the journal's `LocalDate`).
    public typealias Day = LocalDate

    /// A time of day.
    public struct Time: Hashable, Sendable {
        public var hour: Int
        public var minute: Int
        public var second: Int

        public init(hour: Int, minute: Int, second: Int = 0) {
            self.hour = hour
            self.minute = minute
            self.second = second
        }
    }

    /// A day with an optional time, resolved to an instant in the given zone.
    public struct Moment: Hashable, Sendable {
        /// The local day the phrase names.
        public var day: Day
        /// The time of day, if the phrase gave one.
        public var time: Time?
        /// The instant: the day at `time`, or at 00:00 when no time was given.
        public var date: Date
        /// Whether the instant is after `now`: only a day written out can be (`tomorrow`,
        /// `2026-12-24`, `today 20:00`); an event there is planned, not yet lived.
        public var isPlanned: Bool
    }

    // MARK: - Public entry points

    /// Reads a day phrase (no time).
    /// - Throws: `DatePhraseError` naming the accepted forms.
    public static func day(_ text: String, now: Date, timeZone: TimeZone) throws -> Day {
        // `2026-05-01` as it is (the form scripts write) needs no `Calendar`: making one was
        // a tenth of `kith upcoming --as-of`'s instructions.
        if let day = LocalDate(text) { return day }
        let tokens = tokenize(text)
        guard !tokens.isEmpty else { throw DatePhraseError(phrase: text, kind: .day, reason: "it is empty") }
        let context = Context(now: now, timeZone: timeZone)
        switch parseDay(tokens[...], context) {
        case .success(let day): return day
        case .failure(let reason): throw DatePhraseError(phrase: text, kind: .day, reason: reason.text)
        }
    }

    /// Reads a day with an optional time, and resolves it to an instant in `timeZone`.
    /// A time alone means today at that time.
    /// - Throws: `DatePhraseError` naming the accepted forms.
    public static func moment(_ text: String, now: Date, timeZone: TimeZone) throws -> Moment {
        var tokens = tokenize(text)
        guard !tokens.isEmpty else { throw DatePhraseError(phrase: text, kind: .moment, reason: "it is empty") }
        let context = Context(now: now, timeZone: timeZone)
        if tokens == [Array("now".utf8)] {
            let c = context.calendar.dateComponents([.hour, .minute, .second], from: now)
            return Moment(day: context.today, time: Time(hour: c.hour!, minute: c.minute!, second: c.second!), date: now, isPlanned: false)
        }
        // `tonight`, `this evening`, `last night`, `yesterday morning`: a part of the day is a time.
        if tokens == [Array("tonight".utf8)] { tokens = [Array("this".utf8), Array("night".utf8)] }
        if tokens.count >= 2, let part = partOfDay(tokens[tokens.count - 1]) {
            var dayTokens = tokens.dropLast()
            let word = String(decoding: dayTokens.last!, as: UTF8.self)
            if word == "this" || word == "last" { dayTokens = dayTokens.dropLast() }
            guard dayTokens.isEmpty == (word == "this" || word == "last") else {
                throw DatePhraseError(phrase: text, kind: .moment, reason: nil)
            }
            var day = context.today
            if word == "last" {
                // `last night`; `last morning` is not something people say.
                guard part.hour == 21 else { throw DatePhraseError(phrase: text, kind: .moment, reason: nil) }
                day = context.adding(.day, -1, to: context.today)
            } else if !dayTokens.isEmpty {
                switch parseDay(dayTokens, context) {
                case .success(let d): day = d
                case .failure(let reason): throw DatePhraseError(phrase: text, kind: .moment, reason: reason.text)
                }
            }
            return try resolve(text, day: day, time: part, bare: bareness(dayTokens), context)
        }

        // `2026-11-21T15:30` is one token: split it.
        if tokens.count == 1, digit(tokens[0][0]) != nil, let t = tokens[0].firstIndex(of: UInt8(ascii: "t")), t > 0 {
            let token = tokens[0]
            tokens = [Array(token[..<t]), Array(token[(t + 1)...])]
        }

        var time: Time?
        var dayTokens = tokens[...]
        // The time is at the end (`yesterday 3 pm`) or at the start (`15:30 yesterday`).
        if let (parsed, used) = parseTrailingTime(dayTokens) {
            time = parsed
            dayTokens = dayTokens.dropLast(used)
            if dayTokens.last == Array("at".utf8) { dayTokens = dayTokens.dropLast() }
        } else if let (parsed, used) = parseLeadingTime(dayTokens) {
            time = parsed
            dayTokens = dayTokens.dropFirst(used)
        }

        let day: Day
        if dayTokens.isEmpty {
            guard time != nil else { throw DatePhraseError(phrase: text, kind: .moment, reason: nil) }
            day = context.today
            return try resolve(text, day: day, time: time, bare: .time, context)
        } else {
            switch parseDay(dayTokens, context) {
            case .success(let d): day = d
            case .failure(let reason):
                // A malformed time (`25:00`) is more useful to report than "not a day".
                if time == nil, let last = tokens.last, last.contains(UInt8(ascii: ":")) || last.hasSuffix("am") || last.hasSuffix("pm") {
                    throw DatePhraseError(phrase: text, kind: .moment, reason: "\"\(String(decoding: last, as: UTF8.self))\" is not a time of day")
                }
                throw DatePhraseError(phrase: text, kind: .moment, reason: reason.text)
            }
        }
        return try resolve(text, day: day, time: time, bare: bareness(dayTokens), context)
    }

    /// What a phrase left unsaid, which decides how far back a later-than-now time goes.
    enum Bareness { case time, weekday, written }

    /// `.weekday` for a bare weekday (`friday`), else `.written`.
    static func bareness(_ dayTokens: ArraySlice<[UInt8]>) -> Bareness {
        dayTokens.count == 1 && weekdayNumber(String(decoding: dayTokens.first!, as: UTF8.self)) != nil ? .weekday : .written
    }

    /// The moment at `day` and `time`, read as the past when the phrase left the day unsaid
    /// (a bare time goes back a day, a bare weekday a week); else as written.
    static func resolve(_ text: String, day: Day, time: Time?, bare: Bareness, _ context: Context) throws -> Moment {
        var day = day
        func instant(_ day: Day) throws -> Date {
            guard let date = context.date(day, time ?? Time(hour: 0, minute: 0)) else {
                throw DatePhraseError(phrase: text, kind: .moment, reason: "no such moment in \(context.calendar.timeZone.identifier)")
            }
            return date
        }
        var date = try instant(day)
        if date > context.now, time != nil, bare != .written {
            day = context.adding(.day, bare == .time ? -1 : -7, to: day)
            date = try instant(day)
        }
        return Moment(day: day, time: time, date: date, isPlanned: date > context.now)
    }

    /// `morning` 09:00, `afternoon` 15:00, `evening` 19:00, `night` 21:00.
    static func partOfDay(_ token: [UInt8]) -> Time? {
        switch String(decoding: token, as: UTF8.self) {
        case "morning": return Time(hour: 9, minute: 0)
        case "afternoon": return Time(hour: 15, minute: 0)
        case "evening": return Time(hour: 19, minute: 0)
        case "night": return Time(hour: 21, minute: 0)
        default: return nil
        }
    }

    /// Reads a duration such as `90m`, `2h`, `1h30m`, `1h 30m`, `45 min` or `1d`.
    /// - Returns: the number of seconds, more than zero.
    /// - Throws: `DatePhraseError` naming the accepted forms.
    public static func duration(_ text: String) throws -> Int {
        let bytes = Array(text.utf8).map(lowercased)
        var i = 0
        var total = 0
        var sawPart = false
        func skipSpace() { while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 } }
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") {
            throw DatePhraseError(phrase: text, kind: .duration, reason: "a duration cannot be negative")
        }
        while i < bytes.count {
            var number = 0
            var digits = 0
            while i < bytes.count, let d = digit(bytes[i]) {
                number = number &* 10 &+ d
                digits += 1
                i += 1
                guard digits <= 6 else { throw DatePhraseError(phrase: text, kind: .duration, reason: "the number is too large") }
            }
            guard digits > 0 else { throw DatePhraseError(phrase: text, kind: .duration, reason: nil) }
            skipSpace()
            var unit: [UInt8] = []
            while i < bytes.count, isLetter(bytes[i]) { unit.append(bytes[i]); i += 1 }
            let seconds: Int
            switch String(decoding: unit, as: UTF8.self) {
            case "s", "sec", "secs", "second", "seconds": seconds = 1
            case "m", "min", "mins", "minute", "minutes": seconds = 60
            case "h", "hr", "hrs", "hour", "hours": seconds = 3600
            case "d", "day", "days": seconds = 86400
            case "":
                throw DatePhraseError(phrase: text, kind: .duration, reason: "\(number) needs a unit (m or h)")
            default:
                throw DatePhraseError(phrase: text, kind: .duration, reason: "unknown unit \"\(String(decoding: unit, as: UTF8.self))\"")
            }
            total += number * seconds
            sawPart = true
            skipSpace()
        }
        guard sawPart else { throw DatePhraseError(phrase: text, kind: .duration, reason: "it is empty") }
        guard total > 0 else { throw DatePhraseError(phrase: text, kind: .duration, reason: "it must be longer than zero") }
        return total
    }

    /// The local day `date` falls on in `timeZone`.
    public static func day(of date: Date, in timeZone: TimeZone) -> Day {
        Context(now: date, timeZone: timeZone).today
    }

    // MARK: - Internals

    struct Context {
        var calendar: Calendar
        var now: Date
        var today: Day

        init(now: Date, timeZone: TimeZone) {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            self.calendar = calendar
            self.now = now
            let c = calendar.dateComponents([.year, .month, .day], from: now)
            today = Day(uncheckedYear: c.year!, month: c.month!, day: c.day!)
        }

        /// 1 = Sunday … 7 = Saturday, like `Calendar`.
        var todayWeekday: Int { calendar.component(.weekday, from: now) }

        func adding(_ component: Calendar.Component, _ value: Int, to day: Day) -> Day {
            let noon = date(day, Time(hour: 12, minute: 0))!
            let moved = calendar.date(byAdding: component, value: value, to: noon)!
            let c = calendar.dateComponents([.year, .month, .day], from: moved)
            return Day(uncheckedYear: c.year!, month: c.month!, day: c.day!)
        }

        func date(_ day: Day, _ time: Time) -> Date? {
            var c = DateComponents()
            c.year = day.year
            c.month = day.month
            c.day = day.day
            c.hour = time.hour
            c.minute = time.minute
            c.second = time.second
            return calendar.date(from: c)
        }

        func isValid(_ day: Day) -> Bool {
            guard (1...12).contains(day.month), day.day >= 1, day.year >= 1, day.year <= 9999 else { return false }
            return day.day <= DatePhrase.daysIn(month: day.month, year: day.year)
        }
    }

    struct Reason: Error {
        var text: String?
    }

    static func daysIn(month: Int, year: Int) -> Int { CivilDay.daysInMonth(year: year, month: month) }

    static func parseDay(_ tokens: ArraySlice<[UInt8]>, _ context: Context) -> Result<Day, Reason> {
        let words = tokens.map { String(decoding: $0, as: UTF8.self) }
        switch words.count {
        case 1:
            let word = words[0]
            switch word {
            case "today", "now": return .success(context.today)
            case "yesterday": return .success(context.adding(.day, -1, to: context.today))
            case "tomorrow": return .success(context.adding(.day, 1, to: context.today))
            default: break
            }
            if let weekday = weekdayNumber(word) {
                let back = (context.todayWeekday - weekday + 7) % 7
                return .success(context.adding(.day, -back, to: context.today))
            }
            if let numeric = parseNumericDate(tokens.first!) {
                switch numeric {
                case .full(let day):
                    return context.isValid(day) ? .success(day) : .failure(Reason(text: "\(word) is not a day of the calendar"))
                case .monthDay(let month, let day):
                    return pastMonthDay(month: month, day: day, context)
                }
            }
        case 2:
            if words[0] == "last", let weekday = weekdayNumber(words[1]) {
                var back = (context.todayWeekday - weekday + 7) % 7
                if back == 0 { back = 7 }
                return .success(context.adding(.day, -back, to: context.today))
            }
            if words[0] == "last", words[1] == "week" {
                return .success(context.adding(.day, -7, to: context.today))
            }
            if let month = monthNumber(words[0]), let day = smallNumber(tokens.last!) {
                return pastMonthDay(month: month, day: day, context)
            }
            if let month = monthNumber(words[1]), let day = smallNumber(tokens.first!) {
                return pastMonthDay(month: month, day: day, context)
            }
        case 3:
            if words[2] == "ago" {
                let count: Int?
                if words[0] == "a" || words[0] == "an" || words[0] == "one" { count = 1 } else { count = smallNumber(tokens.first!) }
                guard let n = count else { break }
                switch words[1] {
                case "day", "days": return .success(context.adding(.day, -n, to: context.today))
                case "week", "weeks": return .success(context.adding(.day, -7 * n, to: context.today))
                case "month", "months": return .success(context.adding(.month, -n, to: context.today))
                case "year", "years": return .success(context.adding(.year, -n, to: context.today))
                default: break
                }
            }
            // `nov 21 2025`, `21 nov 2025`
            if let year = smallNumber(tokens.last!), year >= 1000 {
                var day: Int?
                var month: Int?
                if let m = monthNumber(words[0]) {
                    month = m; day = smallNumber(tokens[tokens.startIndex + 1])
                } else if let m = monthNumber(words[1]) {
                    month = m; day = smallNumber(tokens.first!)
                }
                if let month, let day {
                    let d = Day(uncheckedYear: year, month: month, day: day)
                    return context.isValid(d) ? .success(d) : .failure(Reason(text: "\(d) is not a day of the calendar"))
                }
            }
        default:
            break
        }
        return .failure(Reason(text: nil))
    }

    /// The most recent `month`-`day` that is today or before.
    static func pastMonthDay(month: Int, day: Int, _ context: Context) -> Result<Day, Reason> {
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: 2000) else {
            return .failure(Reason(text: "month \(month) has no day \(day)"))
        }
        var year = context.today.year
        while true {
            let candidate = Day(uncheckedYear: year, month: month, day: day)
            if context.isValid(candidate), candidate <= context.today { return .success(candidate) }
            year -= 1
        }
    }

    enum NumericDate { case full(Day), monthDay(Int, Int) }

    /// `2026-11-21`, `2026/11/21`, `11-21`, `--11-21`.
    static func parseNumericDate(_ token: [UInt8]) -> NumericDate? {
        var bytes = token[...]
        if bytes.starts(with: [0x2D, 0x2D]) { bytes = bytes.dropFirst(2) }
        let parts = bytes.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        let pieces = parts.count == 1 ? bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) : parts
        let numbers = pieces.map { piece -> Int? in
            guard !piece.isEmpty, piece.count <= 4 else { return nil }
            var n = 0
            for b in piece { guard let d = digit(b) else { return nil }; n = n * 10 + d }
            return n
        }
        guard numbers.allSatisfy({ $0 != nil }) else { return nil }
        if numbers.count == 3, pieces[0].count == 4, pieces[1].count <= 2, pieces[2].count <= 2 {
            return .full(Day(uncheckedYear: numbers[0]!, month: numbers[1]!, day: numbers[2]!))
        }
        if numbers.count == 2, pieces[0].count <= 2, pieces[1].count <= 2 {
            return .monthDay(numbers[0]!, numbers[1]!)
        }
        return nil
    }

    static func parseTrailingTime(_ tokens: ArraySlice<[UInt8]>) -> (Time, Int)? {
        guard let last = tokens.last else { return nil }
        if last == Array("am".utf8) || last == Array("pm".utf8), tokens.count >= 2 {
            let joined = tokens[tokens.endIndex - 2] + last
            if let time = parseTime(joined) { return (time, 2) }
            return nil
        }
        if let time = parseTime(last) { return (time, 1) }
        return nil
    }

    static func parseLeadingTime(_ tokens: ArraySlice<[UInt8]>) -> (Time, Int)? {
        guard let first = tokens.first, tokens.count >= 2 else { return nil }
        var used = 0
        var rest = tokens
        if first == Array("at".utf8) { rest = rest.dropFirst(); used = 1 }
        guard let head = rest.first else { return nil }
        // Spelled out step by step: the one-condition form crashed Swift 6.3.1's optimizer
        // (SIL verification in OwnershipModelEliminator) in release builds.
        if rest.count >= 2 {
            let next: [UInt8] = rest[rest.startIndex + 1]
            if next == Array("am".utf8) || next == Array("pm".utf8) {
                var joined = head
                joined.append(contentsOf: next)
                if let time = parseTime(joined) { return (time, used + 2) }
            }
        }
        if let time = parseTime(head) { return (time, used + 1) }
        return nil
    }

    /// `15:30`, `15:30:10`, `3pm`, `8:15am`, `12am`, `noon`, `midnight`.
    static func parseTime(_ token: [UInt8]) -> Time? {
        if token == Array("noon".utf8) { return Time(hour: 12, minute: 0) }
        if token == Array("midnight".utf8) { return Time(hour: 0, minute: 0) }
        var bytes = token[...]
        var meridiem: UInt8?
        if bytes.count > 2, bytes.last == UInt8(ascii: "m"),
            let marker = bytes.dropLast().last, marker == UInt8(ascii: "a") || marker == UInt8(ascii: "p")
        {
            meridiem = marker
            bytes = bytes.dropLast(2)
        }
        let parts = bytes.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        if parts.count == 1, meridiem == nil { return nil }  // a bare number is not a time
        var values: [Int] = []
        for (index, part) in parts.enumerated() {
            guard !part.isEmpty, part.count <= 2, index == 0 || part.count == 2 else { return nil }
            var n = 0
            for b in part { guard let d = digit(b) else { return nil }; n = n * 10 + d }
            values.append(n)
        }
        var hour = values[0]
        let minute = values.count > 1 ? values[1] : 0
        let second = values.count > 2 ? values[2] : 0
        guard minute < 60, second < 60 else { return nil }
        if let meridiem {
            guard (1...12).contains(hour) else { return nil }
            if hour == 12 { hour = 0 }
            if meridiem == UInt8(ascii: "p") { hour += 12 }
        } else {
            guard hour < 24 else { return nil }
        }
        return Time(hour: hour, minute: minute, second: second)
    }

    /// Lowercased words split on spaces, tabs and commas.
    static func tokenize(_ text: String) -> [[UInt8]] {
        var tokens: [[UInt8]] = []
        var current: [UInt8] = []
        for byte in text.utf8 {
            if byte == 0x20 || byte == 0x09 || byte == 0x2C || byte == 0x0A {
                if !current.isEmpty { tokens.append(current); current = [] }
            } else {
                current.append(lowercased(byte))
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    static func smallNumber(_ token: [UInt8]) -> Int? {
        guard !token.isEmpty, token.count <= 5 else { return nil }
        var n = 0
        for b in token { guard let d = digit(b) else { return nil }; n = n * 10 + d }
        return n
    }

    /// 1 = Sunday … 7 = Saturday.
    static func weekdayNumber(_ word: String) -> Int? {
        switch word {
        case "sunday", "sun": return 1
        case "monday", "mon": return 2
        case "tuesday", "tue", "tues": return 3
        case "wednesday", "wed": return 4
        case "thursday", "thu", "thur", "thurs": return 5
        case "friday", "fri": return 6
        case "saturday", "sat": return 7
        default: return nil
        }
    }

    static func monthNumber(_ word: String) -> Int? {
        let names = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        let full = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]
        if let i = names.firstIndex(of: word) { return i + 1 }
        if let i = full.firstIndex(of: word) { return i + 1 }
        if word == "sept" { return 9 }
        return nil
    }

    @inline(__always) static func digit(_ b: UInt8) -> Int? {
        b >= 0x30 && b <= 0x39 ? Int(b - 0x30) : nil
    }

    @inline(__always) static func isLetter(_ b: UInt8) -> Bool { b >= 0x61 && b <= 0x7A }

    @inline(__always) static func lowercased(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b + 0x20 : b }
}

extension Array where Element == UInt8 {
    fileprivate func hasSuffix(_ s: String) -> Bool { self.reversed().starts(with: Array(s.utf8).reversed()) }
}

/// A phrase that could not be read, with the forms that would have been.
public struct DatePhraseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What the phrase was meant to be.
    public enum Kind: Hashable, Sendable { case day, moment, duration }

    /// The text as the user wrote it.
    public var phrase: String
    public var kind: Kind
    /// Why it failed, when more specific than "cannot read".
    public var reason: String?

    /// What went wrong.
    public var problem: String {
        let what: String
        switch kind {
        case .day: what = "a date"
        case .moment: what = "a date and time"
        case .duration: what = "a duration"
        }
        if let reason { return "cannot read \"\(phrase)\" as \(what): \(reason)" }
        return "cannot read \"\(phrase)\" as \(what)"
    }

    /// The forms that are accepted.
    public var advice: String {
        switch kind {
        case .day:
            return "use 2026-11-21, today, yesterday, a weekday like friday or last friday, or 3 days ago"
        case .moment:
            return
                "use 2026-11-21, today, yesterday, friday, last friday or 3 days ago, optionally followed by a time like 15:30, 3pm or 8:15am, or this morning, this evening, last night"
        case .duration:
            return "use a length of time above zero in minutes and hours like 90m, 2h or 1h30m"
        }
    }

    public var description: String { "\(problem) (\(advice))" }
}
