/// One element of an XML document read by ``SecureXMLParser``.
public struct SecureXMLElement: Hashable, Sendable {
    /// An attribute: namespace URI (nil when unprefixed), local name and value.
    public struct Attribute: Hashable, Sendable {
        /// The namespace URI, or nil for an unprefixed attribute.
        public var namespaceURI: String?
        /// The local name.
        public var localName: String
        /// The value, entity references resolved.
        public var value: String

        /// Makes an attribute.
        public init(namespaceURI: String? = nil, localName: String, value: String) {
            self.namespaceURI = namespaceURI
            self.localName = localName
            self.value = value
        }
    }

    /// The namespace URI (`urn:ietf:params:xml:ns:vcard-4.0`), or nil.
    public var namespaceURI: String?
    /// The local name, without prefix (`fn`, `text`).
    public var localName: String
    /// The attributes in document order.
    public var attributes: [Attribute]
    /// The child elements in document order.
    public var children: [SecureXMLElement]
    /// All character data directly inside this element (not in children), CDATA included.
    public var text: String
    /// The 1-based line of the start tag.
    public var line: Int

    /// Makes an element.
    public init(
        namespaceURI: String? = nil, localName: String, attributes: [Attribute] = [],
        children: [SecureXMLElement] = [], text: String = "", line: Int = 0
    ) {
        self.namespaceURI = namespaceURI
        self.localName = localName
        self.attributes = attributes
        self.children = children
        self.text = text
        self.line = line
    }

    /// The first child with local name `name` (and namespace, if given).
    public func child(_ name: String, namespace: String? = nil) -> SecureXMLElement? {
        children.first { $0.localName == name && (namespace == nil || $0.namespaceURI == namespace) }
    }

    /// The children with local name `name` (and namespace, if given).
    public func children(_ name: String, namespace: String? = nil) -> [SecureXMLElement] {
        children.filter { $0.localName == name && (namespace == nil || $0.namespaceURI == namespace) }
    }

    /// The value of the attribute `name`, or nil.
    public func attribute(_ name: String) -> String? {
        attributes.first { $0.localName == name }?.value
    }
}
