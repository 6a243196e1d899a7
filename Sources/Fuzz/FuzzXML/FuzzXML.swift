import ICalendarFormat
import SecureXML
import VCardFormat
import Foundation

// libFuzzer target. Built by Scripts/fuzz.sh with -sanitize=fuzzer and -DKITH_FUZZ, where
// main() hands over to libFuzzer. In a normal build, main() replays the files named as arguments
// (reproduce a crash: `swift run FuzzXML Fuzz-findings/FuzzXML/crash-…`).

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
enum Replay {
    static func main() {
        #if KITH_FUZZ
        // SwiftPM links its own main() to this one, so hand over to libFuzzer's driver.
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput))
        #else
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("cannot read \(path)")
                continue
            }
            let start = Date()
            _ = [UInt8](data).withUnsafeBufferPointer { fuzzOneInput($0.baseAddress, $0.count) }
            print("\(path): ok in \(Int(Date().timeIntervalSince(start) * 1000)) ms")
        }
        #endif
    }
}

#if KITH_FUZZ
/// libFuzzer's entry point for programs that have their own main().
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
#endif
