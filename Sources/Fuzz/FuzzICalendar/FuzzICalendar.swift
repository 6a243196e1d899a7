import Foundation
import FuzzSupport
import ICalendarFormat

// libFuzzer target, run by Scripts/fuzz.sh; `swift run FuzzICalendar FILE...` replays inputs (see FuzzDriver).

/// Feeds one input to the readers; must never crash, hang or grow without bound.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    // iCalendar text; then write it back and expand occurrences over a bounded window.
    guard let calendar = try? ICalendarReader(floatingTimeZone: TimeZone(identifier: "UTC")!).read(Data(bytes)) else { return 0 }
    let written = ICalendarWriter().write(calendar).data
    _ = try? ICalendarReader(floatingTimeZone: TimeZone(identifier: "UTC")!).read(written)
    _ = calendar.occurrences(from: Date(timeIntervalSince1970: 946_684_800), to: Date(timeIntervalSince1970: 1_893_456_000))
    return 0
}

@main
enum Main {
    static func main() { FuzzDriver.main(fuzzOneInput) }
}
