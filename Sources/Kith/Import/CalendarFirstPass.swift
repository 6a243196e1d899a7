import Foundation
import ICalendarFormat
import KithBase

extension Journal {
    /// What the first pass over a calendar finds (see ``importCalendar(fileName:format:options:pass:)``).
    struct FirstPass {
        var report: ImportReport
        var changedUIDs: [Int: String]
        var resolver: ICalTimeZoneResolver
        var customTimeZones: [String: ICalComponent]
        var sourceZones: [ICalComponent]
        var recurringOrdinals: Set<Int>
        var recurring: [ICalComponent]
        var occurrences: [(component: Int, occurrence: ICalOccurrence)]
        var total: Int
        var silentMasters: Set<Int>
        var silentOverrides: Set<Int>
        /// The place among the VEVENTs of each of `recurring`.
        var recurringPlaces: [Int]
        /// With `digests`: what finds every VEVENT unchanged without a second pass.
        var digests: Digests?
    }

    /// What a re-import needs of each VEVENT to find it as it was last time (see
    /// ``everyEventUnchanged(_:sources:context:)``), gathered on the first pass.
    struct Digests {
        /// ``EventSource/digest(of:)`` of each VEVENT (under the UID it is imported under),
        /// by its place among the VEVENTs.
        var content: [UInt64] = []
        /// ``EventSource/key(_:)`` of that UID, by the same place.
        var uidKeys: [UInt64] = []
        /// The ORGANIZERs and ATTENDEEs of the VEVENTs, each once: the report counts those
        /// that find no one.
        var addresses = Set<EventMapping.AddressKey>()
        /// The VTODOs and VJOURNALs, which the report lists as not events.
        var notEvents: [ICalComponent] = []
    }

