/// What a yearly rule anchored on 29 February does in years without that day.
public enum LeapDayPolicy: Sendable, Hashable {
    /// Skip those years (RFC 5545; what Google, Apple and python-dateutil do).
    case skip
    /// Use 28 February (how most people celebrate a leap-day birthday).
    case february28
    /// Use 1 March.
    case march1
}

extension RecurrenceRule {
    /// Expands the rule on wall-clock time ("local seconds"), DTSTART first.
    ///
    /// - Parameters:
    ///   - start: DTSTART in local seconds.
    ///   - isDate: whether DTSTART is a DATE (times of day are then ignored).
    ///   - beyondUntil: true for a candidate after UNTIL (the caller knows the zone).
    ///   - limit: stop after this local time.
    ///   - maxCount: stop after this many occurrences.
    /// - Complexity: O(periods between start and limit).
    func expandLocal(
        start: Int64, isDate: Bool, beyondUntil: (Int64) -> Bool, limit: Int64,
        maxCount: Int, leapDay: LeapDayPolicy = .skip
    ) -> [Int64] {
        var out: [Int64] = []
        let cap = min(count ?? Int.max, maxCount)
        if cap <= 0 || start > limit || beyondUntil(start) { return out }
        out.append(start)
        if out.count >= cap { return out }
        let sf = CivilTime.fields(start)
        let startDays = Int(start >= 0 ? start / 86400 : (start - 86399) / 86400)
        let startSecondOfDay = Int(start - Int64(startDays) * 86400)
        let interval = max(1, self.interval)

        // Sub-daily frequencies: step and filter.
        if frequency == .hourly || frequency == .minutely || frequency == .secondly {
            let unit: Int64 = frequency == .hourly ? 3600 : frequency == .minutely ? 60 : 1
            var t = start
            var misses = 0
            while misses < 500_000 {
                t += unit * Int64(interval)
                if t > limit || beyondUntil(t) { break }
                let f = CivilTime.fields(t)
                let d = Int(t / 86400)
                if matchesFilters(days: d, year: f.year, month: f.month, day: f.day)
                    && (byHour.isEmpty || byHour.contains(f.hour))
                    && (byMinute.isEmpty || byMinute.contains(f.minute))
                    && (bySecond.isEmpty || bySecond.contains(f.second))
                {
                    out.append(t); misses = 0
                    if out.count >= cap { break }
                } else {
                    misses += 1
                }
            }
            return out
        }

        var times: [Int] = [startSecondOfDay]
        if !isDate && (!byHour.isEmpty || !byMinute.isEmpty || !bySecond.isEmpty) {
            times = []
            for h in (byHour.isEmpty ? [sf.hour] : byHour.sorted()) {
                for m in (byMinute.isEmpty ? [sf.minute] : byMinute.sorted()) {
                    for s in (bySecond.isEmpty ? [sf.second] : bySecond.sorted()) { times.append(h * 3600 + m * 60 + s) }
                }
            }
        }

        var k = 0
        var emptyRuns = 0
        let wkst = (weekStart ?? .monday).rawValue
        let startWeek = startDays - ((CivilTime.weekday(days: startDays) - wkst + 7) % 7)
        while emptyRuns < 1200 {
            defer { k += 1 }
            var days: [Int] = []
            let periodStart: Int
            switch frequency {
            case .yearly:
                let y = sf.year + k * interval
                if y > 9999 { return out }
                periodStart = CivilTime.days(year: y, month: 1, day: 1)
                days = yearDays(year: y, startMonth: sf.month, startDay: sf.day, leapDay: leapDay)
            case .monthly:
                let total = sf.year * 12 + (sf.month - 1) + k * interval
                let y = total / 12, m = total % 12 + 1
                if y > 9999 { return out }
                periodStart = CivilTime.days(year: y, month: m, day: 1)
                if byMonth.isEmpty || byMonth.contains(m) {
                    days = monthDays(year: y, month: m, defaultDay: sf.day)
                }
            case .weekly:
                periodStart = startWeek + k * interval * 7
                let weekdays = byDay.isEmpty ? [CivilTime.weekday(days: startDays)] : byDay.map(\.weekday.rawValue)
                for wd in weekdays {
                    let d = periodStart + (wd - wkst + 7) % 7
                    if byMonth.isEmpty || byMonth.contains(CivilTime.date(days: d).month) { days.append(d) }
                }
            default:  // daily
                periodStart = startDays + k * interval
                let c = CivilTime.date(days: periodStart)
                if matchesFilters(days: periodStart, year: c.year, month: c.month, day: c.day) { days = [periodStart] }
            }
            if Int64(periodStart) * 86400 > limit { return out }
            days.sort()
            var candidates: [Int64] = []
            candidates.reserveCapacity(days.count * times.count)
            var last = Int.min
            for d in days where d != last {
                last = d
                for t in times { candidates.append(Int64(d) * 86400 + Int64(t)) }
            }
            if !bySetPos.isEmpty && !candidates.isEmpty {
                var picked: [Int64] = []
                for p in bySetPos {
                    let i = p > 0 ? p - 1 : candidates.count + p
                    if i >= 0 && i < candidates.count { picked.append(candidates[i]) }
                }
                candidates = Array(Set(picked)).sorted()
            }
            var any = false
            for c in candidates where c > start {
                if c > limit || beyondUntil(c) { return out }
                out.append(c); any = true
                if out.count >= cap { return out }
            }
            emptyRuns = any ? 0 : emptyRuns + 1
        }
        return out
    }

