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
    public var commonName: String? { parameters.first { $0.name == "CN" }?.firstValue }
    /// PARTSTAT: ACCEPTED, DECLINED, TENTATIVE, NEEDS-ACTION...
    public var participationStatus: String? { parameters.first { $0.name == "PARTSTAT" }?.firstValue }
    /// ROLE: REQ-PARTICIPANT, OPT-PARTICIPANT, CHAIR...
    public var role: String? { parameters.first { $0.name == "ROLE" }?.firstValue }

    init(_ p: ICalProperty) { self.init(uri: p.value, parameters: p.parameters) }
    func property(_ name: String) -> ICalProperty { ICalProperty(name: name, value: uri, parameters: parameters) }
}
