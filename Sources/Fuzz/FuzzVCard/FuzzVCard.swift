import VCardFormat
import Foundation

// libFuzzer target. Built by Scripts/fuzz.sh with -sanitize=fuzzer and -DKITH_FUZZ, where
// main() hands over to libFuzzer. In a normal build, main() replays the files named as arguments
// (reproduce a crash: `swift run FuzzVCard Fuzz-findings/FuzzVCard/crash-…`).

/// Feeds one input to the readers; must never crash, hang or grow without bound.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    // Text vCard 2.1/3.0/4.0 (and, by detection, xCard/jCard); then write what was read.
    guard let result = try? VCard.read(bytes) else { return 0 }
    for version in [VCard.Version.v2_1, .v3_0, .v4_0] {
        let text = VCardWriter.write(result.cards, version: version).text
        _ = try? VCard.read(Array(text.utf8))
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
