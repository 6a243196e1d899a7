@testable import VCardFormat

/// The shared reader's tests moved here from ContentLinesTests run it as vCard reads it
/// (quoted-printable, CHARSET, vCard 2.1 continuations, the name table): in this module the
/// name means the reader specialised for `VCardDialect`.
typealias ContentLineReader = VCardLineReader
