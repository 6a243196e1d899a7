import Foundation
import Testing

@testable import ICalendarFormat

@Suite struct RecurrenceRuleTests {
    @Test(arguments: [
        "FREQ=WEEKLY;WKST=SU;COUNT=6;BYDAY=MO",
        "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
        "FREQ=MONTHLY;BYDAY=4TH;BYSETPOS=1;COUNT=4",
        "FREQ=WEEKLY;INTERVAL=1;UNTIL=20260419T075959Z",
        "FREQ=DAILY;BYHOUR=9,17;X-NAME=keep",
        "freq=monthly;bymonthday=-1",
    ])
    func writesRulesBackUnchanged(_ text: String) throws {
        let rule = try RecurrenceRule(text)
        #expect(rule.description == text)
    }

    @Test func parsesEveryPart() throws {
        let r = try RecurrenceRule("FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=2MO,-1FR,SU;BYMONTHDAY=1,-1;BYMONTH=1,6;BYSETPOS=-1;WKST=MO;RSCALE=GREGORIAN")
        #expect(r.frequency == .monthly && r.interval == 2 && r.count == 10)
        #expect(r.byDay == [.init(.monday, ordinal: 2), .init(.friday, ordinal: -1), .init(.sunday)])
        #expect(r.byMonthDay == [1, -1] && r.byMonth == [1, 6] && r.bySetPos == [-1] && r.weekStart == .monday)
        #expect(r.otherParts == [ICalParameter("RSCALE", "GREGORIAN")])
    }

    @Test func changedRulesAreWrittenCanonically() throws {
        var r = try RecurrenceRule("BYDAY=MO;FREQ=WEEKLY")
        #expect(r.description == "BYDAY=MO;FREQ=WEEKLY")
        r.count = 3
        #expect(r.description == "FREQ=WEEKLY;COUNT=3;BYDAY=MO")
    }

    @Test(arguments: ["FREQ=SOMETIMES", "BYDAY=MO", "FREQ=DAILY;INTERVAL=0", "FREQ=WEEKLY;BYDAY=XX", "FREQ=MONTHLY;BYMONTHDAY=32", "FREQ=DAILY;COUNT"])
    func rejectsBadRules(_ text: String) {
        #expect(throws: RecurrenceRule.ParseError.self) { try RecurrenceRule(text) }
    }

    /// Expands a rule on a floating DTSTART and returns the local starts as text.
    private func expand(_ rule: String, from start: String, until limit: String = "20300101T000000", leapDay: LeapDayPolicy = .skip) throws -> [String] {
        let r = try RecurrenceRule(rule)
        let s = try #require(ICalDateTime(start))
        let l = try #require(ICalDateTime(limit)).localSeconds
        return r.expandLocal(
            start: s.localSeconds, isDate: s.isDate,
            beyondUntil: { l in
                guard let u = r.until else { return false }
                return l > u.localSeconds
            }, limit: l, maxCount: 1000, leapDay: leapDay
        ).map { ICalDateTime(localSeconds: $0, form: s.isDate ? .date : .floating).description }
    }

