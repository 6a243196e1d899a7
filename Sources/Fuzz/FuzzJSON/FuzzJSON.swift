import Foundation
import FuzzSupport
import ICalendarFormat
import VCardFormat

// libFuzzer target, run by Scripts/fuzz.sh; `swift run FuzzJSON FILE...` replays inputs (see FuzzDriver).

/// Feeds one input to the readers; must never crash, hang or grow without bound.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    // jCard and jCal read from the same bytes, and written back.
    if let result = try? VCard.read(bytes), !result.cards.isEmpty {
        _ = try? VCard.read(Array(VCard.jCard(result.cards).text.utf8))
    }
    if let calendar = try? ICalendar.readJCal(Data(bytes)) {
        _ = try? ICalendar.readJCal(calendar.jCalData())
    }
    return 0
}

@main
enum Main {
    static func main() { FuzzDriver.main(fuzzOneInput) }
}
