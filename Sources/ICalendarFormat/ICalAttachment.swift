import ContentLines

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
        self.value = Base64.encode(data)
        self.parameters = params
    }

    /// Whether the value is inline base64 data.
    public var isBinary: Bool {
        parameters.contains { ($0.name == "VALUE" && $0.value.uppercased() == "BINARY") || ($0.name == "ENCODING" && $0.value.uppercased() == "BASE64") }
    }

    /// The URI, when it is not inline data.
    public var uri: String? { isBinary ? nil : value }
    /// The inline bytes, when it is inline data that decodes.
    public var data: [UInt8]? { isBinary ? Base64.decodeLeniently(value) : nil }
    /// FMTTYPE.
    public var mediaType: String? { parameters.first { $0.name == "FMTTYPE" }?.firstValue }

    init(_ p: ICalProperty) { self.init(uri: p.value, parameters: p.parameters) }
    func property(_ name: String) -> ICalProperty { ICalProperty(name: name, value: value, parameters: parameters) }
}
