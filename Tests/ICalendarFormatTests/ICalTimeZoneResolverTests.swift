import Foundation
import Testing

@testable import ICalendarFormat

@Suite struct ICalTimeZoneResolverTests {
    let resolver = ICalTimeZoneResolver(floatingTimeZone: TimeZone(identifier: "UTC")!)

    private func instant(_ value: String, _ tzid: String) throws -> String {
        isoUTC(resolver.date(for: try #require(ICalDateTime(value, tzid: tzid))))
    }

    @Test func newYorkSpringForwardOn20260308() throws {
        #expect(try instant("20260308T013000", "America/New_York") == "2026-03-08T06:30:00Z")
        #expect(try instant("20260308T023000", "America/New_York") == "2026-03-08T07:30:00Z", "a skipped time uses the offset before the gap")
        #expect(try instant("20260308T033000", "America/New_York") == "2026-03-08T07:30:00Z")
    }

    @Test func newYorkFallBackTakesTheFirstOccurrence() throws {
        #expect(try instant("20261101T013000", "America/New_York") == "2026-11-01T05:30:00Z")
        #expect(try instant("20261101T023000", "America/New_York") == "2026-11-01T07:30:00Z")
    }

    @Test func berlinSpringForwardOn20260329() throws {
        #expect(try instant("20260329T013000", "Europe/Berlin") == "2026-03-29T00:30:00Z")
        #expect(try instant("20260329T033000", "Europe/Berlin") == "2026-03-29T01:30:00Z")
        #expect(try instant("20261025T023000", "Europe/Berlin") == "2026-10-25T00:30:00Z")
    }

    @Test(arguments: [
        ("Pacific Standard Time", "America/Los_Angeles"), ("W. Europe Standard Time", "Europe/Berlin"),
        ("China Standard Time", "Asia/Shanghai"), ("Taipei Standard Time", "Asia/Taipei"),
        ("GMT Standard Time", "Europe/London"), ("Eastern Standard Time", "America/New_York"),
        ("Tokyo Standard Time", "Asia/Tokyo"), ("AUS Eastern Standard Time", "Australia/Sydney"),
    ])
    func resolvesWindowsZoneNames(_ windows: String, _ iana: String) {
        #expect(resolver.source(for: windows) == .windows)
        #expect(resolver.ianaIdentifier(for: windows) == iana)
        let at = utc(2026, 7, 1)
        #expect(resolver.offset(of: windows, at: at) == TimeZone(identifier: iana)!.secondsFromGMT(for: at))
    }

    @Test func stripsVendorPrefixesFromTZIDs() {
        #expect(resolver.ianaIdentifier(for: "/mozilla.org/20050126_1/Europe/Berlin") == "Europe/Berlin")
        #expect(resolver.ianaIdentifier(for: "/freeassociation.sourceforge.net/Tzfile/America/New_York") == "America/New_York")
        #expect(resolver.source(for: "Europe/Berlin") == .iana)
        #expect(resolver.source(for: "Mars/Olympus_Mons") == nil)
    }

    @Test func theFilesOwnVTimeZoneWinsOverIANA() throws {
        // A VTIMEZONE that lies: "Europe/Berlin" fixed at +0300.
        let vtz = ICalComponent(
            name: "VTIMEZONE", properties: [ICalProperty(name: "TZID", value: "Europe/Berlin")],
            components: [
                ICalComponent(
                    name: "STANDARD",
                    properties: [
                        ICalProperty(name: "DTSTART", value: "19700101T000000"),
                        ICalProperty(name: "TZOFFSETFROM", value: "+0300"), ICalProperty(name: "TZOFFSETTO", value: "+0300"),
                    ])
            ])
        let r = ICalTimeZoneResolver(floatingTimeZone: TimeZone(identifier: "UTC")!, timeZones: [vtz])
        #expect(r.source(for: "Europe/Berlin") == .vtimezone)
        #expect(isoUTC(r.date(for: try #require(ICalDateTime("20260701T120000", tzid: "Europe/Berlin")))) == "2026-07-01T09:00:00Z")
    }

    @Test func outlookVTimeZoneFrom1601AgreesWithIANA() throws {
        let cal = try Fixture.read("outlook.ics")
        let r = cal.timeZoneResolver(floatingTimeZone: TimeZone(identifier: "UTC")!)
        #expect(r.source(for: "W. Europe Standard Time") == .vtimezone)
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        var t = utc(2020, 1, 1)
        while t < utc(2031, 1, 1) {
            #expect(r.offset(of: "W. Europe Standard Time", at: t) == berlin.secondsFromGMT(for: t))
            t = t.addingTimeInterval(86400 * 5 + 3600)
        }
    }

    @Test(arguments: ["America/New_York", "Europe/Berlin", "Asia/Taipei", "Australia/Sydney", "Asia/Kolkata", "America/Sao_Paulo"])
    func generatedVTimeZoneReproducesIANAOffsets(_ id: String) throws {
        let tz = TimeZone(identifier: id)!
        let vtz = ICalComponent.timeZone(tz, tzid: "Generated", years: 2024...2027)
        let r = ICalTimeZoneResolver(floatingTimeZone: TimeZone(identifier: "UTC")!, timeZones: [vtz])
        #expect(r.source(for: "Generated") == .vtimezone)
        var t = utc(2024, 1, 1)
        while t < utc(2028, 1, 1) {
            #expect(r.offset(of: "Generated", at: t) == tz.secondsFromGMT(for: t), "\(id) at \(isoUTC(t))")
            t = t.addingTimeInterval(86400 * 3 + 1800)
        }
        // Observances are well-formed: DTSTART local, offsets as ±hhmm.
        for obs in vtz.components {
            #expect(obs.name == "STANDARD" || obs.name == "DAYLIGHT")
            #expect(obs.property("DTSTART").flatMap { ICalDateTime($0.value) }?.form == .floating)
            #expect(obs.property("TZOFFSETFROM").flatMap { ICalTimeZoneResolver.parseOffset($0.value) } != nil)
        }
    }

    @Test func generatedVTimeZoneUsesYearlyRulesWhereTheZoneHasThem() {
        let ny = ICalComponent.timeZone(TimeZone(identifier: "America/New_York")!, years: 2026...2026)
        #expect(ny.components.map(\.name) == ["STANDARD", "DAYLIGHT"], "\(ny.components.map { $0.properties.map(\.value) })")
        #expect(
            ny.components.compactMap { $0.property("RRULE")?.value }
                == ["FREQ=YEARLY;BYMONTH=11;BYDAY=1SU", "FREQ=YEARLY;BYMONTH=3;BYDAY=2SU"])
        let berlin = ICalComponent.timeZone(TimeZone(identifier: "Europe/Berlin")!, years: 2026...2026)
        #expect(
            Set(berlin.components.compactMap { $0.property("RRULE")?.value })
                == ["FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU"])
        let taipei = ICalComponent.timeZone(TimeZone(identifier: "Asia/Taipei")!, years: 2026...2026)
        #expect(taipei.components.count == 1 && taipei.components[0].property("TZOFFSETTO")?.value == "+0800")
    }

