/// An `application/x-www-form-urlencoded` body (or query): its fields in order.
struct FormBody: Sendable {
    let fields: [(name: String, value: String)]

    init(_ bytes: some Collection<UInt8>) {
        var fields: [(String, String)] = []
        for pair in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            if let eq = pair.firstIndex(of: UInt8(ascii: "=")) {
                fields.append((FormBody.decode(pair[pair.startIndex..<eq]), FormBody.decode(pair[pair.index(after: eq)...])))
            } else {
                fields.append((FormBody.decode(pair), ""))
            }
        }
        self.fields = fields
    }

    init(query: String) { self.init(Array(query.utf8)) }

    /// The first value of a field.
    subscript(_ name: String) -> String? { fields.first { $0.name == name }?.value }

    /// Every value of a field, in order.
    func all(_ name: String) -> [String] { fields.filter { $0.name == name }.map(\.value) }

    /// `+` as space, `%XX` as its byte; malformed escapes kept as they are; invalid UTF-8 repaired.
    static func decode(_ bytes: some Collection<UInt8>) -> String {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        func hex(_ b: UInt8) -> UInt8? {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
        while i != bytes.endIndex {
            let b = bytes[i]
            if b == UInt8(ascii: "+") {
                out.append(UInt8(ascii: " "))
            } else if b == UInt8(ascii: "%"), bytes.distance(from: i, to: bytes.endIndex) >= 3,
                let h = hex(bytes[bytes.index(after: i)]), let l = hex(bytes[bytes.index(i, offsetBy: 2)])
            {
                out.append(h << 4 | l)
                i = bytes.index(i, offsetBy: 2)
            } else {
                out.append(b)
            }
            i = bytes.index(after: i)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
