import Foundation

/// A property parameter such as `TZID=Europe/Berlin` or `MEMBER="mailto:a@x","mailto:b@x"`.
public struct ICalParameter: Hashable, Sendable {
    /// The name, upper-cased (`TZID`, `VALUE`, `X-FOO`).
    public var name: String

    /// Most parameters have one value: it is kept inline, so reading allocates no array.
    private enum Storage: Hashable, Sendable { case none, one(String), many([String]) }
    private var storage: Storage

    public init(name: String, values: [String]) { self.name = name.asciiUppercased; self.storage = Self.storage(values) }
    public init(_ name: String, _ value: String) { self.name = name.asciiUppercased; self.storage = .one(value) }

    init(uncheckedName name: String, value: String) { self.name = name; self.storage = .one(value) }
    init(uncheckedName name: String, values: [String]) { self.name = name; self.storage = Self.storage(values) }

    private static func storage(_ values: [String]) -> Storage {
        values.isEmpty ? .none : values.count == 1 ? .one(values[0]) : .many(values)
    }

    /// The values, unquoted.
    public var values: [String] {
        get {
            switch storage {
            case .none: return []
            case .one(let v): return [v]
            case .many(let list): return list
            }
        }
        set { storage = Self.storage(newValue) }
    }

    /// The first value, without building an array.
    public var firstValue: String? {
        switch storage {
        case .none: return nil
        case .one(let v): return v
        case .many(let list): return list.first
        }
    }

    /// The values joined with commas.
    public var value: String {
        switch storage {
        case .none: return ""
        case .one(let v): return v
        case .many(let list): return list.joined(separator: ",")
        }
    }
}

/// Parameters from their bytes as written: `;A=x;B="y",z` (from the first `;` up to the
/// value's `:`). The reader keeps these bytes and parses them when they are asked for.
extension ICalParameter {
    /// Where the parameter value at `k` lies (quotes excluded) and where the scan goes on.
    @inline(__always)
    static func valueBounds(_ l: UnsafeBufferPointer<UInt8>, _ k: Int, _ end: Int) -> (start: Int, end: Int, next: Int) {
        var i = k
        if i < end, l[i] == 34 {
            let vs = i + 1
            let q = find(34, l, vs, end)
            return (vs, q, q < end ? q + 1 : q)
        }
        while i < end, l[i] != 44, l[i] != 58, l[i] != 59 { i += 1 }
        return (k, i, i)
    }

    /// The index of the first `byte` in `l[from..<end]`, or `end`, by `memchr`.
    @inline(__always)
    static func find(_ byte: UInt8, _ l: UnsafeBufferPointer<UInt8>, _ from: Int, _ end: Int) -> Int {
        guard from < end, let base = l.baseAddress, let p = memchr(base + from, Int32(byte), end - from) else { return end }
        return UnsafePointer<UInt8>(p.assumingMemoryBound(to: UInt8.self)) - base
    }

    /// Where the value's `:` is in a line whose parameters begin at `k` (a `;`), as a walk
    /// through names and values finds it (a `:` in a quoted value is skipped), or `end`.
    ///
    /// From a `;` or `,` of the walk, when no `"` comes before the next `:`, the walk ends at
    /// that `:` (names and unquoted values stop at it): two `memchr`s tell. Otherwise the
    /// parameters are walked, a quoted value skipped by `memchr`, and the test made again
    /// past it; an ATTENDEE's `;CN="..."` costs a few `memchr`s, not a byte loop.
    @inline(__always)
    static func valueColon(_ l: UnsafeBufferPointer<UInt8>, _ k: Int, _ end: Int) -> Int {
        var colon = find(58, l, k, end)
        if find(34, l, k, colon) == colon { return colon }
        var k = k
        while k < end, l[k] == 59 {
            k = nameEnd(l, k + 1, end)
            if k < end, l[k] == 61 {
                k += 1
                while true {
                    let quoted = k < end && l[k] == 34
                    k = valueBounds(l, k, end).next
                    if quoted, k < end, l[k] == 59 || l[k] == 44 {
                        if colon < k { colon = find(58, l, k, end) }
                        if find(34, l, k, colon) == colon { return colon }
                    }
                    if k < end, l[k] == 44 { k += 1; continue }
                    break
                }
            }
        }
        return k
    }

