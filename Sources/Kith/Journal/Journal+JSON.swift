import Foundation
import GRDB

extension Journal {
    /// The whole journal as a ``JournalDocument``, in a stable order.
    /// - Parameter cancellation: checked once per person and event; when cancelled, the
    ///   export throws ``JournalError/cancelled``.
    /// - Complexity: O(size of the journal).
    public func exportDocument(cancellation: Cancellation? = nil) throws -> JournalDocument {
        try read { db in try Journal.exportDocument(db, cancellation: cancellation) }
    }

    /// The whole journal as JSON (see ``JournalDocument`` for the shape): the lossless
    /// backup format. Importing it into an empty journal gives back the same document.
    public func exportJSON(cancellation: Cancellation? = nil) throws -> ExportResult {
        let doc = try exportDocument(cancellation: cancellation)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(doc)
        return ExportResult(data: data + Data("\n".utf8), count: doc.people.count + doc.events.count, warnings: [])
    }
}
