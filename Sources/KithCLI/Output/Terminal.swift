import Foundation

/// Text styling for one run: truecolor escapes when colour is on, nothing when off.
struct Terminal: Sendable {
    /// Whether escape codes are written.
    var colored: Bool
    /// The width in columns.
    var width: Int

    static let plain = Terminal(colored: false, width: 80)

    /// Standard output as this process sees it, with an optional `--color` choice.
    /// The journal's `color` setting (``Preferences``) comes after the flag and the environment.
    static func current(choice: ColorChoice?, environment: [String: String] = EnvironmentVariables.named("NO_COLOR", "KITH_COLOR", "COLUMNS")) -> Terminal {
        Terminal(
            colored: wantsColor(
                choice: choice, environment: environment, isTTY: isatty(STDOUT_FILENO) == 1,
                setting: Preferences.color),
            width: width(environment: environment))
    }

    /// Colour when forced (`--color always`, `KITH_COLOR=always`), never with
    /// `--color never` or `NO_COLOR`; else as the journal's `color` setting says; else only
    /// on a terminal.
    static func wantsColor(choice: ColorChoice?, environment: [String: String], isTTY: Bool, setting: ColorChoice? = nil) -> Bool {
        switch choice {
        case .always?: return true
        case .never?: return false
        case .auto?, nil: break
        }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        switch environment["KITH_COLOR"] {
        case "always"?: return true
        case "never"?: return false
        default: break
        }
        switch setting {
        case .always?: return true
        case .never?: return false
        case .auto?, nil: return isTTY
        }
    }

    /// The terminal's columns, else `$COLUMNS`, else 80.
    static func width(environment: [String: String]) -> Int {
        var size = winsize()
        if isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        return 80
    }

    // MARK: Styles

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func underline(_ text: String) -> String { wrap(text, "4") }
    func inverse(_ text: String) -> String { wrap(text, "7") }

    /// `text` in the colour `#RRGGBB`; unchanged if the colour cannot be read.
    func foreground(_ text: String, hex: String?) -> String {
        guard let (r, g, b) = hex.flatMap(Terminal.rgb) else { return text }
        return wrap(text, "38;2;\(r);\(g);\(b)")
    }

    /// `text` on a background of `#RRGGBB`, in black or white, whichever reads better.
    func background(_ text: String, hex: String?) -> String {
        guard let (r, g, b) = hex.flatMap(Terminal.rgb) else { return text }
        let luminance = 0.299 * Double(r) + 0.587 * Double(g) + 0.114 * Double(b)
        let ink = luminance > 140 ? "30" : "97"
        return wrap(text, "48;2;\(r);\(g);\(b);\(ink)")
    }