    @Test func expandsDaily() throws {
        #expect(try expand("FREQ=DAILY;COUNT=3", from: "20260228T080000") == ["20260228T080000", "20260301T080000", "20260302T080000"])
        #expect(
            try expand("FREQ=DAILY;INTERVAL=2;UNTIL=20260307T080000", from: "20260301T080000")
                == ["20260301T080000", "20260303T080000", "20260305T080000", "20260307T080000"])
    }

    @Test func expandsWeeklyByDay() throws {
        #expect(
            try expand("FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=5", from: "20260302T180000")
                == ["20260302T180000", "20260304T180000", "20260306T180000", "20260309T180000", "20260311T180000"])
        // Every other week; WKST matters for which weeks are skipped.
        #expect(
            try expand("FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO", from: "19970805T090000")
                == ["19970805T090000", "19970810T090000", "19970819T090000", "19970824T090000"])
        #expect(
            try expand("FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU", from: "19970805T090000")
                == ["19970805T090000", "19970817T090000", "19970819T090000", "19970831T090000"])
    }

    @Test func expandsMonthlyByDayAndNthWeekday() throws {
        #expect(
            try expand("FREQ=MONTHLY;COUNT=4", from: "20260131T100000")
                == ["20260131T100000", "20260331T100000", "20260531T100000", "20260731T100000"], "months without a 31st are skipped")
        #expect(
            try expand("FREQ=MONTHLY;BYDAY=4TH;COUNT=4", from: "20260326T090000")
                == ["20260326T090000", "20260423T090000", "20260528T090000", "20260625T090000"])
        #expect(
            try expand("FREQ=MONTHLY;BYDAY=-1FR;COUNT=3", from: "20260130T120000")
                == ["20260130T120000", "20260227T120000", "20260327T120000"])
        #expect(
            try expand("FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=3", from: "20260131")
                == ["20260131", "20260228", "20260331"])
        #expect(
            try expand("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=3", from: "20260130T170000")
                == ["20260130T170000", "20260227T170000", "20260331T170000"], "last workday of the month")
    }

    @Test func expandsYearlyBirthdays() throws {
        #expect(try expand("FREQ=YEARLY;COUNT=3", from: "19900412") == ["19900412", "19910412", "19920412"])
        #expect(try expand("FREQ=YEARLY", from: "20000229", until: "20130101T000000") == ["20000229", "20040229", "20080229", "20120229"])
        #expect(
            try expand("FREQ=YEARLY;COUNT=5", from: "20000229", leapDay: .february28)
                == ["20000229", "20010228", "20020228", "20030228", "20040229"])
        #expect(try expand("FREQ=YEARLY;COUNT=2", from: "20000229", leapDay: .march1) == ["20000229", "20010301"])
        #expect(
            try expand("FREQ=YEARLY;BYMONTH=11;BYDAY=4TH;COUNT=3", from: "20261126T120000")
                == ["20261126T120000", "20271125T120000", "20281123T120000"], "US Thanksgiving")
        #expect(try expand("FREQ=YEARLY;BYYEARDAY=1,-1;COUNT=3", from: "20260101") == ["20260101", "20261231", "20270101"])
    }

    @Test func expandsTimesOfDayAndSubDailyRules() throws {
        #expect(
            try expand("FREQ=DAILY;BYHOUR=9,17;COUNT=4", from: "20260301T090000")
                == ["20260301T090000", "20260301T170000", "20260302T090000", "20260302T170000"])
        #expect(
            try expand("FREQ=HOURLY;INTERVAL=6;COUNT=3", from: "20260301T220000")
                == ["20260301T220000", "20260302T040000", "20260302T100000"])
        #expect(
            try expand("FREQ=MINUTELY;INTERVAL=30;BYHOUR=9;COUNT=3", from: "20260301T090000")
                == ["20260301T090000", "20260301T093000", "20260302T090000"])
    }

    @Test func anImpossibleRuleEnds() throws {
        #expect(try expand("FREQ=MONTHLY;BYMONTHDAY=31;BYMONTH=2", from: "20260131") == ["20260131"])
    }

    private let newYork = ICalTimeZoneResolver(floatingTimeZone: TimeZone(identifier: "UTC")!)

    @Test func keepsWallTimeAcrossDaylightSavingInNewYork() throws {
        var e = ICalComponent(name: "VEVENT")
        e.dtStart = ICalDateTime("20260306T093000", tzid: "America/New_York")
        e.duration = ICalDuration(hours: 1)
        e.recurrenceRule = try RecurrenceRule("FREQ=DAILY;COUNT=4")
        let occ = e.occurrences(from: utc(2026, 1, 1), to: utc(2027, 1, 1), resolver: newYork)
        #expect(
            occ.map { isoUTC($0.startDate) } == [
                "2026-03-06T14:30:00Z", "2026-03-07T14:30:00Z", "2026-03-08T13:30:00Z", "2026-03-09T13:30:00Z",
            ])
        #expect(occ.map { $0.start.description } == ["20260306T093000", "20260307T093000", "20260308T093000", "20260309T093000"])
        #expect(occ.allSatisfy { $0.endDate.timeIntervalSince($0.startDate) == 3600 })
    }

    @Test func keepsWallTimeAcrossDaylightSavingInBerlinWithUTCUntil() throws {
        var e = ICalComponent(name: "VEVENT")
        e.dtStart = ICalDateTime("20260322T100000", tzid: "Europe/Berlin")
        e.recurrenceRule = try RecurrenceRule("FREQ=WEEKLY;UNTIL=20260405T080000Z")
        let occ = e.occurrences(from: utc(2026, 1, 1), to: utc(2027, 1, 1), resolver: newYork)
        #expect(occ.map { isoUTC($0.startDate) } == ["2026-03-22T09:00:00Z", "2026-03-29T08:00:00Z", "2026-04-05T08:00:00Z"])
    }

    @Test func appliesExdateAndRdate() throws {
        var e = ICalComponent(name: "VEVENT")
        e.dtStart = ICalDateTime("20260105T080000", tzid: "Asia/Taipei")
        e.recurrenceRule = try RecurrenceRule("FREQ=WEEKLY;COUNT=4")
        e.setExceptionDates([try #require(ICalDateTime("20260112T080000", tzid: "Asia/Taipei")), try #require(ICalDateTime("20260119T000000Z"))])
        e.setRecurrenceDates([try #require(ICalDateTime("20260201T100000", tzid: "Asia/Taipei"))])
        let occ = e.occurrences(from: utc(2026, 1, 1), to: utc(2026, 3, 1), resolver: newYork)
        #expect(occ.map { isoUTC($0.startDate) } == ["2026-01-05T00:00:00Z", "2026-01-26T00:00:00Z", "2026-02-01T02:00:00Z"])
    }

    @Test func windowsAndOpenEndedRulesStayFast() throws {
        var e = ICalComponent(name: "VEVENT")
        e.dtStart = ICalDateTime("19800101T070000Z")
        e.recurrenceRule = try RecurrenceRule("FREQ=DAILY")
        let clock = ContinuousClock()
        var occ: [ICalOccurrence] = []
        let t = clock.measure { occ = e.occurrences(from: utc(2026, 11, 1), to: utc(2026, 12, 1), resolver: newYork) }
        #expect(occ.count == 30)
        #expect(t < .seconds(2))
    }
}