    private func matchesFilters(days: Int, year: Int, month: Int, day: Int) -> Bool {
        if !byMonth.isEmpty && !byMonth.contains(month) { return false }
        if !byMonthDay.isEmpty {
            let dim = CivilTime.daysInMonth(year: year, month: month)
            if !byMonthDay.contains(where: { $0 > 0 ? $0 == day : dim + $0 + 1 == day }) { return false }
        }
        if !byDay.isEmpty {
            let wd = CivilTime.weekday(days: days)
            if !byDay.contains(where: { $0.weekday.rawValue == wd }) { return false }
        }
        return true
    }

    /// Day numbers of a month selected by BYMONTHDAY / BYDAY, or the start's day of month.
    private func monthDays(year: Int, month: Int, defaultDay: Int) -> [Int] {
        let first = CivilTime.days(year: year, month: month, day: 1)
        let dim = CivilTime.daysInMonth(year: year, month: month)
        if !byMonthDay.isEmpty {
            var out: [Int] = []
            for n in byMonthDay {
                let d = n > 0 ? n : dim + n + 1
                guard d >= 1 && d <= dim else { continue }
                let dn = first + d - 1
                if byDay.isEmpty || byDay.contains(where: { $0.weekday.rawValue == CivilTime.weekday(days: dn) }) { out.append(dn) }
            }
            return out
        }
        if !byDay.isEmpty { return weekdayDays(from: first, count: dim) }
        return defaultDay <= dim ? [first + defaultDay - 1] : []
    }

    /// Days in `[from, from+count)` matching BYDAY, ordinals counted inside that span.
    private func weekdayDays(from first: Int, count: Int) -> [Int] {
        var out: [Int] = []
        let firstWd = CivilTime.weekday(days: first)
        for wn in byDay {
            let offset = (wn.weekday.rawValue - firstWd + 7) % 7
            var all: [Int] = []
            var d = offset
            while d < count { all.append(first + d); d += 7 }
            if let n = wn.ordinal {
                let i = n > 0 ? n - 1 : all.count + n
                if i >= 0 && i < all.count { out.append(all[i]) }
            } else {
                out.append(contentsOf: all)
            }
        }
        return out
    }

    private func yearDays(year y: Int, startMonth: Int, startDay: Int, leapDay: LeapDayPolicy) -> [Int] {
        let jan1 = CivilTime.days(year: y, month: 1, day: 1)
        let diy = CivilTime.daysInYear(y)
        var days: [Int] = []
        if !byYearDay.isEmpty {
            for n in byYearDay {
                let i = n > 0 ? n - 1 : diy + n
                guard i >= 0 && i < diy else { continue }
                let d = jan1 + i
                let c = CivilTime.date(days: d)
                if matchesFilters(days: d, year: c.year, month: c.month, day: c.day) { days.append(d) }
            }
            return days
        }
        if !byWeekNo.isEmpty {
            let wkst = (weekStart ?? .monday).rawValue
            // Week 1 is the first week with at least four days in the year.
            let jan4 = jan1 + 3
            let week1 = jan4 - ((CivilTime.weekday(days: jan4) - wkst + 7) % 7)
            let nextJan4 = CivilTime.days(year: y + 1, month: 1, day: 4)
            let nextWeek1 = nextJan4 - ((CivilTime.weekday(days: nextJan4) - wkst + 7) % 7)
            let weeks = (nextWeek1 - week1) / 7
            let weekdays =
                byDay.isEmpty ? [CivilTime.weekday(days: CivilTime.days(year: y, month: startMonth, day: min(startDay, 28)))] : byDay.map(\.weekday.rawValue)
            for n in byWeekNo {
                let w = n > 0 ? n - 1 : weeks + n
                guard w >= 0 && w < weeks else { continue }
                for wd in weekdays {
                    let d = week1 + w * 7 + (wd - wkst + 7) % 7
                    if byMonth.isEmpty || byMonth.contains(CivilTime.date(days: d).month) { days.append(d) }
                }
            }
            return days
        }
        if !byMonthDay.isEmpty || !byDay.isEmpty {
            if !byMonthDay.isEmpty || !byMonth.isEmpty {
                let months = byMonth.isEmpty ? Array(1...12) : byMonth
                for m in months { days += monthDays(year: y, month: m, defaultDay: startDay) }
            } else {
                days = weekdayDays(from: jan1, count: diy)
            }
            return days
        }
        for m in (byMonth.isEmpty ? [startMonth] : byMonth) {
            if startDay <= CivilTime.daysInMonth(year: y, month: m) {
                days.append(CivilTime.days(year: y, month: m, day: startDay))
            } else if m == 2 && startDay == 29 {
                switch leapDay {
                case .skip: break
                case .february28: days.append(CivilTime.days(year: y, month: 2, day: 28))
                case .march1: days.append(CivilTime.days(year: y, month: 3, day: 1))
                }
            }
        }
        return days
    }
}
