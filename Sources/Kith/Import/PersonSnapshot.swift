import Foundation

/// What `personImport` keeps of the fields a card gave a person: a hash of each. Enough to
/// tell, field by field, whether the person still holds what the card gave, which is all
/// a re-import asks (``PersonFields/merged(current:snapshot:card:)``). The fields as JSON
/// were 43 % of the journal after importing the bench's 10,000 cards (1,903 of 4,400
/// pages, written twice at the commit) and a ninth of the mapping thread's instructions.
/// Journals written before keep their JSON, read here, and get a digest at the next
/// import of the card. The same design as ``EventFieldsDigest``.
struct PersonFieldsDigest: Hashable {
    /// The hash of each field, 0 for an empty one (no name, an empty list, an unset
    /// plain field): an empty field is equal to an empty field, whatever the version.
    var displayName: UInt64
    var name: UInt64
    var nicknames: UInt64
    var emails: UInt64
    var phones: UInt64
    var addresses: UInt64
    var urls: UInt64
    var vcardLines: UInt64
    /// One hash a row of ``PersonFields/plainFields``, in its order.
    var plain: [UInt64]

    init(_ f: PersonFields) {
        displayName = Self.hash(f.displayName.isEmpty) { $0.combine(f.displayName) }
        name = Self.hash(f.name == PersonName()) { h in
            h.combine(f.name.family); h.combine(f.name.given); h.combine(f.name.additional)
            h.combine(f.name.prefixes); h.combine(f.name.suffixes)
        }
        nicknames = Self.hash(f.nicknames)
        emails = Self.hash(f.emails)
        phones = Self.hash(f.phones)
        addresses = Self.hash(f.addresses.isEmpty) { h in
            h.combine(f.addresses.count)
            for a in f.addresses {
                h.combine(a.label); h.combine(a.poBox); h.combine(a.extended); h.combine(a.street)
                h.combine(a.locality); h.combine(a.region); h.combine(a.postalCode); h.combine(a.country)
            }
        }
        urls = Self.hash(f.urls)
        vcardLines = Self.hash(f.vcardLines)
        plain = PersonFields.plainFields.map { field in
            let text = field.text(f)
            return Self.hash(text?.isEmpty ?? true) { $0.combine(text ?? "") }
        }
    }

    /// 0 for an empty field; a hash that comes out 0 is taken as 1.
    private static func hash(_ empty: Bool, _ build: (inout StableHasher) -> Void) -> UInt64 {
        empty ? 0 : max(StableHasher.hash(build), 1)
    }

    private static func hash(_ list: [String]) -> UInt64 {
        hash(list.isEmpty) { h in
            h.combine(list.count)
            for s in list { h.combine(s) }
        }
    }

    private static func hash(_ list: [LabeledValue]) -> UInt64 {
        hash(list.isEmpty) { h in
            h.combine(list.count)
            for v in list { h.combine(v.label); h.combine(v.value) }
        }
    }

    /// The names of the fields whose hashes differ, as ``PersonFields/changes(from:)`` names
    /// them ("name", "emails", "organisation"…).
    func changes(from o: PersonFieldsDigest) -> [String] {
        PersonFields.steps.filter { step in
            switch step {
            case .name: displayName != o.displayName || name != o.name
            case .nicknames: nicknames != o.nicknames
            case .emails: emails != o.emails
            case .phones: phones != o.phones
            case .addresses: addresses != o.addresses
            case .urls: urls != o.urls
            case .vcardLines: vcardLines != o.vcardLines
            case .plain(let i): plain[i] != o.plain[i]
            }
        }.map(\.label)
    }

    /// The stored form: `p1`, the hashes of the eight fields that are not plain in 16 hex
    /// digits (`-` when empty), then `key=hash` for each plain field that is set: 164
    /// bytes a card of the bench book on average, where the JSON was 657.
    var stored: String {
        var out: [UInt8] = []
        out.reserveCapacity(200)
        out.append(contentsOf: "p1".utf8)
        for v in [displayName, name, nicknames, emails, phones, addresses, urls, vcardLines] {
            out.append(0x20)
            if v == 0 { out.append(0x2D) } else { StableHasher.appendHex(v, to: &out) }
        }
        for (i, v) in plain.enumerated() where v != 0 {
            out.append(0x20)
            out.append(contentsOf: PersonFields.plainFields[i].key.utf8)
            out.append(0x3D)
            StableHasher.appendHex(v, to: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `stored` (this form, which is one text for one digest, or the JSON that
    /// journals kept before) holds these hashes.
    func isStored(in stored: String) -> Bool {
        stored.hasPrefix("p1 ") ? stored == self.stored : Self.read(stored) == self
    }

    /// Reads a stored digest, or the JSON of the fields that journals kept before; nil when
    /// it is neither.
    static func read(_ stored: String) -> PersonFieldsDigest? {
        if stored.hasPrefix("{") {
            return (try? JSONDecoder().decode(PersonFields.self, from: Data(stored.utf8))).map(PersonFieldsDigest.init)
        }
        return PersonFieldsDigest(stored: stored)
    }

    private init?(stored: String) {
        let parts = stored.split(separator: " ")
        guard parts.count >= 9, parts[0] == "p1" else { return nil }
        var fixed: [UInt64] = []
        for p in parts[1...8] {
            if p == "-" {
                fixed.append(0)
            } else if let v = UInt64(p, radix: 16), v != 0 {
                fixed.append(v)
            } else {
                return nil
            }
        }
        var plain = [UInt64](repeating: 0, count: PersonFields.plainFields.count)
        for p in parts.dropFirst(9) {
            guard let eq = p.firstIndex(of: "="), let i = PersonFields.plainFields.firstIndex(where: { $0.key == p[..<eq] }),
                let v = UInt64(p[p.index(after: eq)...], radix: 16), v != 0
            else { return nil }
            plain[i] = v
        }
        displayName = fixed[0]; name = fixed[1]; nicknames = fixed[2]; emails = fixed[3]
        phones = fixed[4]; addresses = fixed[5]; urls = fixed[6]; vcardLines = fixed[7]
        self.plain = plain
    }
}
