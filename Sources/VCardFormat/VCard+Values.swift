extension VCard {
    /// The structured name (N): family, given, additional names, prefixes and suffixes.
    public struct StructuredName: Hashable, Sendable {
        /// Family names (surnames).
        public var familyNames: [String]
        /// Given names.
        public var givenNames: [String]
        /// Additional (middle) names.
        public var additionalNames: [String]
        /// Honorific prefixes (`Dr.`).
        public var honorificPrefixes: [String]
        /// Honorific suffixes (`Jr.`).
        public var honorificSuffixes: [String]

        /// Makes a name; empty arrays for unknown parts.
        public init(
            familyNames: [String] = [], givenNames: [String] = [], additionalNames: [String] = [],
            honorificPrefixes: [String] = [], honorificSuffixes: [String] = []
        ) {
            self.familyNames = familyNames
            self.givenNames = givenNames
            self.additionalNames = additionalNames
            self.honorificPrefixes = honorificPrefixes
            self.honorificSuffixes = honorificSuffixes
        }
    }

    /// A value with types and a preference: EMAIL, TEL, URL, IMPP, RELATED, INTEREST….
    public struct TypedValue: Hashable, Sendable {
        /// The value, unescaped (`jane@example.com`, `+1 555 0100`).
        public var value: String
        /// The TYPE values, lowercased, without `pref` (`work`, `cell`).
        public var types: [String]
        /// 1 (most preferred) to 100, from `PREF=n` or `TYPE=pref` (as 1); nil if none.
        public var preference: Int?
        /// The property group (`item1`), or nil.
        public var group: String?
        /// Apple's custom label from `groupN.X-ABLabel`, with `_$!<…>!$_` removed; nil if none.
        public var label: String?

        /// Makes a typed value.
        public init(_ value: String, types: [String] = [], preference: Int? = nil, group: String? = nil, label: String? = nil) {
            self.value = value
            self.types = types
            self.preference = preference
            self.group = group
            self.label = label
        }
    }

    /// A postal address (ADR).
    public struct Address: Hashable, Sendable {
        /// Post office box.
        public var poBox: String
        /// Extended address (apartment, suite).
        public var extended: String
        /// Street address.
        public var street: String
        /// City.
        public var locality: String
        /// State or province.
        public var region: String
        /// Postal code.
        public var postalCode: String
        /// Country name.
        public var country: String
        /// The TYPE values, lowercased, without `pref`.
        public var types: [String]
        /// 1–100 or nil, as for ``TypedValue/preference``.
        public var preference: Int?
        /// The property group, or nil.
        public var group: String?
        /// Apple's label from `groupN.X-ABLabel`, or nil.
        public var label: String?

        /// Makes an address; empty strings for unknown parts.
        public init(
            poBox: String = "", extended: String = "", street: String = "", locality: String = "", region: String = "",
            postalCode: String = "", country: String = "", types: [String] = [], preference: Int? = nil,
            group: String? = nil, label: String? = nil
        ) {
            self.poBox = poBox
            self.extended = extended
            self.street = street
            self.locality = locality
            self.region = region
            self.postalCode = postalCode
            self.country = country
            self.types = types
            self.preference = preference
            self.group = group
            self.label = label
        }
    }

    /// A photo, logo, sound or key: inline bytes or a URI.
    public enum Media: Hashable, Sendable {
        /// Inline data with its media type (`image/jpeg`) when known.
        case inline(data: [UInt8], mediaType: String?)
        /// A URI to the data (`https://…`).
        case uri(String, mediaType: String?)
    }

    /// GENDER (RFC 6350 §6.2.7): sex `M`, `F`, `O`, `N`, `U` and free-text identity.
    public struct Gender: Hashable, Sendable {
        /// `M`, `F`, `O`, `N`, `U`, or nil.
        public var sex: String?
        /// Free-text gender identity, or nil.
        public var identity: String?
        /// Makes a gender.
        public init(sex: String?, identity: String? = nil) {
            self.sex = sex
            self.identity = identity
        }
    }

    /// A position in decimal degrees (GEO).
    public struct Geo: Hashable, Sendable {
        /// Latitude in decimal degrees.
        public var latitude: Double
        /// Longitude in decimal degrees.
        public var longitude: Double
        /// Makes a position.
        public init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
        }
    }
}
