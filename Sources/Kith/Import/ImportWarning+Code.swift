extension ImportWarning {
    /// The codes the journal's own mapping gives, typed (the format readers' come as
    /// `FormatWarning.Code`). ``ImportWarning/code`` keeps the text, so reports and JSON
    /// read as before.
    enum Code: String {
        case badGeo = "bad-geo"
        case controlCharacters = "control-characters"
        case dateKeptAsText = "date-kept-as-text"
        case duplicateUID = "duplicate-uid"
        case invalidLine = "invalid-line"
        case invalidParameter = "invalid-parameter"
        case missingSummary = "missing-summary"
        case zoneNotIANA = "zone-not-iana"
        case zoneWrittenInUTC = "zone-written-in-utc"
    }

    init(line: Int, code: Code, message: String) {
        self.init(line: line, code: code.rawValue, message: message)
    }
}
