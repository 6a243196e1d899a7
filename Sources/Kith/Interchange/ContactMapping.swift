import ContentLines
import Foundation
import VCardFormat

/// The fields of a person that a vCard gives, as one value: what an import writes, and
/// the snapshot kept to tell the user's edits from the card's values on re-import.
struct ContactFields: Hashable, Codable {
    var displayName: String
    var name: PersonName
    var nicknames: [String]
    var birthday: PartialDate?
    var anniversary: PartialDate?
    var emails: [LabeledValue]
    var phones: [LabeledValue]
    var addresses: [PostalAddress]
    var organization: String
    var title: String
    var urls: [LabeledValue]
    var note: String
    var photoHash: String?
    var vcardLines: [String]

    init(person p: Person) {
        displayName = p.displayName; name = p.name; nicknames = p.nicknames; birthday = p.birthday
        anniversary = p.anniversary; emails = p.emails; phones = p.phones; addresses = p.addresses
        organization = p.organization; title = p.title; urls = p.urls; note = p.note; photoHash = p.photoHash
        vcardLines = p.vcardLines
    }

    init(displayName: String) {
        self.displayName = displayName; name = PersonName(); nicknames = []; emails = []; phones = []; addresses = []
        organization = ""; title = ""; urls = []; note = ""; vcardLines = []
    }

    /// The snapshot kept in `personImport`: the JSON that `JSONDecoder` reads back as these
    /// fields, written by hand (a `JSONEncoder` per card was an eighth of an import). The
    /// same fields always give the same text, so a re-import compares snapshots as strings.
    var snapshotJSON: String {
        var o = SnapshotWriter(capacity: 600 + vcardLines.reduce(0) { $0 + $1.utf8.count + 3 } + note.utf8.count)
        o.raw("{\"displayName\":"); o.string(displayName)
        o.raw(",\"name\":{\"family\":"); o.string(name.family)
        o.raw(",\"given\":"); o.string(name.given)
        o.raw(",\"additional\":"); o.string(name.additional)
        o.raw(",\"prefixes\":"); o.string(name.prefixes)
        o.raw(",\"suffixes\":"); o.string(name.suffixes)
        o.raw("},\"nicknames\":"); o.strings(nicknames)
        if let birthday { o.raw(",\"birthday\":"); o.date(birthday) }
        if let anniversary { o.raw(",\"anniversary\":"); o.date(anniversary) }
        o.raw(",\"emails\":"); o.labeled(emails)
        o.raw(",\"phones\":"); o.labeled(phones)
        o.raw(",\"addresses\":[")
        for (i, a) in addresses.enumerated() {
            o.raw(i == 0 ? "{\"label\":" : ",{\"label\":"); o.string(a.label)
            o.raw(",\"poBox\":"); o.string(a.poBox)
            o.raw(",\"extended\":"); o.string(a.extended)
            o.raw(",\"street\":"); o.string(a.street)
            o.raw(",\"locality\":"); o.string(a.locality)
            o.raw(",\"region\":"); o.string(a.region)
            o.raw(",\"postalCode\":"); o.string(a.postalCode)
            o.raw(",\"country\":"); o.string(a.country)
            o.raw("}")
        }
        o.raw("],\"organization\":"); o.string(organization)
        o.raw(",\"title\":"); o.string(title)
        o.raw(",\"urls\":"); o.labeled(urls)
        o.raw(",\"note\":"); o.string(note)
        if let photoHash { o.raw(",\"photoHash\":"); o.string(photoHash) }
        o.raw(",\"vcardLines\":"); o.strings(vcardLines)
        o.raw("}")
        return String(decoding: o.bytes, as: UTF8.self)
    }

    /// The fields a snapshot holds; nil when it is not one.
    static func fromSnapshot(_ json: String) -> ContactFields? {
        try? JSONDecoder().decode(ContactFields.self, from: Data(json.utf8))
    }