    /// Pass 1: the VTIMEZONEs, the recurring events and their overrides with their
    /// occurrences, the count of events, and the report's first notes; with `digests`, the
    /// ``Digests`` of every VEVENT too.
    static func firstPass(
        fileName: String, format: String, options: ImportOptions, digests gathersDigests: Bool,
        pass: ((ICalComponent) throws -> Void) throws -> [FormatWarning]
    ) throws -> FirstPass {
        var digests = Digests()
        // The digests and address keys are worked out on a thread of their own from the
        // VEVENTs this one has read and given their UIDs: on one thread they were half of
        // this pass (for a re-import of the bench's 100,000 VEVENTs, ~0.25 s of ~0.55 s),
        // while the importing thread, loading what the journal holds, has a core to spare.
        let digestQueue = HandOff<[ICalComponent], Never, Void>(depth: 16)
        let digestWorker = gathersDigests ? Background { Self.digests(of: digestQueue) } : nil
        defer {
            // Not reached normally before the worker ended; on a throw, stop it.
            digestQueue.cancel()
            digestWorker?.wait()
        }
        var batch: [ICalComponent] = []
        var timeZones: [ICalComponent] = []
        var candidates: [(ordinal: Int, event: ICalComponent, isMaster: Bool)] = []
        var recurringUIDs = Set<String>()
        var eventCount = 0
        var held: [String: Int] = [:]
        var firstUIDs = EventUIDs(file: fileName)
        let readerWarnings: [FormatWarning]
        do {
            readerWarnings = try pass { c in
                if c.name != "VEVENT" { held[c.name, default: 0] += 1 }
                if c.name == "VTIMEZONE" { timeZones.append(c); return }
                guard c.name == "VEVENT" else {
                    if gathersDigests, notAnEvent(c) != nil { digests.notEvents.append(c) }
                    return
                }
                var c = c
                firstUIDs.assign(&c, ordinal: eventCount)
                defer { eventCount += 1 }
                let recurs = c.recurrenceRule != nil || !c.recurrenceDates.isEmpty
                if recurs {
                    if let uid = c.uid { recurringUIDs.insert(uid) }
                    candidates.append((eventCount, c, true))
                } else if c.recurrenceID != nil {
                    candidates.append((eventCount, c, false))
                }
                if gathersDigests {
                    batch.append(c)
                    if batch.count == 256 {
                        try digestQueue.send(batch)
                        batch.removeAll(keepingCapacity: true)
                    }
                }
            }
            if let digestWorker {
                if !batch.isEmpty { try digestQueue.send(batch) }
                batch = []
                digestQueue.finish()
                let notEvents = digests.notEvents
                digests = try digestWorker.value()
                digests.notEvents = notEvents
            }
        } catch let e as ICalendar.ReadError {
            throw ImportError(
                file: fileName, line: e.line, item: nil, reason: e.detail,
                advice: "fix the file or export it again from its application")
        }
        var report = ImportReport(file: fileName, format: format, dryRun: options.dryRun, keepsDetails: options.keepsDetails)
        // VEVENTs without a UID are counted in one line instead (see EventUIDs).
        report.note(
            readerWarnings.filter { !($0.code == .missingUID && $0.property == "VEVENT") }
                .map { ImportWarning(line: $0.line, code: $0.code.rawValue, message: $0.message) })
        report.note(firstUIDs.warnings)
        report.eventsWithoutUID = firstUIDs.made
        let changedUIDs = firstUIDs.changed
        report.heldComponents = held
        let resolver = ICalTimeZoneResolver(floatingTimeZone: options.timeZone, timeZones: timeZones)
        // The VTIMEZONEs of TZIDs no IANA or Windows name gives, kept if kept lines use them.
        let customTimeZones = Dictionary(timeZones.compactMap { z in z.property("TZID").map { ($0.value, z) } }) { a, _ in a }
            .filter { resolver.ianaIdentifier(for: $0.key) == nil }
        let sourceZones = timeZones
        timeZones = []
        // The recurring events (and the overrides of one) by their place among the VEVENTs.
        let recurringGroup = candidates.filter { $0.isMaster || recurringUIDs.contains($0.event.uid ?? "") }
        candidates = []
        let recurringOrdinals = Set(recurringGroup.map(\.ordinal))
        // Their occurrences, in the file's order of the events they come from (the index of
        // each in `recurring`, which is in the file's order).
        let recurring = recurringGroup.map(\.event)
        var occurrences: [(component: Int, occurrence: ICalOccurrence)] = []
        if !recurring.isEmpty {
            let earliest = recurring.compactMap { $0.dtStart.map(resolver.date(for:)) }.min() ?? options.now
            let from = options.from ?? earliest
            let to = options.to ?? options.now
            occurrences = ICalendar(properties: [], components: recurring).occurrencesByComponent(from: from, to: to, resolver: resolver)
        }
        let total = eventCount - recurringGroup.count + occurrences.count
        // The recurring events and overrides that have occurrences, each once.
        var occurringComponents: [Int] = []
        for o in occurrences where occurringComponents.last != o.component { occurringComponents.append(o.component) }
        // Recurring events with no occurrence in the range: reported as skipped, not left out.
        let occurring = Set(occurringComponents.map { recurring[$0].uid ?? "line \(recurring[$0].line)" })
        let silentMasters = Set(recurringGroup.filter { $0.isMaster && !occurring.contains($0.event.uid ?? "line \($0.event.line)") }.map(\.ordinal))
        // Overrides (RECURRENCE-ID) that gave no occurrence: cancelled, or outside the range.
        let overrideLines = Set(occurrences.filter(\.occurrence.isOverride).map { recurring[$0.component].line })
        let silentOverrides = Set(recurringGroup.filter { !$0.isMaster && !overrideLines.contains($0.event.line) }.map(\.ordinal))
        return FirstPass(
            report: report, changedUIDs: changedUIDs, resolver: resolver, customTimeZones: customTimeZones,
            sourceZones: sourceZones, recurringOrdinals: recurringOrdinals, recurring: recurring,
            occurrences: occurrences, total: total, silentMasters: silentMasters, silentOverrides: silentOverrides,
            recurringPlaces: recurringGroup.map(\.ordinal), digests: gathersDigests ? digests : nil)
    }

    /// The ``Digests`` of the VEVENTs `queue` hands over (each with the UID it is imported
    /// under), in their order; the VTODOs and VJOURNALs are not among them.
    private static func digests(of queue: HandOff<[ICalComponent], Never, Void>) -> Digests {
        var digests = Digests()
        var keys: [EventMapping.AddressKey] = [], writtenAddresses = Set<UInt64>()
        while let batch = queue.receive() {
            for c in batch {
                digests.content.append(EventSource.digest(of: c))
                digests.uidKeys.append(EventSource.key(c.uid ?? ""))
                EventMapping.newAddressKeys(of: c, seen: &writtenAddresses, into: &keys)
                digests.addresses.formUnion(keys)
                keys.removeAll(keepingCapacity: true)
            }
        }
        return digests
    }

