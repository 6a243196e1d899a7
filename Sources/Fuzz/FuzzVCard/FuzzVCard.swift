import Foundation
import FuzzSupport
import VCardFormat

// libFuzzer target, run by Scripts/fuzz.sh; `swift run FuzzVCard FILE...` replays inputs (see FuzzDriver).

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
enum Main {
    static func main() { FuzzDriver.main(fuzzOneInput) }
}
