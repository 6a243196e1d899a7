import Foundation
import Testing

@testable import ICalendarFormat

/// The parameter scans that jump with `memchr` find what a walk byte by byte finds.
@Suite struct ICalParameterScanTests {
    /// Where the value's `:` is, walking names and values one byte at a time (what the
    /// reader did before `valueColon`).
    static func walkedColon(_ l: [UInt8], _ start: Int) -> Int {
        let end = l.count
        var k = start
        while k < end, l[k] == 59 {
            k += 1
            while k < end, l[k] != 61, l[k] != 58, l[k] != 59 { k += 1 }
            if k < end, l[k] == 61 {
                k += 1
                while true {
                    if k < end, l[k] == 34 {
                        k += 1
                        while k < end, l[k] != 34 { k += 1 }
                        if k < end { k += 1 }
                    } else {
                        while k < end, l[k] != 44, l[k] != 58, l[k] != 59 { k += 1 }
                    }
                    if k < end, l[k] == 44 { k += 1; continue }
                    break
                }
            }
        }
        return k
    }

    static func colon(_ s: String) -> Int {
        let bytes = Array(s.utf8)
        return bytes.withUnsafeBufferPointer { ICalParameter.valueColon($0, 0, $0.count) }
    }

    @Test(arguments: [
        ";CN=\"Mark Novák\";ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION:mailto:m@x.org",
        ";TZID=Europe/Berlin:20260101T100000",
        ";CN=\"a:b\":mailto:x", ";CN=\"a;b,c\";X=1:v", ";MEMBER=\"mailto:a@x\",\"mailto:b@x\":mailto:c@x",
        ";X=a\"b:c\"", ";X\"Y=\"q:r\":v", ";A=b=\"c:d\":e", ";A=\"open:never closed", ";A=\"x\"y:z",
        ";A=\"x\",b,\"c:d\";E:f", ";A;B=\"c\":d", ";A=:", ";:", ";A=\"\":", ";A=\"x\";B=\"y:z\";C=\"w\":v:u",
        ";A=b", ";A=\"b\"", ";A=\"b\",", ";A=\"b\";", "", ";A=\"b\",\"c\"x:y",
    ])
    func findsTheColonAWalkFinds(_ line: String) {
        #expect(Self.colon(line) == Self.walkedColon(Array(line.utf8), 0), "\(line)")
    }

    @Test func findsTheColonAWalkFindsInEveryShortLineOfItsBytes() {
        // Every line of up to 7 bytes over the alphabet that matters.
        let alphabet: [UInt8] = Array(";:=,\"a".utf8)
        var mismatches: [String] = []
        func visit(_ line: inout [UInt8], _ depth: Int) {
            let walked = Self.walkedColon(line, 0)
            let found = line.withUnsafeBufferPointer { ICalParameter.valueColon($0, 0, $0.count) }
            if walked != found, mismatches.count < 5 { mismatches.append(String(decoding: line, as: UTF8.self)) }
            guard depth < 7 else { return }
            for b in alphabet { line.append(b); visit(&line, depth + 1); line.removeLast() }
        }
        var line: [UInt8] = [59]
        visit(&line, 1)
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    /// The reader finds where a name ends 8 bytes at a time: the same as byte by byte, for
    /// a `;` or `:` at every position among bytes close to them (bits flipped, high bit set).
    @Test func nameEndFoundByWordsIsTheFirstSemicolonOrColon() {
        let fillers: [UInt8] = [0x00, 0x01, 0x39, 0x3C, 0x3F, 0x1A, 0x7B, 0x80, 0xBA, 0xBB, 0xFF, 0x41, 0x2D]
        var mismatches: [[UInt8]] = []
        for length in 0...40 {
            for at in 0...length {
                for (f, filler) in fillers.enumerated() {
                    var line = (0..<length).map { $0 % 3 == 0 ? filler : fillers[($0 * 7 + f) % fillers.count] }
                    if at < length { line[at] = f % 2 == 0 ? 0x3A : 0x3B }
                    if at + 3 < length { line[at + 3] = f % 2 == 0 ? 0x3B : 0x3A }
                    let naive = line.firstIndex { $0 == 0x3A || $0 == 0x3B } ?? line.count
                    let found = line.withUnsafeBufferPointer { ICalendarParser.nameEnd($0) }
                    if found != naive, mismatches.count < 5 { mismatches.append(line) }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }
}
