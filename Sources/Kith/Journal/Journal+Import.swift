import ContentLines
import Foundation
import GRDB
import ICalendarFormat
import VCardFormat

extension Journal {
    /// What a file holds, decided from its first bytes rather than its name.
    enum ImportKind {
        case vCardText, xCard, jCard, iCalendar, xCal, jCal, kithJSON
    }

    /// The files a path names: the file itself, or every regular file in a folder (not
    /// hidden): contacts first, then calendars (so that attendees find their people), each
    /// sorted by name.
    /// - Throws: ``ImportError`` when the path does not exist.
    public static func importableFiles(at url: URL) throws -> [URL] {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) else {
            throw ImportError(file: url.path, line: 0, item: nil, reason: "no such file or folder",
                              advice: "check the path")
        }
        guard isDir.boolValue else { return [url] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        let files = names.filter { !$0.hasPrefix(".") }.sorted().map { url.appendingPathComponent($0) }.filter {
            var d: ObjCBool = false
            return FileManager.default.fileExists(atPath: $0.path, isDirectory: &d) && !d.boolValue
        }
        func isCalendar(_ u: URL) -> Bool {
            guard let h = FileHandle(forReadingAtPath: u.path) else { return false }
            defer { try? h.close() }
            let head = [UInt8](h.readData(ofLength: 4096))
            switch detect(head) {
            case .iCalendar?, .xCal?, .jCal?: return true
            default: return false
            }
        }
        return files.filter { !isCalendar($0) } + files.filter(isCalendar)
    }

