/// An ATTENDEE or ORGANIZER: a calendar address (usually `mailto:`) with its parameters.
public struct ICalAddress: Hashable, Sendable {
    /// The address URI, e.g. `mailto:ana@example.com`.
    public var uri: String
    public var parameters: [ICalParameter]

    public init(uri: String, parameters: [ICalParameter] = []) { self.uri = uri; self.parameters = parameters }

    /// A `mailto:` address with an optional common name.
    public init(email: String, commonName: String? = nil) {
        self.init(uri: "mailto:" + email, parameters: commonName.map { [ICalParameter("CN", $0)] } ?? [])
    }

    /// The e-mail address without `mailto:`, when it is one.
    public var email: String? {
        uri.lowercased().hasPrefix("mailto:") ? String(uri.dropFirst(7)) : nil
    }

    /// CN: the person's display name.
    public var commonName: String? { parameters.first { $0.name == "CN" }?.values.first }
    /// PARTSTAT: ACCEPTED, DECLINED, TENTATIVE, NEEDS-ACTION...
    public var participationStatus: String? { parameters.first { $0.name == "PARTSTAT" }?.values.first }
    /// ROLE: REQ-PARTICIPANT, OPT-PARTICIPANT, CHAIR...
    public var role: String? { parameters.first { $0.name == "ROLE" }?.values.first }

    init(_ p: ICalProperty) { self.init(uri: p.value, parameters: p.parameters) }
    func property(_ name: String) -> ICalProperty { ICalProperty(name: name, value: uri, parameters: parameters) }
}

/// An ATTACH, IMAGE or CONFERENCE value: a URI, or inline binary data, with its parameters.
public struct ICalAttachment: Hashable, Sendable {
    /// A URI, or base64 text when `isBinary`.
    public var value: String
    public var parameters: [ICalParameter]

    public init(uri: String, parameters: [ICalParameter] = []) { self.value = uri; self.parameters = parameters }

    /// Inline data, base64-encoded, with its media type.
    public init(data: [UInt8], mediaType: String?) {
        var params = [ICalParameter("ENCODING", "BASE64"), ICalParameter("VALUE", "BINARY")]
        if let mediaType { params.append(ICalParameter("FMTTYPE", mediaType)) }
        self.value = ICalBase64.encode(data)
        self.parameters = params
    }

    /// Whether the value is inline base64 data.
    public var isBinary: Bool {
        parameters.contains { ($0.name == "VALUE" && $0.value.uppercased() == "BINARY") || ($0.name == "ENCODING" && $0.value.uppercased() == "BASE64") }
    }

    /// The URI, when it is not inline data.
    public var uri: String? { isBinary ? nil : value }
    /// The inline bytes, when it is inline data that decodes.
    public var data: [UInt8]? { isBinary ? ICalBase64.decode(value) : nil }
    /// FMTTYPE.
    public var mediaType: String? { parameters.first { $0.name == "FMTTYPE" }?.values.first }

    init(_ p: ICalProperty) { self.init(uri: p.value, parameters: p.parameters) }
    func property(_ name: String) -> ICalProperty { ICalProperty(name: name, value: value, parameters: parameters) }
}

/// GEO: latitude and longitude in degrees.
public struct ICalGeo: Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double
    public init(latitude: Double, longitude: Double) { self.latitude = latitude; self.longitude = longitude }

    init?(_ text: String) {
        let parts = text.split(separator: ";")
        guard parts.count == 2, let a = Double(parts[0].trimmingSpaces), let b = Double(parts[1].trimmingSpaces),
              abs(a) <= 90, abs(b) <= 180 else { return nil }
        self.init(latitude: a, longitude: b)
    }

    var text: String { "\(latitude);\(longitude)" }
}

/// Base64 without Foundation on the hot path.
enum ICalBase64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 2 < bytes.count {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out += [alphabet[Int(n >> 18 & 63)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)], alphabet[Int(n & 63)]]
            i += 3
        }
        let rest = bytes.count - i
        if rest > 0 {
            let n = UInt32(bytes[i]) << 16 | (rest > 1 ? UInt32(bytes[i + 1]) << 8 : 0)
            out += [alphabet[Int(n >> 18 & 63)], alphabet[Int(n >> 12 & 63)]]
            out += rest > 1 ? [alphabet[Int(n >> 6 & 63)], 61] : [61, 61]
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func decode(_ text: String) -> [UInt8]? {
        var table = [UInt8](repeating: 255, count: 256)
        for (i, c) in alphabet.enumerated() { table[Int(c)] = UInt8(i) }
        var out: [UInt8] = []
        var acc: UInt32 = 0, bits = 0
        for b in text.utf8 {
            if b == 61 || b == 32 || b == 10 || b == 13 || b == 9 { continue }
            let v = table[Int(b)]
            if v == 255 { return nil }
            acc = acc << 6 | UInt32(v); bits += 6
            if bits >= 8 { bits -= 8; out.append(UInt8(acc >> UInt32(bits) & 0xFF)) }
        }
        return out
    }
}
