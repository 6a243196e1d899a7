import ContentLines
import Foundation
import FuzzSupport

// libFuzzer target, run by Scripts/fuzz.sh; `swift run FuzzContentLines FILE...` replays inputs (see FuzzDriver).

/// Feeds one input to the readers; must never crash, hang or grow without bound.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let (components, _) = ContentLineReader<PlainDialect>.components(from: bytes)
    var out = ContentLineWriter()
    for c in components { out.write(c) }
    _ = out.bytes
    return 0
}

@main
enum Main {
    static func main() { FuzzDriver.main(fuzzOneInput) }
}