    /// Writes these fields into a draft.
    func apply(to d: inout PersonDraft) {
        d.displayName = displayName; d.name = name; d.nicknames = nicknames; d.birthday = birthday
        d.anniversary = anniversary; d.emails = emails; d.phones = phones; d.addresses = addresses
        d.organization = organization; d.title = title; d.urls = urls; d.note = note; d.photoHash = photoHash
        d.vcardLines = vcardLines
    }

    /// The names of the fields that differ, for "updated: email, phone".
    func changes(from o: ContactFields) -> [String] {
        var out: [String] = []
        if displayName != o.displayName || name != o.name { out.append("name") }
        if nicknames != o.nicknames { out.append("nicknames") }
        if birthday != o.birthday { out.append("birthday") }
        if anniversary != o.anniversary { out.append("anniversary") }
        if emails != o.emails { out.append("emails") }
        if phones != o.phones { out.append("phones") }
        if addresses != o.addresses { out.append("addresses") }
        if organization != o.organization { out.append("organisation") }
        if title != o.title { out.append("title") }
        if urls != o.urls { out.append("URLs") }
        if note != o.note { out.append("note") }
        if photoHash != o.photoHash { out.append("photo") }
        if vcardLines != o.vcardLines { out.append("kept vCard properties") }
        return out
    }

    /// The fields after a re-import: a field the user left as the last import gave it
    /// follows the card; a field the user changed in Kith stays. With no earlier snapshot
    /// (a person the user made), only empty fields are filled and lists gain new values.
    static func merged(current c: ContactFields, snapshot s: ContactFields?, card n: ContactFields) -> ContactFields {
        var r = c
        func pick<T: Equatable>(_ kp: WritableKeyPath<ContactFields, T>, isEmpty: (T) -> Bool) {
            if let s {
                if c[keyPath: kp] == s[keyPath: kp] { r[keyPath: kp] = n[keyPath: kp] }
            } else if isEmpty(c[keyPath: kp]) {
                r[keyPath: kp] = n[keyPath: kp]
            }
        }
        func list<T: Equatable>(_ kp: WritableKeyPath<ContactFields, [T]>) {
            if let s {
                if c[keyPath: kp] == s[keyPath: kp] { r[keyPath: kp] = n[keyPath: kp] }
            } else {
                for v in n[keyPath: kp] where !r[keyPath: kp].contains(v) { r[keyPath: kp].append(v) }
            }
        }
        pick(\.displayName) { $0.isEmpty }
        pick(\.name) { $0 == PersonName() }
        list(\.nicknames)
        pick(\.birthday) { $0 == nil }
        pick(\.anniversary) { $0 == nil }
        if s == nil {
            // Contact details compare loosely: the same address with another label is the same.
            for v in n.emails where !r.emails.contains(where: { $0.value.lowercased() == v.value.lowercased() }) { r.emails.append(v) }
            for v in n.phones where !r.phones.contains(where: { p in
                guard let a = PhoneKey.key(p.value), let b = PhoneKey.key(v.value) else { return p.value == v.value }
                return PhoneKey.same(a, b)
            }) { r.phones.append(v) }
        } else {
            list(\.emails)
            list(\.phones)
        }
        list(\.addresses)
        pick(\.organization) { $0.isEmpty }
        pick(\.title) { $0.isEmpty }
        list(\.urls)
        pick(\.note) { $0.isEmpty }
        pick(\.photoHash) { $0 == nil }
        list(\.vcardLines)
        return r
    }
}

/// JSON text built byte by byte, for ``ContactFields/snapshotJSON`` and ``EventFields/snapshotJSON``.
struct SnapshotWriter {
    var bytes: [UInt8] = []

    init(capacity: Int = 512) { bytes.reserveCapacity(capacity) }

    mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// A quoted JSON string: `"`, `\` and control characters escaped, the rest as UTF-8.
    mutating func string(_ s: String) {
        // Empty fields are common (no additional names, no PO box...).
        if s.isEmpty { bytes.append(0x22); bytes.append(0x22); return }
        bytes.append(0x22)
        var s = s
        s.withUTF8 { u in
            // Most values need no escape: copied whole.
            guard u.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else {
                bytes.append(contentsOf: u)
                return
            }
            // The bytes between escapes copied as runs (a byte at a time was a twentieth of
            // a calendar import: descriptions have newlines, kept lines have quotes).
            var run = 0
            for i in 0..<u.count {
                let b = u[i]
                guard b < 0x20 || b == 0x22 || b == 0x5C else { continue }
                if run < i { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: u[run..<i])) }
                run = i + 1
                switch b {
                case 0x22: bytes.append(0x5C); bytes.append(0x22)
                case 0x5C: bytes.append(0x5C); bytes.append(0x5C)
                case 0x0A: bytes.append(0x5C); bytes.append(0x6E)
                case 0x0D: bytes.append(0x5C); bytes.append(0x72)
                case 0x09: bytes.append(0x5C); bytes.append(0x74)
                default:
                    let hex: StaticString = "0123456789abcdef"
                    let h = hex.utf8Start
                    bytes.append(0x5C); bytes.append(0x75); bytes.append(0x30); bytes.append(0x30)
                    bytes.append(h[Int(b >> 4)]); bytes.append(h[Int(b & 15)])
                }
            }
            if run < u.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: u[run...])) }
        }
        bytes.append(0x22)
    }

    /// A date as its ``PartialDate/description`` (`"YYYY-MM-DD"` or `"--MM-DD"`), written
    /// digit by digit when year, month and day have their usual widths.
    mutating func date(_ d: PartialDate) {
        guard (1...99).contains(d.month), (1...99).contains(d.day), d.year.map({ (0...9999).contains($0) }) ?? true else {
            string(d.description)
            return
        }
        func digits(_ v: Int, _ n: Int) {
            var div = 1
            for _ in 1..<n { div *= 10 }
            var v = v
            while div > 0 { bytes.append(UInt8(48 + v / div)); v %= div; div /= 10 }
        }
        bytes.append(0x22)
        if let y = d.year { digits(y, 4) } else { bytes.append(0x2D) }
        bytes.append(0x2D); digits(d.month, 2); bytes.append(0x2D); digits(d.day, 2)
        bytes.append(0x22)
    }

    mutating func strings(_ list: [String]) {
        bytes.append(0x5B)
        for (i, s) in list.enumerated() {
            if i > 0 { bytes.append(0x2C) }
            string(s)
        }
        bytes.append(0x5D)
    }

    mutating func labeled(_ list: [LabeledValue]) {
        bytes.append(0x5B)
        for (i, v) in list.enumerated() {
            raw(i == 0 ? "{\"label\":" : ",{\"label\":")
            string(v.label)
            raw(",\"value\":")
            string(v.value)
            bytes.append(0x7D)
        }
        bytes.append(0x5D)
    }
}

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
        return international ? String(decoding: [0x2B] + digits[start...], as: UTF8.self)
                             : String(decoding: digits[start...], as: UTF8.self)
    }

    /// Whether two keys are the same number: whole, never one the end of the other (a local
    /// number may be the end of an international one, or of someone else's: a card's number
    /// that only ends like one already there is kept beside it, not dropped).
    static func same(_ a: String, _ b: String) -> Bool {
        a == b
    }
}

/// A vCard read for import: the person's fields, photo bytes, categories and traits.
struct ImportedContact {
    var fields: ContactFields
    var uid: String?
    var rev: String?
    /// Inline photo bytes with a media type Kith stores.
    var photo: Data?
    /// CATEGORIES values, for placement.
    var categories: [String]
    /// Trait kind path and text, from INTEREST, HOBBY and EXPERTISE.
    var traits: [(path: String, text: String)]
    var line: Int
}

/// Maps vCards to people and people to vCards.
enum ContactMapping {
    /// Trait kinds the RFC 6715 properties become.
    static let interestPath = "Interests"
    static let hobbyPath = "Interests/Hobbies"
    static let expertisePath = "Work & Study/Expertise"