    /// Imports one contacts or calendar file: vCard 2.1/3.0/4.0, xCard or jCard into
    /// people; iCalendar, xCal or jCal into events. The format is read from the content.
    ///
    /// The file is one transaction: by default the first card or event that fails stops
    /// the import, nothing is written, and ``ImportError`` names its line and the reason.
    /// With ``ImportOptions/keepGoing`` the others are imported and the failures listed.
    /// A card matches an existing person by UID, then e-mail or phone (compared whole) with
    /// the same name, then the same name and birthday; a match is updated (unless its REV is
    /// not newer), never duplicated, and fields the user changed in Kith since the last
    /// import are kept. A card that shares only an e-mail or a phone with someone of another
    /// name (or whose number merely ends like theirs) is added as a new person, marked in the
    /// report as a possible duplicate (``ImportItem/duplicateOf``). An event matches by
    /// UID (plus the occurrence for recurring events).
    /// - Throws: ``ImportError``.
    /// - Complexity: O(cards + people) for contacts, O(events + occurrences) for calendars.
    public func importFile(at url: URL, options: ImportOptions = ImportOptions()) throws -> ImportReport {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ImportError(file: url.lastPathComponent, line: 0, item: nil, reason: "cannot read the file",
                              advice: "check that it exists and is readable")
        }
        return try importData(data, fileName: url.lastPathComponent, options: options)
    }

    /// Imports a file's bytes; see ``importFile(at:options:)``. `fileName` names the file in
    /// messages and in the `Imported/<name>` category.
    public func importData(_ data: Data, fileName: String, options: ImportOptions = ImportOptions()) throws -> ImportReport {
        // The kind shows in the first bytes (after any BOM and blank lines): no copy of the
        // whole file just to decide, and none at all for iCalendar, read in place below.
        // Nothing but a byte order mark and blank lines: say so, and import nothing.
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }) {
            var report = ImportReport(file: fileName, format: "empty", dryRun: options.dryRun, keepsDetails: options.keepsDetails)
            report.fileIsEmpty = true
            return report
        }
        guard let kind = Journal.detect([UInt8](data.prefix(65_536))) else {
            throw ImportError(file: fileName, line: 1, item: nil,
                reason: "this is not a vCard, xCard, jCard, iCalendar, xCal or jCal file",
                advice: "import .vcf, .ics, or their XML and JSON forms")
        }
        switch kind {
        case .kithJSON:
            return try importDocument(data, fileName: fileName, options: options)
        case .vCardText:
            return try data.withUnsafeBytes { raw in
                try importVCardText(raw.bindMemory(to: UInt8.self), fileName: fileName, options: options)
            }
        case .xCard, .jCard:
            let result: VCard.ReadResult
            do { result = try VCard.read([UInt8](data)) } catch {
                throw ImportError(file: fileName, line: error.line, item: nil, reason: error.message,
                                  advice: "fix the file or export it again from its application")
            }
            let format: String
            switch kind {
            case .xCard: format = "xCard"
            case .jCard: format = "jCard"
            default: format = "vCard " + (result.cards.first?.version.rawValue ?? "")
            }
            return try importCards(result.cards, readerWarnings: result.warnings, fileName: fileName, format: format, options: options)
        case .iCalendar:
            return try data.withUnsafeBytes { raw in
                try importICalendar(raw.bindMemory(to: UInt8.self), fileName: fileName, options: options)
            }
        case .xCal, .jCal:
            let calendar: ICalendar
            do {
                switch kind {
                case .xCal: calendar = try ICalendar.readXCal(data, file: fileName)
                default: calendar = try ICalendar.readJCal(data, file: fileName)
                }
            } catch let e as ICalendar.ReadError {
                throw ImportError(file: fileName, line: e.line, item: nil, reason: e.detail,
                                  advice: "fix the file or export it again from its application")
            } catch {
                throw ImportError(file: fileName, line: 0, item: nil, reason: "\(error)",
                                  advice: "fix the file or export it again from its application")
            }
            let format = kind == .xCal ? "xCal" : "jCal"
            return try importCalendar(calendar, fileName: fileName, format: format, options: options)
        }
    }

    /// Looks at the content: XML namespace, JSON first word, or the first BEGIN line.
    static func detect(_ bytes: [UInt8]) -> ImportKind? {
        var i = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        guard i < bytes.count else { return nil }
        let head = String(decoding: bytes[i..<min(bytes.count, i + 4096)], as: UTF8.self).lowercased()
        switch bytes[i] {
        case UInt8(ascii: "<"):
            if head.contains("urn:ietf:params:xml:ns:vcard-4.0") || head.contains("<vcards") { return .xCard }
            if head.contains("urn:ietf:params:xml:ns:icalendar-2.0") || head.contains("<icalendar") { return .xCal }
            return nil
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            let compact = head.filter { !$0.isWhitespace }
            if compact.contains("[\"vcard\"") { return .jCard }
            if compact.contains("[\"vcalendar\"") { return .jCal }
            return bytes[i] == UInt8(ascii: "{") ? .kithJSON : nil
        default:
            guard let r = head.range(of: "begin:") else { return nil }
            let rest = head[r.upperBound...].prefix(9)
            if rest.hasPrefix("vcard") { return .vCardText }
            // A bare component without its VCALENDAR (Evolution writes those) is iCalendar too.
            for name in ["vcalendar", "vevent", "vtodo", "vjournal", "vfreebusy", "vtimezone"] where rest.hasPrefix(name) { return .iCalendar }
            return nil
        }
    }

    /// The page cache of an import's transaction, in KiB (SQLite's negative `cache_size`).
    ///
    /// One import is one transaction. Once its dirty pages outgrow the cache, SQLite spills
    /// them into the WAL before the commit, and writes them again each time they change.
    /// The cache only grows as pages are read or written, and it is set back to the
    /// connection's size when the import ends, which frees what it took. (128 MiB took the
    /// import of the bench's 100,000 VEVENTs to a peak of 348 MiB.)
    static let importCacheKiB = 65_536
    /// The connection's page cache outside imports, in KiB (see `Journal.configuration()`).
    static let defaultCacheKiB = 32_768

    /// Runs an import in one transaction, rolled back for a dry run, with the larger page
    /// cache of ``importCacheKiB`` and SQLite's temporary files in memory.
    ///
    /// Temporary files in memory: with `--keep-going` each card or event is a savepoint,
    /// whose undo copy of every page it changes goes to a sub-journal. On disk (the default
    /// `temp_store`), that file, once it exists, takes two `pwrite64` per page per item for
    /// the rest of the transaction: 625,507 calls for the bench's 10,000-VEVENT slice when
    /// every event had a savepoint (`strace -c -f`, `strace -y` naming the deleted
    /// `/var/tmp/etilqs_*` file). In memory it holds one item's pages and is emptied at
    /// each release.
    func importTransaction<T>(_ dryRun: Bool, _ body: (Database) throws -> T) throws -> T {
        var result: T?
        do {
            try dbQueue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA cache_size = -\(Journal.importCacheKiB); PRAGMA temp_store = MEMORY")
                defer { try? db.execute(sql: "PRAGMA cache_size = -\(Journal.defaultCacheKiB); PRAGMA temp_store = DEFAULT") }
                try db.inTransaction {
                    result = try body(db)
                    return dryRun ? .rollback : .commit
                }
            }
        } catch let e as ImportError {
            throw e
        } catch JournalError.cancelled {
            throw JournalError.cancelled
        } catch let e as JournalError {
            throw ImportError(file: "", line: 0, item: nil, reason: e.description, advice: "nothing was imported")
        } catch {
            throw ImportError(file: "", line: 0, item: nil, reason: Journal.reason(error), advice: "nothing was imported")
        }
        return result!
    }

    // MARK: Cards

    /// Lookup tables for matching cards to people, kept current as the file imports.
    struct PersonIndex {
        var byUID: [String: Int64] = [:]
        var byEmail: [String: Int64] = [:]
        var byPhone: [String: Int64] = [:]
        /// Display names by person id, to tell whether an e-mail or phone hit is the same person.
        var names: [Int64: String] = [:]
        /// Local numbers (no country code) by their digits, and international numbers by
        /// their last 7 to 12 digits, so that one matches the end of the other in O(1).
        var localPhones: [String: Int64] = [:]
        /// Made the first time a local number is looked up (most imports have none); until
        /// then the international numbers wait in `pendingIntl`, in order.
        var intlSuffixes: [String: Int64]?
        var pendingIntl: [(key: String, id: Int64)] = []
        /// People by birthday, with their names and folded names (folded once, the first time
        /// a card has that birthday: folding every candidate for every card grew with the book).
        var byBirthday: [String: [(id: Int64, name: String, key: String?)]] = [:]
        /// People imported before from this file, for cards with nothing else to match by;
        /// their folded names are computed the first time such a card comes.
        var sourceNames: [(id: Int64, name: String)] = []
        var bySourceAndName: [String: Int64]?
        /// Category paths resolved so far in this import.
        let categories = CategoryCache()
        let fileName: String
        /// Paths of the `into` and `Imported/<file>` categories, for messages.
        var intoPath = ""
        var fallbackPath = ""

        init(_ db: Database, fileName: String) throws {
            self.fileName = fileName
            // Read straight from SQLite, columns by position: GRDB's rows cost more than the
            // index itself on a re-import of a large book.
            var sourceNames: [(id: Int64, name: String)] = []
            try RawRow.each(db, db.cachedStatement(sql: "SELECT p.id, p.displayName FROM personImport i JOIN person p ON p.id = i.personId WHERE i.source = ?"),
                            { $0.text(fileName) }) { c in
                sourceNames.append((c.int(0), c.text(1)))
            }
            self.sourceNames = sourceNames
            var byUID: [String: Int64] = [:], names: [Int64: String] = [:], byBirthday: [String: [(id: Int64, name: String, key: String?)]] = [:]
            try RawRow.each(db, db.cachedStatement(sql: "SELECT id, uid, displayName, birthday FROM person"), { _ in }) { c in
                let id = c.int(0)
                byUID[c.text(1)] = id
                names[id] = c.text(2)
                if let b = c.optionalText(3) { byBirthday[b, default: []].append((id, c.text(2), nil)) }
            }
            self.byUID = byUID
            self.names = names
            self.byBirthday = byBirthday
            var contacts: [(id: Int64, email: Bool, value: String)] = []
            try RawRow.each(db, db.cachedStatement(sql: "SELECT personId, kind, value FROM personContact WHERE kind IN ('email', 'phone') ORDER BY personId"), { _ in }) { c in
                contacts.append((c.int(0), c.text(1) == "email", c.text(2)))
            }
            for (id, email, v) in contacts {
                if email {
                    let key = v.lowercased()
                    if byEmail[key] == nil { byEmail[key] = id }
                } else if let k = PhoneKey.key(v) {
                    addPhone(k, id)
                }
            }
        }

        mutating func addPhone(_ k: String, _ id: Int64) {
            if byPhone[k] == nil { byPhone[k] = id }
            if k.hasPrefix("+") {
                if intlSuffixes == nil { pendingIntl.append((k, id)) } else { Self.addSuffixes(k, id, to: &intlSuffixes!) }
            } else if localPhones[k] == nil {
                localPhones[k] = id
            }
        }

        static func addSuffixes(_ k: String, _ id: Int64, to map: inout [String: Int64]) {
            let digits = Array(k.utf8.dropFirst())
            for n in 7...12 where digits.count > n {
                let suffix = String(decoding: digits[(digits.count - n)...], as: UTF8.self)
                if map[suffix] == nil { map[suffix] = id }
            }
        }

        /// The person with exactly this phone key (`exact`), else one whose number merely
        /// ends like it: a local number at the end of an international one, or the other way
        /// round. Only an exact one can make a card that person; the other only says that they
        /// may be the same (two numbers that end alike are often different people's).
        mutating func phoneMatch(_ k: String) -> (id: Int64, exact: Bool)? {
            if let id = byPhone[k] { return (id, true) }
            if k.hasPrefix("+") {
                // The end of an international number may be a known local one.
                guard !localPhones.isEmpty else { return nil }
                let digits = Array(k.utf8.dropFirst())
                for n in 7...12 where digits.count > n {
                    if let id = localPhones[String(decoding: digits[(digits.count - n)...], as: UTF8.self)] { return (id, false) }
                }
                return nil
            }
            if intlSuffixes == nil {
                var map: [String: Int64] = [:]
                for p in pendingIntl { Self.addSuffixes(p.key, p.id, to: &map) }
                intlSuffixes = map
                pendingIntl = []
            }
            if let id = intlSuffixes?[k] { return (id, false) }
            return nil
        }

        /// What a card is looked up by, worked out once for both ``match(_:keys:)`` and
        /// ``add(_:_:keys:uid:)`` (lowercasing, phone keys and dates showed in profiles).
        struct Keys {
            /// Lowercased address and the address as written, in the card's order.
            var emails: [(key: String, value: String)] = []
            /// ``PhoneKey`` and the number as written, for numbers that have a key.
            var phones: [(key: String, value: String)] = []
            var birthday: String?

            init(_ f: ContactFields) {
                emails = f.emails.map { ($0.value.lowercased(), $0.value) }
                phones = f.phones.compactMap { p in PhoneKey.key(p.value).map { ($0, p.value) } }
                birthday = f.birthday?.description
            }
        }

        /// What ``match(_:keys:)`` found: the person a card is and the rule that said so,
        /// or else someone it may be a duplicate of, and why.
        struct Match {
            var person: (id: Int64, rule: String)?
            var possibleDuplicate: (id: Int64, why: String)?
        }

        /// Whether the person `id` has the card's name (case- and diacritic-insensitive).
        func sameName(_ id: Int64, _ cardKey: String) -> Bool {
            names[id].map { NameMatcher.fold($0) == cardKey } ?? false
        }

        /// The person a card is, and the rule that said so. `keys` is made here when the
        /// UID does not decide (a re-import matches nearly every card by UID alone).
        ///
        /// An e-mail address or a phone number (compared whole, after normalising) makes
        /// the card that person only when the names agree too: a shared family address or
        /// an old number passed on is not the same person. Such a hit, or a number that
        /// merely ends like someone's, is returned as a possible duplicate instead.
        mutating func match(_ c: ImportedContact, keys: inout Keys?) -> Match {
            if let u = c.uid, let id = byUID[u] { return Match(person: (id, "same UID")) }
            if keys == nil { keys = Keys(c.fields) }
            let k = keys!
            var result = Match()
            var cardKey: String?
            func nameAgrees(_ id: Int64) -> Bool {
                if cardKey == nil { cardKey = NameMatcher.fold(c.fields.displayName) }
                return sameName(id, cardKey!)
            }
            for e in k.emails {
                guard let id = byEmail[e.key] else { continue }
                if nameAgrees(id) { return Match(person: (id, "same e-mail \(e.value)")) }
                if result.possibleDuplicate == nil { result.possibleDuplicate = (id, "same e-mail \(e.value), another name") }
            }
            for p in k.phones {
                guard let hit = phoneMatch(p.key) else { continue }
                if hit.exact && nameAgrees(hit.id) { return Match(person: (hit.id, "same phone \(p.value)")) }
                if result.possibleDuplicate == nil {
                    result.possibleDuplicate = (hit.id, hit.exact ? "same phone \(p.value), another name"
                                                                  : "phone \(p.value) and theirs end alike")
                }
            }
            if let b = k.birthday, var candidates = byBirthday[b] {
                if candidates.contains(where: { $0.key == nil }) {
                    for i in candidates.indices where candidates[i].key == nil { candidates[i].key = NameMatcher.fold(candidates[i].name) }
                    byBirthday[b] = candidates
                }
                // The last one with that name wins, as it did when this was one dictionary.
                let key = NameMatcher.fold(c.fields.displayName)
                if let hit = candidates.last(where: { $0.key == key }) {
                    return Match(person: (hit.id, "same name and birthday"))
                }
            }
            if c.uid == nil, !sourceNames.isEmpty {
                if bySourceAndName == nil {
                    var map: [String: Int64] = [:]
                    for p in sourceNames { map[NameMatcher.fold(p.name)] = p.id }
                    bySourceAndName = map
                }
                if let id = bySourceAndName?[NameMatcher.fold(c.fields.displayName)] { return Match(person: (id, "same name, same file")) }
            }
            return result
        }

        mutating func add(_ id: Int64, _ c: ContactFields, keys: Keys, uid: String) {
            byUID[uid] = id
            names[id] = c.displayName
            for e in keys.emails where byEmail[e.key] == nil { byEmail[e.key] = id }
            for p in keys.phones { addPhone(p.key, id) }
            if let b = keys.birthday { byBirthday[b, default: []].append((id, c.displayName, nil)) }
        }
    }

    func importCards(_ cards: [VCard], readerWarnings: [FormatWarning], fileName: String, format: String,
                     options: ImportOptions) throws -> ImportReport {
        try importCards(fileName: fileName, format: { _ in format }, total: cards.count, options: options) { body in
            for card in cards { try body(card) }
            return readerWarnings
        }
    }

    /// Imports text vCards as they are read: the file is never held as cards, and from
    /// 2 MiB on a second thread splits the lines while this one maps and stores the cards
    /// (``VCard/readText(_:each:)-(UnsafeBufferPointer<UInt8>,_)``). Same cards, warnings
    /// and report as reading the whole file first.
    func importVCardText(_ bytes: UnsafeBufferPointer<UInt8>, fileName: String, options: ImportOptions) throws -> ImportReport {
        // The total only shows in progress; counting the cards costs a scan of the file.
        let total = options.progress == nil ? 0 : Journal.countVCards(bytes)
        return try importCards(fileName: fileName, format: { "vCard " + ($0?.version.rawValue ?? "") }, total: total,
                               options: options) { body in
            // An error of the import stops the read, which wraps it: it is kept to be thrown as it was.
            var stop: (any Error)?
            do {
                return try VCard.readText(bytes) { card in
                    do { try body(card) } catch { stop = error; throw error }
                }
            } catch let error as VCard.ReadError {
                if let stop { throw stop }
                throw ImportError(file: fileName, line: error.line, item: nil, reason: error.message,
                                  advice: "fix the file or export it again from its application")
            }
        }
    }

    /// How many lines start with `BEGIN:VCARD` (any case): the cards a text file holds.
    static func countVCards(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let begin = Array("begin:vcard".utf8)
        var count = 0, i = 0
        while i < bytes.count {
            if i + begin.count <= bytes.count, bytes[i] | 0x20 == 0x62 {
                var k = 0
                while k < begin.count, bytes[i + k] | 0x20 == begin[k] { k += 1 }
                if k == begin.count { count += 1 }
            }
            guard let base = bytes.baseAddress, let nl = memchr(base + i, 0x0A, bytes.count - i) else { break }
            i = base.distance(to: nl.assumingMemoryBound(to: UInt8.self)) + 1
        }
        return count
    }

    /// The import of cards, over `pass`: a function that hands over the file's cards in
    /// order and returns the reader's warnings. `format` names the format from the first
    /// card (nil when there is none); `total` is the number of cards progress reports.
    func importCards(fileName: String, format: @escaping (VCard?) -> String, total: Int, options: ImportOptions,
                     pass: ((VCard) throws -> Void) throws -> [FormatWarning]) throws -> ImportReport {
        var report = ImportReport(file: fileName, format: format(nil), dryRun: options.dryRun, keepsDetails: options.keepsDetails)
        do {
            report = try importTransaction(options.dryRun) { db in
                var report = report
                var index = try PersonIndex(db, fileName: fileName)
                var intoID: Int64?
                if let into = options.into {
                    let c = try Journal.relationPath(db, into, create: true)
                    intoID = c.id
                    index.intoPath = c.path
                }
                var fallbackID: Int64?
                let statements = PersonStatements(db)
                func importCard(_ k: Int, _ card: VCard) throws {
                    try options.cancellation.check()
                    defer { options.progress?(ImportProgress(file: fileName, done: k + 1, total: max(total, k + 1))) }
                    var warnings: [ImportWarning] = []
                    if card.kind == "group" {
                        report.record(ImportItem(kind: .person, action: .skipped, name: card.formattedName ?? "group", line: card.line,
                            reason: "a contact group (KIND:group), not a person; its members come from their own cards", id: nil))
                        return
                    }
                    let contact: ImportedContact
                    switch ContactMapping.contact(from: card, warnings: &warnings) {
                    case .failure(let f):
                        guard options.keepGoing else {
                            throw ImportError(file: fileName, line: f.line, item: f.name.isEmpty ? "card \(k + 1)" : f.name,
                                              reason: f.reason, advice: "fix or remove that card, or import with --keep-going")
                        }
                        report.failures.append(f)
                        return
                    case .success(let c): contact = c
                    }
                    do {
                        if options.keepGoing {
                            // A card that fails must leave nothing behind while the others stay.
                            try db.inSavepoint {
                                let item = try Journal.importContact(db, contact, index: &index, intoID: intoID, fallbackID: &fallbackID,
                                                                     fileName: fileName, warnings: &warnings, statements: statements)
                                report.record(item)
                                return .commit
                            }
                        } else {
                            // The first failure rolls the whole file back: no savepoint needed.
                            report.record(try Journal.importContact(db, contact, index: &index, intoID: intoID,
                                                                   fallbackID: &fallbackID, fileName: fileName, warnings: &warnings,
                                                                   statements: statements))
                        }
                        report.note(warnings)
                    } catch {
                        // The savepoint rolled back: categories it made are gone.
                        index.categories.invalidate()
                        let reason = (error as? JournalError)?.description ?? Journal.reason(error)
                        guard options.keepGoing else {
                            throw ImportError(file: fileName, line: card.line, item: contact.fields.displayName, reason: reason,
                                              advice: "fix or remove that card, or import with --keep-going")
                        }
                        report.failures.append(ImportFailure(line: card.line, name: contact.fields.displayName, reason: reason))
                    }
                }
                var k = 0
                let readerWarnings = try pass { card in
                    if k == 0 { report.format = format(card) }
                    try importCard(k, card)
                    k += 1
                }
                report.note(readerWarnings.map { ImportWarning(line: $0.line, code: $0.code.rawValue, message: $0.message) })
                return report
            }
        } catch var e as ImportError {
            if e.file.isEmpty { e.file = fileName }
            throw e
        }
        report.sortWarnings()
        return report
    }

    /// A relation category by path; with `create`, the missing levels are made.
    static func relationPath(_ db: Database, _ path: String, create: Bool, cache: CategoryCache? = nil) throws -> Category {
        do {
            let c = try resolveCategory(db, kind: .relation, path: path, cache: cache)
            // A unique subcategory name is found by resolveCategory; `into` wants the exact path.
            let parts = path.split(separator: "/").count
            if parts == (c.parentID == nil ? 1 : 2) || !create { return c }
        } catch JournalError.unknownCategory(let kind, let p, let s) {
            if !create { throw JournalError.unknownCategory(kind: kind, path: p, suggestions: s) }
        }
        let parts = path.split(separator: "/").map { String($0).kithTrimmed(newlines: false) }.filter { !$0.isEmpty }
        guard !parts.isEmpty, parts.count <= 2 else { throw JournalError.categoryTreeTooDeep(path: path) }
        defer { cache?.invalidate() }
        let main = try (try? resolveMain(db, parts[0])) ?? insertCategory(db, kind: .relation, path: parts[0], icon: nil, color: nil, score: nil)
        if parts.count == 1 { return main }
        return try insertCategory(db, kind: .relation, path: main.path + "/" + parts[1], icon: nil, color: nil, score: nil)
    }

    static func resolveMain(_ db: Database, _ name: String) throws -> Category {
        let key = NameMatcher.fold(name)
        guard let c = try fetchCategories(db, kind: .relation).first(where: { $0.parentID == nil && NameMatcher.fold($0.name) == key }) else {
            throw JournalError.unknownCategory(kind: .relation, path: name, suggestions: [])
        }
        return c
    }

    /// The relation category a card's CATEGORIES name, if any: the values joined as a path,
    /// then each value as a path or a unique subcategory name; the deepest wins.
    static func placement(_ db: Database, categories: [String], cache: CategoryCache? = nil) -> (Category, Set<String>)? {
        guard !categories.isEmpty else { return nil }
        var candidates: [(Category, Set<String>)] = []
        if categories.count == 2, let c = try? resolveCategory(db, kind: .relation, path: categories.joined(separator: "/"), cache: cache) {
            candidates.append((c, Set(categories)))
        }
        for v in categories {
            if let c = try? resolveCategory(db, kind: .relation, path: v, cache: cache) { candidates.append((c, [v])) }
        }
        if let best = candidates.max(by: { a, b in (a.0.parentID == nil ? 0 : 1) < (b.0.parentID == nil ? 0 : 1) }) { return best }
        // A `Main/Sub` path, as Kith itself writes CATEGORIES, is made when missing; a
        // plain word (a tag such as "VIP") is not, and stays on the card.
        let paths = categories.filter { $0.split(separator: "/").count == 2 && !$0.hasPrefix("/") && !$0.hasSuffix("/") }
        if paths.count == 1, let c = try? relationPath(db, paths[0], create: true, cache: cache) { return (c, [paths[0]]) }
        return nil
    }

    static func importContact(_ db: Database, _ c: ImportedContact, index: inout PersonIndex, intoID: Int64?,
                              fallbackID: inout Int64?, fileName: String, warnings: inout [ImportWarning],
                              statements: PersonStatements? = nil) throws -> ImportItem {
        var fields = c.fields
        if let data = c.photo, let type = Photo.mediaType(of: data) {
            let hash = SHA256.hex([UInt8](data))
            try RawRow.run(db, db.cachedStatement(sql: "INSERT OR IGNORE INTO photo (hash, mediaType, byteCount, data) VALUES (?, ?, ?, ?)")) { r in
                r.text(hash); r.text(type); r.int(data.count); r.blob(data)
            }
            fields.photoHash = hash
        }
        // Placement, and CATEGORIES values that are not relation categories stay on the card.
        var relationID = intoID
        let placed = placement(db, categories: c.categories, cache: index.categories)
        let unplaced = c.categories.filter { !(placed?.1.contains($0) ?? false) }
        if !unplaced.isEmpty {
            fields.vcardLines.append("CATEGORIES:" + unplaced.map { TextEscaping.escape($0) }.joined(separator: ","))
        }
        let snapshotJSON = fields.snapshotJSON
        var keys: PersonIndex.Keys?

        let found = index.match(c, keys: &keys)
        if let (id, rule) = found.person {
            // What decides whether anything changes, without loading the whole person.
            guard let head = try RawRow.first(db, PersonStatements.get(statements, db, .importHead), { $0.int(id) }, read: { c in (c.text(0), c.optionalText(1), c.optionalInt(2), c.optionalText(3), c.optionalText(4)) })
            else { throw JournalError.personNotFound(id: id) }
            let (oldName, oldRev, oldRelation, lastSource, lastSnapshot) = head
            // A REV not newer keeps the person as it is: skipped when the card says
            // something else, unchanged (below) when it is the card imported last time.
            if let new = ContactMapping.revKey(c.rev), let old = ContactMapping.revKey(oldRev), new <= old,
               new < old || lastSnapshot != snapshotJSON {
                try addTraits(db, personID: id, c.traits, cache: index.categories)
                return ImportItem(kind: .person, action: .skipped, name: oldName, line: c.line,
                                  reason: "\(rule); the card's REV is not newer than the last import", id: id)
            }
            // The card follows its own earlier import (same UID, or the same file for cards
            // without one); a card from elsewhere that matched by e-mail, phone or name only fills gaps.
            let sameSource = rule == "same UID" || lastSource == fileName
            // The card says what it said last time: every field the user kept follows it
            // already, every field the user changed stays, so the merge changes nothing.
            if sameSource, let lastSnapshot, lastSnapshot == snapshotJSON, c.rev == nil || c.rev == oldRev,
               oldRelation != nil || (relationID ?? placed?.0.id) == nil {
                let traitsAdded = try addTraits(db, personID: id, c.traits, cache: index.categories)
                return ImportItem(kind: .person, action: traitsAdded > 0 ? .updated : .unchanged, name: oldName, line: c.line,
                                  reason: traitsAdded > 0 ? "\(rule); \(traitsAdded) trait(s) added" : "\(rule); nothing changed", id: id)
            }
            let person = try fetchPerson(db, id: id)
            let snapshot = sameSource ? lastSnapshot.flatMap(ContactFields.fromSnapshot) : nil
            let current = ContactFields(person: person)
            let merged = ContactFields.merged(current: current, snapshot: snapshot, card: fields)
            var draft = person.draft
            merged.apply(to: &draft)
            if person.relation == nil { draft.relationID = relationID ?? placed?.0.id }
            if let r = c.rev { draft.rev = r }
            let changed = merged.changes(from: current)
            let traitsAdded = try addTraits(db, personID: id, c.traits, cache: index.categories)
            if sameSource || lastSnapshot == nil { try db.cachedStatement(sql: """
                INSERT INTO personImport (personId, source, snapshot, importedAt) VALUES (?, ?, ?, ?)
                ON CONFLICT(personId) DO UPDATE SET source = excluded.source, snapshot = excluded.snapshot, importedAt = excluded.importedAt
                """).execute(arguments: [id, fileName, snapshotJSON, now()]) }
            if changed.isEmpty && draft.relationID == person.relation?.id && draft.rev == person.rev {
                return ImportItem(kind: .person, action: traitsAdded > 0 ? .updated : .unchanged, name: person.displayName, line: c.line,
                                  reason: traitsAdded > 0 ? "\(rule); \(traitsAdded) trait(s) added" : "\(rule); nothing changed", id: id)
            }
            let (name, uid) = try checkPersonDraft(db, draft, existingID: id)
            try updatePersonRow(db, id: id, draft, name: name, uid: uid)
            index.add(id, merged, keys: PersonIndex.Keys(merged), uid: uid)
            let kept = snapshot.map { s in current.changes(from: s).filter { !changed.contains($0) } } ?? []
            var reason = rule + (changed.isEmpty ? "; REV updated" : "; changed: " + changed.joined(separator: ", "))
            if !kept.isEmpty { reason += "; kept your edits to: " + kept.joined(separator: ", ") }
            return ImportItem(kind: .person, action: .updated, name: name, line: c.line, reason: reason, id: id)
        }

        if relationID == nil { relationID = placed?.0.id }
        var how = intoID != nil ? "into \(index.intoPath)" : placed.map { "CATEGORIES: \($0.0.path)" } ?? ""
        if relationID == nil {
            if fallbackID == nil {
                let base = (fileName as NSString).deletingPathExtension.replacingOccurrences(of: "/", with: "-")
                let c = try relationPath(db, "Imported/" + (base.isEmpty ? "file" : base), create: true, cache: index.categories)
                fallbackID = c.id
                index.fallbackPath = c.path
            }
            relationID = fallbackID
            how = "into \(index.fallbackPath)"
        }
        var draft = PersonDraft(displayName: fields.displayName)
        fields.apply(to: &draft)
        draft.relationID = relationID
        draft.rev = c.rev
        // What checkPersonDraft checks, known here without asking the database: the relation
        // category was resolved as one, the photo was just stored, and the index holds every
        // UID of the journal (a card whose UID is taken matched that person above). The
        // UNIQUE constraint on person.uid stays the last word.
        let name = draft.displayName.kithSingleLine()
        guard !name.isEmpty else { throw JournalError.invalidValue(field: "person name", reason: "it is empty") }
        let uid = c.uid.flatMap { index.byUID[$0] == nil ? $0 : nil } ?? newUID()
        draft.uid = uid
        let id = try insertPersonRow(db, draft, name: name, uid: uid, statements: statements)
        try addTraits(db, personID: id, c.traits, cache: index.categories, fresh: true, statements: statements)
        try RawRow.run(db, PersonStatements.get(statements, db, .insertImport), arena: statements?.arena) { r in
            r.int(id); r.text(fileName); r.text(snapshotJSON); r.int(now())
        }
        index.add(id, fields, keys: keys ?? PersonIndex.Keys(fields), uid: uid)
        var item = ImportItem(kind: .person, action: .added, name: fields.displayName, line: c.line, reason: "new person, " + how, id: id)
        if let d = found.possibleDuplicate {
            item.duplicateOf = d.id
            item.reason += "; possible duplicate of \(index.names[d.id] ?? "#\(d.id)") (#\(d.id)): \(d.why) (see `kith person duplicates`)"
        }
        return item
    }

    /// Adds the traits a person does not have yet (same kind and text, not from an event).
    /// - Returns: how many were added.
    @discardableResult
    /// A `fresh` person (inserted by this import) has no traits but those added here.
    static func addTraits(_ db: Database, personID: Int64, _ traits: [(path: String, text: String)],
                          cache: CategoryCache? = nil, fresh: Bool = false, statements: PersonStatements? = nil) throws -> Int {
        guard !traits.isEmpty else { return 0 }
        var added = 0
        var seen = Set<String>()
        for (i, t) in traits.enumerated() {
            let category: Category
            do { category = try traitCategory(db, path: t.path, cache: cache) } catch {
                let main = t.path.split(separator: "/").first.map(String.init) ?? t.path
                defer { cache?.invalidate() }
                _ = try insertCategory(db, kind: .trait, path: main, icon: nil, color: nil, score: nil)
                cache?.invalidate()
                category = try traitCategory(db, path: t.path, cache: cache)
            }
            if fresh {
                guard seen.insert("\(category.id)\u{1}\(t.text)").inserted else { continue }
            } else {
                let exists = try Bool.fetchOne(db.cachedStatement(sql: """
                    SELECT EXISTS (SELECT 1 FROM trait WHERE personId = ? AND categoryId = ? AND text = ? AND eventId IS NULL)
                    """), arguments: [personID, category.id, t.text]) ?? false
                if exists { continue }
            }
            try RawRow.run(db, PersonStatements.get(statements, db, .insertTrait), arena: statements?.arena) { r in
                r.int(personID); r.int(category.id); r.text(t.text); r.int(i); r.int(now())
            }
            added += 1
        }
        return added
    }
}
