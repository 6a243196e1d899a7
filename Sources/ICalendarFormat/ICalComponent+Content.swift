/// The content of a component as bytes, for a digest of what a file gave: what a reader
/// would take from the component, without reading it into values.
extension ICalComponent {
    /// Calls `body` with each piece of the component's content, in order: for each
    /// property its name, its parameters and its value, then each sub-component's pieces
    /// between its name and an empty piece. The line numbers are not content. Parameters
    /// read from text are given as written (`;TZID=Europe/Berlin`), others as their names
    /// and values; so two reads of the same text give the same pieces, and a change of any
    /// byte of a name, parameter or value changes one. Feeding each piece with its length
    /// to a hash gives a digest of the component.
    package func forEachContentPiece(_ body: (Span<UInt8>) -> Void) {
        forEachContentBuffer { body($0.span) }
    }

    /// Calls `body` with the index in ``properties`` of each property named `upper` (an
    /// upper-cased name), its parameters as written and its value, as
    /// ``forEachContentPiece(_:)`` gives them: equal pieces are equal properties. The
    /// parameters are nil for a property with some that were not read from text.
    package func forEachWrittenProperty(upper n: String, _ body: (Int, Span<UInt8>?, Span<UInt8>) -> Void) {
        let count = n.utf8.count
        properties.withUnsafeBufferPointer { ps in
            guard let base = ps.baseAddress else { return }
            for i in ps.indices where base[i].name.utf8.count == count && base[i].name == n {
                ICalProperty.withWrittenPieces(at: base + i) { parameters, value in body(i, parameters?.span, value.span) }
            }
        }
    }

    private func forEachContentBuffer(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        withBytes(of: name, body)
        properties.withUnsafeBufferPointer { ps in
            guard let base = ps.baseAddress else { return }
            for p in base..<base + ps.count {
                withBytes(of: p.pointee.name, body)
                ICalProperty.forEachParameterPiece(at: p, body)
                ICalProperty.withValueBytes(at: p, body)
            }
        }
        for c in components {
            c.forEachContentBuffer(body)
            body(UnsafeBufferPointer(start: nil, count: 0))
        }
    }

    private func withBytes(of s: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var s = s
        s.withUTF8(body)
    }
}