    /// Properties Kith models; every other one is kept verbatim.
    static let modelled: Set<String> = [
        "FN", "N", "NICKNAME", "EMAIL", "TEL", "ADR", "ORG", "URL", "UID", "REV", "PRODID", "VERSION",
    ]
    /// Whether `name` is in ``modelled`` (a switch: this runs for every line of every card).
    static func isModelled(_ name: String) -> Bool {
        switch name {
        case "FN", "N", "NICKNAME", "EMAIL", "TEL", "ADR", "ORG", "URL", "UID", "REV", "PRODID", "VERSION": return true
        default: return false
        }
    }
    /// TYPE values that say nothing a user needs to see (``label(types:label:)`` checks these).
    static let noiseTypes: Set<String> = ["internet", "x400", "pref"]
    /// TYPE values written as TYPE on export; any other label becomes an Apple-style `X-ABLabel`.
    static let knownTypes: Set<String> = [
        "home", "work", "cell", "voice", "fax", "pager", "text", "video", "textphone", "main", "iphone",
        "other", "mobile", "internet", "pref", "msg", "bbs", "modem", "car", "isdn", "pcs", "dom", "intl",
        "postal", "parcel",
    ]

    /// What the import takes from a card.
    /// - Returns: nil with a reason when the card has no name at all.
    static func contact(from source: VCard, warnings: inout [ImportWarning]) -> Result<ImportedContact, ImportFailure> {
        // Work in 4.0 form so kept lines are stored in one dialect.
        var lines = lines4(of: source)
        // Control characters (other than tab and line breaks) are no valid content: they go,
        // with one warning for the card, so that what Kith writes from it stays valid.
        var removedControls = false
        for i in lines.indices {
            if ContentLine.forbiddenCharacter(inValue: lines[i].value) != nil {
                lines[i].value = EventMapping.withoutControlCharacters(lines[i].value).0
                removedControls = true
            }
            for k in lines[i].parameters.indices {
                for v in lines[i].parameters[k].values.indices where ContentLine.forbiddenCharacter(inParameterValue: lines[i].parameters[k].values[v]) != nil {
                    lines[i].parameters[k].values[v] = EventMapping.withoutControlCharacters(lines[i].parameters[k].values[v]).0
                    removedControls = true
                }
            }
        }
        if removedControls {
            warnings.append(ImportWarning(line: source.line, code: "control-characters",
                message: "line \(source.line): the card held control characters; they were removed."))
        }
        let card = VCard(version: .v4_0, properties: lines, line: source.line)
        let emails = card.emails.filter { !$0.value.kithTrimmed(newlines: false).isEmpty }
        let n = card.name
        var name = PersonName()
        if let n {
            name = PersonName(family: n.familyNames.joined(separator: " "), given: n.givenNames.joined(separator: " "),
                              additional: n.additionalNames.joined(separator: " "),
                              prefixes: n.honorificPrefixes.joined(separator: " "),
                              suffixes: n.honorificSuffixes.joined(separator: " "))
        }
        let orgParts = card.organization.filter { !$0.isEmpty }
        let org = orgParts.joined(separator: ", ")
        var display = card.formattedName?.kithTrimmed() ?? ""
        if display.isEmpty {
            display = [name.prefixes, name.given, name.additional, name.family, name.suffixes]
                .filter { !$0.isEmpty }.joined(separator: " ")
        }
        if display.isEmpty { display = org }
        if display.isEmpty, let e = emails.first { display = e.value }
        let named = source.properties.contains { p in
            switch p.name {
            case "FN", "N", "ORG", "EMAIL": return true
            default: return false
            }
        }
        guard named, !display.isEmpty else {
            return .failure(ImportFailure(line: source.line, name: "",
                reason: "the card has no name: no FN, N, ORG or EMAIL to call this person by"))
        }
        var f = ContactFields(displayName: display)
        f.name = name
        f.nicknames = card.nicknames.map { $0.kithTrimmed(newlines: false) }.filter { !$0.isEmpty }
        f.emails = emails.map { LabeledValue($0.value.kithTrimmed(newlines: false), label: label($0)) }
        f.phones = card.phones.filter { !$0.value.isEmpty }.map { LabeledValue($0.value.kithTrimmed(newlines: false), label: label($0)) }
        f.urls = card.urls.filter { !$0.value.isEmpty }.map { LabeledValue($0.value, label: label($0)) }
        f.addresses = card.addresses.map { a in
            PostalAddress(label: label(types: a.types, label: a.label), poBox: a.poBox, extended: a.extended, street: a.street,
                          locality: a.locality, region: a.region, postalCode: a.postalCode, country: a.country)
        }
        f.organization = org
        let titles = card.titles
        f.title = titles.first ?? ""
        f.note = card.notes.joined(separator: "\n\n")

        var kept: [ContentLine] = []
        var dropGroups = Set<String>()
        var photo: Data?
        var categories: [String] = []
        var traits: [(String, String)] = []
        var sawTitle = false
        for p in card.properties {
            switch p.name {
            case "EMAIL", "TEL", "URL", "ADR":
                if let g = p.group { dropGroups.insert(g.uppercased()) }
            case "TITLE" where !sawTitle:
                sawTitle = true
            case "NOTE":
                break
            case "BDAY", "ANNIVERSARY":
                let date = PartialDate(line: p)
                if let date {
                    if p.name == "BDAY" { f.birthday = date } else { f.anniversary = date }
                } else {
                    warnings.append(ImportWarning(line: p.line, code: "date-kept-as-text",
                        message: "\(p.name) \"\(p.value.prefix(40))\" is not a calendar date; kept on the person as written."))
                    kept.append(p)
                }
            case "PHOTO" where photo == nil:
                if case .inline(let bytes, _)? = VCard(version: .v4_0, properties: [p]).photos.first,
                   case let data = Data(bytes), Photo.mediaType(of: data) != nil {
                    photo = data
                } else {
                    kept.append(p)
                }
            case "ORG":
                // Kith keeps one organisation string; the structured line (name;unit;unit)
                // is kept too and written back while the organisation is unchanged.
                if orgParts.count > 1 { kept.append(p) }
            case "X-ANDROID-CUSTOM":
                // Android keeps nicknames here: vnd.android.cursor.item/nickname;NAME;...
                let parts = TextEscaping.split(p.value, on: ";")
                if parts.count > 1, parts[0].lowercased() == "vnd.android.cursor.item/nickname" {
                    let nick = TextEscaping.unescape(parts[1]).kithTrimmed(newlines: false)
                    if !nick.isEmpty && !f.nicknames.contains(nick) { f.nicknames.append(nick) }
                }
                kept.append(p)
            case "CATEGORIES":
                categories += TextEscaping.splitList(p.value).map { $0.kithTrimmed(newlines: false) }.filter { !$0.isEmpty }
            case "INTEREST", "HOBBY", "EXPERTISE":
                let text = TextEscaping.unescape(p.value).kithTrimmed()
                if !text.isEmpty {
                    traits.append((p.name == "INTEREST" ? interestPath : p.name == "HOBBY" ? hobbyPath : expertisePath, text))
                }
                kept.append(p) // keeps LEVEL and such; exported again only while the trait exists
            default:
                if !isModelled(p.name) { kept.append(p) }
            }
        }
        kept.removeAll { $0.name == "X-ABLABEL" && $0.group.map { dropGroups.contains($0.uppercased()) } == true }
        kept = validLines(kept, warnings: &warnings)
        f.vcardLines = kept.map { var l = $0; l.line = 0; return ContentLineWriter.serialize(l) }
        let uid = card.uid?.kithTrimmed(newlines: false)
        return .success(ImportedContact(fields: f, uid: uid?.isEmpty == false ? uid : nil, rev: card.revision,
                                        photo: photo, categories: categories, traits: traits, line: source.line))
    }

