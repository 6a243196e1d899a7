import Testing

@testable import KithBase

@Suite struct ByteCountTests {
    @Test(
        "binary units, KiB rounded to the nearest, MiB to the nearest tenth without .0",
        arguments: [
            (0, "0 bytes"), (900, "900 bytes"), (1023, "1023 bytes"), (1024, "1 KiB"), (1535, "1 KiB"),
            (1536, "2 KiB"), (100_000, "98 KiB"), (256 * 1024, "256 KiB"), (1 << 20, "1 MiB"),
            (3_355_443, "3.2 MiB"), (20 * 1024 * 1024, "20 MiB"), (21 * 1024 * 1024 + 1, "21 MiB"),
            (32 << 20, "32 MiB"), (66_700_000, "63.6 MiB"), (100 << 20, "100 MiB"),
            ((1 << 20) * 99 / 10 + 60_000, "10 MiB"),
        ])
    func text(bytes: Int, expected: String) {
        #expect(ByteCount.text(bytes) == expected)
    }
}
