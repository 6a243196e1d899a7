/// Why an imported card is a person already in the journal; its description is the
/// reason the import report gives ("same e-mail ana@example.com").
enum MatchRule: Equatable, CustomStringConvertible {
    /// The card's UID is the person's: the card follows its own earlier import.
    case sameUID
    /// The same e-mail address (as written on the card) and the same name.
    case sameEmail(String)
    /// The same phone number, whole (as written on the card), and the same name.
    case samePhone(String)
    case sameNameAndBirthday
    /// A card without a UID whose name is that of someone imported before from this file.
    case sameNameSameFile

    var description: String {
        switch self {
        case .sameUID: return "same UID"
        case .sameEmail(let address): return "same e-mail \(address)"
        case .samePhone(let number): return "same phone \(number)"
        case .sameNameAndBirthday: return "same name and birthday"
        case .sameNameSameFile: return "same name, same file"
        }
    }
}
