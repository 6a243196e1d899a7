import Foundation
import FuzzSupport
import ICalendarFormat
import SecureXML
import VCardFormat

// libFuzzer target, run by Scripts/fuzz.sh; `swift run FuzzXML FILE...` replays inputs (see FuzzDriver).

/// Feeds one input to the readers; must never crash, hang or grow without bound.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    // SecureXML, then xCard and xCal read from the same bytes, and written back.
    _ = try? SecureXMLParser.parse(Data(bytes))
    if let result = try? VCard.read(bytes), !result.cards.isEmpty {
        _ = try? VCard.read(Array(VCard.xCard(result.cards).text.utf8))
    }
    if let calendar = try? ICalendar.readXCal(Data(bytes)) {
        _ = try? ICalendar.readXCal(Data(calendar.xCalString().utf8))
    }
    return 0
}

@main
enum Main {
    static func main() { FuzzDriver.main(fuzzOneInput) }
}