    /// The end of the parameter name at `k`.
    @inline(__always)
    static func nameEnd(_ l: UnsafeBufferPointer<UInt8>, _ k: Int, _ end: Int) -> Int {
        var i = k
        while i < end, l[i] != 61, l[i] != 58, l[i] != 59 { i += 1 }
        return i
    }

    /// Every parameter in `l[start..<end]`, names upper-cased, caret escapes undone.
    static func parseList(_ l: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> [ICalParameter] {
        var params: [ICalParameter] = []
        var k = start
        while k < end, l[k] == 59 {
            let ps = k + 1
            k = nameEnd(l, ps, end)
            let pname = upperName(l, ps, k)
            var first: String?
            var more: [String] = []
            if k < end, l[k] == 61 {
                k += 1
                while true {
                    let v = valueBounds(l, k, end)
                    let s = unescapedValue(l, v.start, v.end)
                    if first == nil { first = s } else { more.append(s) }
                    k = v.next
                    if k < end, l[k] == 44 { k += 1; continue }
                    break
                }
            }
            if !pname.isEmpty {
                if let first, more.isEmpty {
                    params.append(ICalParameter(uncheckedName: pname, value: first))
                } else {
                    params.append(ICalParameter(uncheckedName: pname, values: first.map { [$0] + more } ?? []))
                }
            }
        }
        return params
    }

    /// The first value of the first parameter named `want` (upper-case bytes) in
    /// `l[start..<end]`, as ``parseList(_:_:_:)`` would give it, without parsing the others.
    static func firstValue(of want: UnsafeBufferPointer<UInt8>, in l: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String? {
        firstValueBounds(of: want, in: l, start, end).map { unescapedValue(l, $0.start, $0.end) }
    }

    /// Where ``firstValue(of:in:_:_:)`` lies (quotes excluded, caret escapes not undone).
    static func firstValueBounds(of want: UnsafeBufferPointer<UInt8>, in l: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (start: Int, end: Int)? {
        var k = start
        let wn = want.count
        while k < end, l[k] == 59 {
            let ps = k + 1
            k = nameEnd(l, ps, end)
            var match = k - ps == wn && wn > 0
            if match {
                for j in 0..<wn {
                    let c = l[ps + j]
                    if (c &- 97 < 26 ? c - 32 : c) != want[j] { match = false; break }
                }
            }
            guard k < end, l[k] == 61 else {
                if match { return nil }
                continue
            }
            k += 1
            if match {
                let v = valueBounds(l, k, end)
                return (v.start, v.end)
            }
            while true {
                k = valueBounds(l, k, end).next
                if k < end, l[k] == 44 { k += 1; continue }
                break
            }
        }
        return nil
    }

    /// A name with ASCII letters upper-cased.
    static func upperName(_ l: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> String {
        var lower = false
        for k in a..<b where l[k] &- 97 < 26 { lower = true; break }
        if !lower { return String(decoding: UnsafeBufferPointer(rebasing: l[a..<b]), as: UTF8.self) }
        return String(decoding: l[a..<b].map { $0 &- 97 < 26 ? $0 - 32 : $0 }, as: UTF8.self)
    }

    /// A parameter value with RFC 6868 caret escapes undone (`^'` quote, `^n` newline, `^^` caret).
    static func unescapedValue(_ l: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> String {
        var caret = false
        for k in a..<b where l[k] == 94 { caret = true; break }
        if !caret { return String(decoding: UnsafeBufferPointer(rebasing: l[a..<b]), as: UTF8.self) }
        var out: [UInt8] = []
        var k = a
        while k < b {
            if l[k] == 94, k + 1 < b {
                switch l[k + 1] {
                case 39: out.append(34); k += 2; continue
                case 110, 78: out.append(10); k += 2; continue
                case 94: out.append(94); k += 2; continue
                default: break
                }
            }
            out.append(l[k]); k += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
