import Foundation

/// The `main` every fuzz target shares.
///
/// Built by `Scripts/fuzz.sh` with `-sanitize=fuzzer -DKITH_FUZZ`, it hands over to
/// libFuzzer's driver (SwiftPM links the target's own `main`, so libFuzzer's cannot be
/// used). In a normal build it replays the files named as arguments, which is how a crash
/// is reproduced: `swift run FuzzVCard Fuzz-findings/FuzzVCard/crash-…`.
public enum FuzzDriver {
    /// One input, as libFuzzer passes it; must never crash, hang or grow without bound.
    public typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    /// Runs libFuzzer (with `KITH_FUZZ`) or replays the files in the arguments.
    public static func main(_ testOneInput: TestOneInput) -> Never {
        #if KITH_FUZZ
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
        #else
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("cannot read \(path)")
                continue
            }
            let start = Date()
            _ = [UInt8](data).withUnsafeBufferPointer { testOneInput($0.baseAddress, $0.count) }
            print("\(path): ok in \(Int(Date().timeIntervalSince(start) * 1000)) ms")
        }
        exit(0)
        #endif
    }
}

#if KITH_FUZZ
/// libFuzzer's entry point for programs that have their own main().
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: FuzzDriver.TestOneInput
) -> CInt
#endif