    /// The kept lines that make valid content lines (RFC 6350 §3.3): a line whose group,
    /// name or value is not valid is dropped, an invalid parameter is left out, each with a
    /// warning naming its line, so that what Kith writes stays valid whatever it read.
    static func validLines(_ lines: [ContentLine], warnings: inout [ImportWarning]) -> [ContentLine] {
        lines.compactMap { l -> ContentLine? in
            if let why = ContentLine.problem(group: l.group, name: l.name, value: l.value) {
                warnings.append(ImportWarning(line: l.line, code: "invalid-line",
                    message: "line \(l.line): \(why); the line was dropped so that what Kith writes stays valid."))
                return nil
            }
            var l = l
            let (line, name) = (l.line, l.name)
            l.parameters.removeAll { p in
                guard let why = ContentLine.parameterProblem(name: p.name, values: p.values) else { return false }
                warnings.append(ImportWarning(line: line, code: "invalid-parameter",
                    message: "line \(line): \(name): \(why); the parameter was dropped so that what Kith writes stays valid."))
                return true
            }
            return l
        }
    }

    /// The card's lines in 4.0 form, as `properties(for: .v4_0)` gives them, except for
    /// lines Kith reads only through the typed getters and never keeps, whose values and
    /// labels the conversion cannot change: those stay as written (converting every line
    /// of a 2.1 card, and each 3.0 `EMAIL;TYPE=INTERNET` or `TYPE=pref` line, was most of
    /// the mapping's cost). They are EMAIL and TEL, NOTE (text: a value without a
    /// backslash reads the same escaped again), URL without a backslash (a URI is
    /// unescaped once more in 3.0), and N and ADR without a backslash or comma (2.1 has
    /// no lists: a comma there is text, in 4.0 it separates items). The conversion only
    /// moves `pref` from TYPE to PREF, drops `TYPE=internet` and changes 2.1 parameters
    /// the getters do not read. A name is left as written for all of its lines or for
    /// none, and such lines come after the others: each getter reads its name's lines in
    /// order, so the values and labels are the same (checked on every card of the bench
    /// book). A card without FN, or with a backslash in an EMAIL, TEL or NOTE value, is
    /// converted whole (a missing FN is made from the other lines; FN itself is converted,
    /// so that no FN is made for the others).
    static func lines4(of source: VCard) -> [ContentLine] {
        var ignored: [FormatWarning] = []
        guard source.version != .v4_0 else { return source.properties(for: .v4_0, warnings: &ignored) }
        // Which names stay as written: all their lines qualify.
        var hasFN = false, keepURL = true, keepN = true, keepADR = true
        for p in source.properties {
            switch p.name {
            case "EMAIL", "TEL":
                if p.value.utf8.contains(0x5C) { return source.properties(for: .v4_0, warnings: &ignored) }
            case "FN":
                hasFN = true
            case "NOTE":
                if p.value.utf8.contains(0x5C) { return source.properties(for: .v4_0, warnings: &ignored) }
            case "URL":
                if keepURL && p.value.utf8.contains(0x5C) { keepURL = false }
            case "N":
                if keepN && p.value.utf8.contains(where: { $0 == 0x5C || $0 == 0x2C }) { keepN = false }
            case "ADR":
                if keepADR && p.value.utf8.contains(where: { $0 == 0x5C || $0 == 0x2C }) { keepADR = false }
            default:
                break
            }
        }
        guard hasFN else { return source.properties(for: .v4_0, warnings: &ignored) }
        var rest: [ContentLine] = [], plain: [ContentLine] = []
        rest.reserveCapacity(source.properties.count)
        for p in source.properties {
            switch p.name {
            case "EMAIL", "TEL", "NOTE": plain.append(p)
            case "URL" where keepURL: plain.append(p)
            case "N" where keepN: plain.append(p)
            case "ADR" where keepADR: plain.append(p)
            default: rest.append(p)
            }
        }
        var out = VCard(version: source.version, properties: rest, line: source.line).properties(for: .v4_0, warnings: &ignored)
        out += plain
        return out
    }