    /// The report's item for a VTODO or VJOURNAL (not an event, but not dropped unseen);
    /// nil for any other component.
    static func notAnEvent(_ c: ICalComponent) -> ImportItem? {
        guard c.name == "VTODO" || c.name == "VJOURNAL" else { return nil }
        return ImportItem(
            kind: .event, action: .skipped, name: c.summary ?? c.name, line: c.line,
            reason: "a \(c.name == "VTODO" ? "task (VTODO)" : "journal entry (VJOURNAL)"), not an event", id: nil)
    }

    /// The report's item for a recurring event (or a RECURRENCE-ID override of one) that
    /// gave no occurrence: `master` or not; `range` is the one imported.
    static func withoutOccurrence(_ c: ICalComponent, master: Bool, range: (from: Date?, to: Date), timeZone: TimeZone) -> ImportItem {
        let name = c.summary ?? "event \(c.uid ?? "")"
        if master {
            let span = (range.from.map { "from \(isoDay($0, timeZone)) " } ?? "") + "up to \(isoDay(range.to, timeZone))"
            return ImportItem(
                kind: .event, action: .skipped, name: name, line: c.line,
                reason: "a recurring event with no occurrence \(span) (import with --from and --to)", id: nil)
        }
        let which = c.recurrenceID.map { " (\($0.isoString))" } ?? ""
        return ImportItem(
            kind: .event, action: .skipped, name: name, line: c.line,
            reason: c.status == "CANCELLED"
                ? "a cancelled occurrence\(which) of a recurring event"
                : "a changed occurrence\(which) outside the range imported (import with --from and --to)",
            id: nil)
    }

    /// How many events a re-import finds unchanged from the first pass's digests alone,
    /// when it finds every one of them so; nil as soon as one VEVENT or occurrence differs
    /// from what is stored (or has nothing stored), and the second pass decides. A VEVENT
    /// that does not recur is unchanged when the stored digest of its UID is
    /// ``EventSource/digest(content:context:)`` of its content, as the mapping thread finds
    /// it; an occurrence, when the stored digest of its UID is its recurring event's (or
    /// override's), as ``importCalendar(fileName:format:options:pass:)`` finds it.
    static func everyEventUnchanged(_ first: FirstPass, sources: [UInt64: EventSource.Stored], context: UInt64) -> Int? {
        guard let d = first.digests, !sources.isEmpty else { return nil }
        // The occurrences of `range` (each an index into `first.occurrences`) unchanged, or nil.
        func occurrencesUnchanged(_ range: Range<Int>) -> Int? {
            var last: (component: Int, source: Int64)?
            var keys = EventSource.OccurrenceKeys(uid: "")
            for (component, occurrence) in first.occurrences[range] {
                if last?.component != component {
                    last = (component, EventSource.digest(content: d.content[first.recurringPlaces[component]], context: context))
                    keys = EventSource.OccurrenceKeys(uid: first.recurring[component].uid ?? "")
                }
                guard let (_, source) = last, let stored = sources[keys.key(occurrence.recurrenceID)], stored.source == source
                else { return nil }
            }
            return range.count
        }
        // The single events and the first half of the occurrences on a thread of their own
        // while this one checks the other half: 303,256 lookups that mostly miss the caches
        // took ~0.1 s on one thread.
        let half = first.occurrences.count / 2
        let firstHalf = Background { () -> Int? in
            var count = 0
            for place in d.content.indices where !first.recurringOrdinals.contains(place) {
                guard let stored = sources[d.uidKeys[place]], stored.source == EventSource.digest(content: d.content[place], context: context)
                else { return nil }
                count += 1
            }
            return occurrencesUnchanged(0..<half).map { count + $0 }
        }
        defer { firstHalf.wait() }
        guard let secondCount = occurrencesUnchanged(half..<first.occurrences.count), let firstCount = try? firstHalf.value()
        else { return nil }
        return firstCount + secondCount
    }
}
