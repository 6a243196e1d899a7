import Foundation

/// A change ``Journal/undoLast()`` reversed.
public struct UndoneChange: Sendable, Equatable {
    /// What the change was, as the user would say it: `remove person Ana Lima (#12)`.
    public var description: String
    /// When the change was made.
    public var madeAt: Date
}
