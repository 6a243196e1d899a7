/// E-mail addresses as the import and the duplicate finder compare them: lowercased,
/// otherwise as written (`Ana@Example.com` is `ana@example.com`).
///
/// Two comparisons stay looser on purpose, and keep their own code: merging two people
/// folds diacritics too (``NameMatcher/fold(_:)``), and ``PersonDraft/removeEmail(_:)``
/// trims what the user typed first.
enum EmailKey {
    static func key(_ address: String) -> String { address.lowercased() }
}