    @Test func resolvingIsCachedAndFast() throws {
        let v = try #require(ICalDateTime("20260615T120000", tzid: "Europe/Berlin"))
        _ = resolver.date(for: v)
        let clock = ContinuousClock()
        let t = clock.measure {
            for _ in 0..<100_000 { _ = resolver.date(for: v) }
        }
        #expect(t < .seconds(1), "100,000 zoned conversions took \(t)")
    }

    // MARK: The cache of recent zones and spans

    static let spanZones = [
        "Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata",
        "America/St_Johns", "Pacific/Chatham", "UTC",
    ]

    /// Every quarter hour of 2026 as local seconds (gaps and overlaps included), from a day before to a day after.
    static let quarterHours2026: [Int64] = {
        let start = CivilTime.seconds(year: 2025, month: 12, day: 31, hour: 0, minute: 0, second: 0)
        let end = CivilTime.seconds(year: 2027, month: 1, day: 2, hour: 0, minute: 0, second: 0)
        return Array(stride(from: start, to: end, by: 900))
    }()

    private func zoned(_ l: Int64, _ tzid: String) -> ICalDateTime { ICalDateTime(localSeconds: l, form: .zoned(tzid: tzid)) }

    @Test(arguments: spanZones)
    func cachedSpansGiveTheSameInstantsAsTheRules(_ zone: String) throws {
        let rules = try #require(ICalTimeZoneResolver.ianaRules(zone))
        let cached = ICalTimeZoneResolver(floatingTimeZone: TimeZone(identifier: "UTC")!)
        var mismatches: [Int64] = []
        // Forwards, backwards and in big jumps, so that spans are left on both sides.
        let forwards = Self.quarterHours2026
        let jumps = stride(from: 0, to: forwards.count, by: 97).map { forwards[($0 * 31) % forwards.count] }
        for l in forwards + forwards.reversed() + jumps where cached.utcSeconds(for: zoned(l, zone)) != rules.utc(fromLocal: l) {
            mismatches.append(l)
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) local times in \(zone) differ, first \(mismatches.first.map(String.init) ?? "")")
    }