    private func wrap(_ text: String, _ code: String) -> String {
        colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// `#RRGGBB` as three bytes.
    static func rgb(_ hex: String) -> (UInt8, UInt8, UInt8)? {
        var bytes = Array(hex.utf8)
        if bytes.first == UInt8(ascii: "#") { bytes.removeFirst() }
        guard bytes.count == 6 else { return nil }
        var values: [UInt8] = []
        for i in stride(from: 0, to: 6, by: 2) {
            guard let high = hexValue(bytes[i]), let low = hexValue(bytes[i + 1]) else { return nil }
            values.append(high << 4 | low)
        }
        return (values[0], values[1], values[2])
    }

    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: return b - 0x30
        case 0x41...0x46: return b - 0x41 + 10
        case 0x61...0x66: return b - 0x61 + 10
        default: return nil
        }
    }

    // MARK: Width

    /// The columns `text` takes on a terminal: escapes take none, emoji and wide
    /// East Asian characters two, combining marks and variation selectors none.
    static func displayWidth(_ text: String) -> Int {
        // Printable ASCII (most cells of a listing): one column a byte.
        var width = 0
        for b in text.utf8 {
            guard b >= 0x20, b <= 0x7E else { break }
            width += 1
        }
        if width == text.utf8.count { return width }
        // The rest scalar by scalar, from the printable ASCII prefix on.
        var inEscape = false
        // The columns the last visible scalar took (for VS16).
        var last = width > 0 ? 1 : 0
        var afterJoiner = false
        // The prefix is skipped while iterating (its bytes are its scalars): a slice of the
        // scalars checks every index it steps to, five times the cost of the loop's work.
        var prefix = width
        for scalar in text.unicodeScalars {
            if prefix > 0 {
                prefix -= 1
                continue
            }
            let v = scalar.value
            if v >= 0x20 && v <= 0x7E && !inEscape && !afterJoiner {
                width += 1
                last = 1
                continue
            }
            // An emoji joined to the one before (👩‍💻) adds no width; VS16 makes a
            // narrow symbol (✈ → ✈️) an emoji two columns wide.
            if v == 0x200D { afterJoiner = true; continue }
            if afterJoiner { afterJoiner = false; continue }
            if v == 0xFE0F {
                if last == 1 { width += 1; last = 2 }
                continue
            }
            if inEscape {
                if v >= 0x40 && v <= 0x7E && v != 0x5B { inEscape = false; last = 0 }
                continue
            }
            if v == 0x1B { inEscape = true; continue }
            let columns = v < 0x300 ? (v < 0x20 ? 0 : 1) : scalarColumns(v)
            width += columns
            last = columns
        }
        return width
    }

    /// The columns one scalar from U+0300 on takes (not an escape, joiner or VS16), after
    /// Unicode's East Asian Width (Wide and Fullwidth: 2) and emoji presentation (2), with
    /// combining marks (Mn, Me), zero-width format characters, Hangul medial vowels and
    /// final consonants, variation selectors and skin-tone modifiers taking none.
    private static func scalarColumns(_ v: UInt32) -> Int {
        // The blocks names are most often written in, ahead of the long switch (which gives
        // them the same): Latin Extended Additional (Vietnamese) and Greek Extended take one
        // column, CJK ideographs and Hangul syllables two.
        if v >= 0x1E00 && v < 0x200B { return 1 }
        if (v >= 0x4E00 && v <= 0x9FFF) || (v >= 0xAC00 && v <= 0xD7A3) { return 2 }
        switch v {
        case 0x0300...0x036F, 0x0483...0x0489, 0x0591...0x05BD, 0x05BF, 0x05C1...0x05C2, 0x05C4...0x05C5, 0x05C7,
            0x0610...0x061A, 0x064B...0x065F, 0x0670, 0x06D6...0x06DC, 0x06DF...0x06E4, 0x06E7...0x06E8,
            0x06EA...0x06ED, 0x0711, 0x0730...0x074A, 0x0900...0x0902, 0x093A, 0x093C, 0x0941...0x0948, 0x094D,
            0x0951...0x0957, 0x0962...0x0963, 0x0981, 0x09BC, 0x09C1...0x09C4, 0x09CD, 0x0E31, 0x0E34...0x0E3A,
            0x0E47...0x0E4E, 0x0EB1, 0x0EB4...0x0EBC, 0x0EC8...0x0ECD, 0x1160...0x11FF, 0x1AB0...0x1AFF,
            0x1DC0...0x1DFF, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x20D0...0x20FF,
            0x302A...0x302D, 0x3099...0x309A, 0xD7B0...0xD7FF, 0xFE00...0xFE0F, 0xFE20...0xFE2F, 0xFEFF,
            0x1F3FB...0x1F3FF, 0xE0001, 0xE0020...0xE007F, 0xE0100...0xE01EF:
            return 0
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3, 0x25FD...0x25FE,
            0x2B1B...0x2B1C, 0x2B50, 0x2B55, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
            0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F2FF, 0x1F300...0x1F320, 0x1F32D...0x1F335,
            0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4,
            0x1F3F8...0x1F43E, 0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567,
            0x1F57A, 0x1F595...0x1F596, 0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC, 0x1F6D0...0x1F6D2,
            0x1F6D5...0x1F6D7, 0x1F6DC...0x1F6DF, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB, 0x1F7F0,
            0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x3FFFD:
            return 2
        case 0x2600...0x27BF:
            return isWideSymbol(v) ? 2 : 1
        default:
            return 1
        }
    }

    /// Symbols in the Miscellaneous Symbols and Dingbats blocks that terminals draw two wide
    /// (those with default emoji presentation).
    private static func isWideSymbol(_ v: UInt32) -> Bool { wideSymbols.contains(v) }

    private static let wideSymbols: Set<UInt32> = [
        0x2614, 0x2615, 0x2648, 0x2649, 0x264A, 0x264B, 0x264C, 0x264D, 0x264E, 0x264F,
        0x2650, 0x2651, 0x2652, 0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA, 0x26AB, 0x26BD,
        0x26BE, 0x26C4, 0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2, 0x26F3, 0x26F5, 0x26FA,
        0x26FD, 0x2705, 0x270A, 0x270B, 0x2728, 0x274C, 0x274E, 0x2753, 0x2754, 0x2755,
        0x2757, 0x2795, 0x2796, 0x2797, 0x27B0, 0x27BF,
    ]

    /// `text` padded with spaces to `width` columns.
    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        pad(text, from: displayWidth(text), to: width, right: right)
    }

    /// `text`, `textWidth` columns wide, padded with spaces to `width` columns.
    static func pad(_ text: String, from textWidth: Int, to width: Int, right: Bool = false) -> String {
        let missing = width - textWidth
        guard missing > 0 else { return text }
        let spaces = String(repeating: " ", count: missing)
        return right ? spaces + text : text + spaces
    }
}
