import Foundation

extension Journal {
    /// Why a file imported nothing: it could not be read, or (without `keepGoing`) one of its
    /// cards or events failed. Nothing was written.
    public struct ImportError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
        /// The file name.
        public var file: String
        /// The line of the card or event that failed (0 when not tied to one).
        public var line: Int
        /// The card's or event's name, if it has one.
        public var item: String?
        /// What went wrong.
        public var reason: String
        /// What the user can do.
        public var advice: String

        /// `friends.vcf, line 12 (card "Ana Lima"): the card has no name (...)`
        public var description: String {
            var s = file
            if line > 0 { s += ", line \(line)" }
            if let item, !item.isEmpty { s += " (\(item))" }
            return s + ": " + reason + " (" + advice + ")"
        }

        public var errorDescription: String? { description }
    }
}