    @Test func moreZonesThanTheCacheHoldsStayRight() throws {
        let cached = ICalTimeZoneResolver(floatingTimeZone: TimeZone(identifier: "Europe/Berlin")!)
        let rules = try Self.spanZones.map { try #require(ICalTimeZoneResolver.ianaRules($0)) }
        let floating = try #require(ICalTimeZoneResolver.ianaRules("Europe/Berlin"))
        var mismatches = 0
        for l in Self.quarterHours2026 where l % 3600 == 0 || l % 86400 == 9900 {
            for (zone, r) in zip(Self.spanZones, rules) where cached.utcSeconds(for: zoned(l, zone)) != r.utc(fromLocal: l) {
                mismatches += 1
            }
            // Unknown zones and floating times use the floating zone, with their own spans.
            if cached.utcSeconds(for: zoned(l, "Nowhere/Unknown")) != floating.utc(fromLocal: l) { mismatches += 1 }
            if cached.utcSeconds(for: ICalDateTime(localSeconds: l, form: .floating)) != floating.utc(fromLocal: l) { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test(arguments: spanZones)
    func spansHoldTheirOffsetThroughout(_ zone: String) throws {
        let rules = try #require(ICalTimeZoneResolver.ianaRules(zone))
        for l in Self.quarterHours2026 where l % 7200 == 900 {
            let s = rules.span(local: l)
            #expect(s.lower <= l && l < s.upper)
            #expect(l - Int64(s.offset) == rules.utc(fromLocal: l))
            for edge in [s.lower, s.upper - 1] where edge > Int64.min / 2 && edge < Int64.max / 2 {
                #expect(edge - Int64(s.offset) == rules.utc(fromLocal: edge), "\(zone) span \(s.lower)..<\(s.upper) at \(l)")
            }
        }
    }

    @Test func aTimeZoneRegisteredLaterReplacesTheCachedAnswer() throws {
        let cached = ICalTimeZoneResolver(floatingTimeZone: TimeZone(identifier: "UTC")!)
        let l = CivilTime.seconds(year: 2026, month: 6, day: 1, hour: 12, minute: 0, second: 0)
        #expect(cached.utcSeconds(for: zoned(l, "Office")) == l, "unknown: read as floating UTC")
        var tz = ICalComponent(name: "VTIMEZONE")
        tz.properties = [ICalProperty(name: "TZID", value: "Office")]
        tz.components = [
            ICalComponent(
                name: "STANDARD",
                properties: [
                    ICalProperty(name: "DTSTART", value: "19700101T000000"),
                    ICalProperty(name: "TZOFFSETFROM", value: "+0300"), ICalProperty(name: "TZOFFSETTO", value: "+0300"),
                ])
        ]
        cached.register(tz)
        #expect(cached.utcSeconds(for: zoned(l, "Office")) == l - 3 * 3600)
    }

    @Test func offsetsPastADayStillConvertLikeTheRules() throws {
        // A broken VTIMEZONE with an offset of 99 hours: spans are not trusted there.
        var tz = ICalComponent(name: "VTIMEZONE")
        tz.properties = [ICalProperty(name: "TZID", value: "Broken")]
        tz.components = [
            ICalComponent(
                name: "STANDARD",
                properties: [
                    ICalProperty(name: "DTSTART", value: "19701025T030000"), ICalProperty(name: "RRULE", value: "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU"),
                    ICalProperty(name: "TZOFFSETFROM", value: "+9900"), ICalProperty(name: "TZOFFSETTO", value: "+0100"),
                ]),
            ICalComponent(
                name: "DAYLIGHT",
                properties: [
                    ICalProperty(name: "DTSTART", value: "19700329T020000"), ICalProperty(name: "RRULE", value: "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU"),
                    ICalProperty(name: "TZOFFSETFROM", value: "+0100"), ICalProperty(name: "TZOFFSETTO", value: "+9900"),
                ]),
        ]
        let rules = try #require(ICalTimeZoneResolver.rules(fromVTimeZone: tz))
        let cached = ICalTimeZoneResolver(floatingTimeZone: TimeZone(identifier: "UTC")!, timeZones: [tz])
        var mismatches = 0
        for l in Self.quarterHours2026 where l % 3600 == 1800 && cached.utcSeconds(for: zoned(l, "Broken")) != rules.utc(fromLocal: l) {
            mismatches += 1
        }
        #expect(mismatches == 0)
    }
}

extension ICalTimeZoneResolverTests {
    /// iCalcreator's VTIMEZONE: the switches of 2020 and 2021 only, no RRULE.
    static let shortBerlin = ICalComponent(
        name: "VTIMEZONE", properties: [ICalProperty(name: "TZID", value: "Europe/Berlin")],
        components: [
            ICalComponent(
                name: "STANDARD",
                properties: [
                    ICalProperty(name: "DTSTART", value: "20201025T030000"),
                    ICalProperty(name: "TZOFFSETFROM", value: "+0200"), ICalProperty(name: "TZOFFSETTO", value: "+0100"),
                ]),
            ICalComponent(
                name: "DAYLIGHT",
                properties: [
                    ICalProperty(name: "DTSTART", value: "20210328T020000"),
                    ICalProperty(name: "TZOFFSETFROM", value: "+0100"), ICalProperty(name: "TZOFFSETTO", value: "+0200"),
                ]),
            ICalComponent(
                name: "STANDARD",
                properties: [
                    ICalProperty(name: "DTSTART", value: "20211031T030000"),
                    ICalProperty(name: "TZOFFSETFROM", value: "+0200"), ICalProperty(name: "TZOFFSETTO", value: "+0100"),
                ]),
        ])

    @Test func timesOutsideAShortVTimeZoneFollowTheNamedZone() throws {
        let r = ICalTimeZoneResolver(floatingTimeZone: TimeZone(identifier: "UTC")!, timeZones: [Self.shortBerlin])
        func utc(_ local: String) throws -> String { isoUTC(r.date(for: try #require(ICalDateTime(local, tzid: "Europe/Berlin")))) }
        // Before the first observance: CET, not the first TZOFFSETFROM (+0200).
        #expect(try utc("20161203T140000") == "2016-12-03T13:00:00Z")
        #expect(try utc("20160703T140000") == "2016-07-03T12:00:00Z")
        // Inside: the VTIMEZONE's own switches.
        #expect(try utc("20210703T140000") == "2021-07-03T12:00:00Z")
        #expect(try utc("20211203T140000") == "2021-12-03T13:00:00Z")
        // After its last switch: summer time again, as the real zone has it.
        #expect(try utc("20230703T140000") == "2023-07-03T12:00:00Z")
        #expect(r.source(for: "Europe/Berlin") == .vtimezone)
    }
}
