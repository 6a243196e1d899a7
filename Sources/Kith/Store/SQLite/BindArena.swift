/// Bytes copied for ``RawRow/run(_:_:arena:_:)``: in chunks that never move while values
/// are bound to them, emptied after each statement ran. One per ``PersonStatements``, so
/// one per import transaction (never shared between connections or threads).
final class BindArena {
    private static let chunkSize = 1 << 16
    private var chunks: [UnsafeMutableRawPointer] = []
    /// The chunk being filled and how much of it is used.
    private var current = 0
    private var used = 0
    /// Values too large for a chunk, each in its own allocation until ``reset()``.
    private var large: [UnsafeMutableRawPointer] = []

    /// A copy of `bytes` that stays where it is until ``reset()``.
    func copy(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeRawPointer {
        let n = bytes.count
        let target: UnsafeMutableRawPointer
        if n > Self.chunkSize / 4 {
            target = UnsafeMutableRawPointer.allocate(byteCount: n, alignment: 1)
            large.append(target)
        } else {
            if chunks.isEmpty || used + n > Self.chunkSize {
                if !chunks.isEmpty { current += 1 }
                if current == chunks.count {
                    chunks.append(UnsafeMutableRawPointer.allocate(byteCount: Self.chunkSize, alignment: 8))
                }
                used = 0
            }
            target = chunks[current] + used
            used += n
        }
        if let base = bytes.baseAddress { target.copyMemory(from: base, byteCount: n) }
        return UnsafeRawPointer(target)
    }

    /// Forgets every copy (the chunks are kept for the next statement).
    func reset() {
        current = 0
        used = 0
        for p in large { p.deallocate() }
        large.removeAll(keepingCapacity: true)
    }

    deinit {
        for p in chunks { p.deallocate() }
        for p in large { p.deallocate() }
    }
}