    static func label(_ v: VCard.TypedValue) -> String { label(types: v.types, label: v.label) }

    static func label(types: [String], label: String?) -> String {
        if let label, !label.isEmpty { return label }
        // A switch, not a Set: hashing every TYPE value of every card showed in profiles.
        var t = types.filter { v in
            switch v {
            case "internet", "x400", "pref": return false
            default: return true
            }
        }
        if t.count > 1 { t.removeAll { $0 == "voice" } }
        return t.joined(separator: ",")
    }

    /// REV values compared by their digits (`2026-10-02T09:15:00Z` = `20261002T091500Z`).
    static func revKey(_ rev: String?) -> String? {
        guard let rev else { return nil }
        var d = rev.utf8.filter { $0 >= 48 && $0 <= 57 }
        guard !d.isEmpty else { return nil }
        if d.count < 14 { d += repeatElement(48, count: 14 - d.count) }
        return String(decoding: d, as: UTF8.self)
    }

    // MARK: Export

    /// A person as a vCard in 4.0 form (the writer converts to 3.0).
    /// - Parameters:
    ///   - traits: the person's traits (kind path, text), newest last.
    ///   - photo: the profile photo's bytes and media type.
    static func card(for p: Person, traits: [(path: String, text: String)], photo: (Data, String)?,
                     version: VCard.Version) -> VCard {
        var lines: [ContentLine] = []
        func text(_ s: String) -> String { TextEscaping.escape(s) }
        // Groups for custom labels, avoiding the groups of kept lines (`item1.X-ABADR`).
        let usedGroups = Set(p.vcardLines.compactMap { raw -> String? in
            guard let dot = raw.firstIndex(of: "."), let colon = raw.firstIndex(of: ":"), dot < colon,
                  !raw[..<dot].contains(";") else { return nil }
            return raw[..<dot].lowercased()
        })
        var group = 0
        func nextGroup() -> String {
            repeat { group += 1 } while usedGroups.contains("item\(group)")
            return "item\(group)"
        }
        func typed(_ name: String, _ v: LabeledValue, escape: Bool = true) {
            let value = escape ? text(v.value) : v.value
            let tokens = v.label.lowercased().split(separator: ",").map { $0.kithTrimmed(newlines: false) }.filter { !$0.isEmpty }
            if tokens.allSatisfy({ knownTypes.contains($0) }) {
                var l = ContentLine(name: name, value: value)
                if !tokens.isEmpty { l.setParameter("TYPE", tokens) }
                lines.append(l)
            } else {
                let g = nextGroup()
                lines.append(ContentLine(group: g, name: name, value: value))
                lines.append(ContentLine(group: g, name: "X-ABLabel", value: text(v.label)))
            }
        }
        lines.append(ContentLine(name: "UID", value: p.uid))
        lines.append(ContentLine(name: "FN", value: text(p.displayName)))
        let n = p.name
        lines.append(ContentLine(name: "N", value: [n.family, n.given, n.additional, n.prefixes, n.suffixes].map(text).joined(separator: ";")))
        if !p.nicknames.isEmpty { lines.append(ContentLine(name: "NICKNAME", value: p.nicknames.map(text).joined(separator: ","))) }
        if let b = p.birthday { lines.append(ContentLine(name: "BDAY", value: vcardDate(b))) }
        if let a = p.anniversary { lines.append(ContentLine(name: "ANNIVERSARY", value: vcardDate(a))) }
        for e in p.emails { typed("EMAIL", e) }
        for t in p.phones { typed("TEL", t) }
        for a in p.addresses {
            var l = ContentLine(name: "ADR", value: [a.poBox, a.extended, a.street, a.locality, a.region, a.postalCode, a.country]
                .map { TextEscaping.escape($0) }.joined(separator: ";"))
            let tokens = a.label.lowercased().split(separator: ",").map(String.init)
            if !tokens.isEmpty && tokens.allSatisfy({ knownTypes.contains($0) }) { l.setParameter("TYPE", tokens) }
            else if !a.label.isEmpty { l.setParameter("LABEL", [a.label]) }
            lines.append(l)
        }
        if !p.organization.isEmpty {
            let structured = p.vcardLines.lazy.filter { $0.hasPrefix("ORG:") || $0.hasPrefix("ORG;") }.compactMap { raw -> ContentLine? in
                var reader = ContentLineReader(string: raw + "\r\n")
                return reader.next()
            }.first { l in
                TextEscaping.split(l.value, on: ";").map(TextEscaping.unescape).filter { !$0.isEmpty }.joined(separator: ", ") == p.organization
            }
            lines.append(structured ?? ContentLine(name: "ORG", value: text(p.organization)))
        }
        if !p.title.isEmpty { lines.append(ContentLine(name: "TITLE", value: text(p.title))) }
        for u in p.urls { typed("URL", u, escape: false) }
        if !p.note.isEmpty { lines.append(ContentLine(name: "NOTE", value: text(p.note))) }
        if let (data, type) = photo {
            var card = VCard(version: .v4_0)
            card.photos = [.inline(data: [UInt8](data), mediaType: type)]
            lines += card.properties
        }
        // Kept lines, parsed back; RFC 6715 lines only while their trait still exists.
        let traitTexts = Set(traits.map { $0.text })
        var keptCategories: [String] = []
        var keptTraitTexts = Set<String>()
        for raw in p.vcardLines {
            var reader = ContentLineReader(string: raw + "\r\n")
            guard let l = reader.next() else { continue }
            switch l.name {
            case "ORG":
                continue // written above, when it still matches the organisation
            case "CATEGORIES":
                keptCategories += TextEscaping.splitList(l.value)
            case "INTEREST", "HOBBY", "EXPERTISE":
                let t = TextEscaping.unescape(l.value)
                if traitTexts.contains(t) && version == .v4_0 { lines.append(l); keptTraitTexts.insert(t) }
            default:
                lines.append(l)
            }
        }
        let categories = (p.relation.map { [$0.path] } ?? []) + keptCategories
        if !categories.isEmpty { lines.append(ContentLine(name: "CATEGORIES", value: categories.map(text).joined(separator: ","))) }
        for t in traits where !keptTraitTexts.contains(t.text) {
            if version == .v4_0 {
                let name = t.path.hasPrefix(hobbyPath) ? "HOBBY"
                    : t.path.hasPrefix(expertisePath) || t.path.hasPrefix("Work & Study") ? "EXPERTISE" : "INTEREST"
                if name == "INTEREST" && !t.path.hasPrefix(interestPath) {
                    lines.append(ContentLine(name: "NOTE", value: text("\(t.path): \(t.text)")))
                } else {
                    lines.append(ContentLine(name: name, value: text(t.text)))
                }
            } else {
                lines.append(ContentLine(name: "NOTE", value: text("\(t.path): \(t.text)")))
            }
        }
        if let rev = p.rev { lines.append(ContentLine(name: "REV", value: rev)) }
        return VCard(version: .v4_0, properties: lines)
    }

    /// `19900412` or `--0412`.
    static func vcardDate(_ d: PartialDate) -> String {
        VCard.PartialDate(year: d.year, month: d.month, day: d.day).basicFormat
    }
}

extension VCard.PartialDate {
    /// The Kith date of a vCard date: month and day must be known.
    init?(line: ContentLine) {
        let v = line.firstParameter("VALUE")?.lowercased()
        guard v == nil || v == "date" || v == "date-and-or-time" || v == "date-time" else { return nil }
        guard let d = VCard.PartialDate(line.value) else { return nil }
        self = d
        if let omit = line.firstParameter("X-APPLE-OMIT-YEAR"), let y = Int(omit), y == d.year { year = nil }
    }
}

extension PartialDate {
    /// The date of a BDAY-like line, when it has a month and day.
    init?(line: ContentLine) {
        guard let d = VCard.PartialDate(line: line), let m = d.month, let day = d.day else { return nil }
        self.init(year: d.year, month: m, day: day)
    }
}
