extension PersonDraft {
    /// Removes the e-mail address `email` (case-insensitive). - Returns: whether it was there.
    @discardableResult
    public mutating func removeEmail(_ email: String) -> Bool {
        let key = email.kithTrimmed().lowercased()
        let before = fields.emails.count
        fields.emails.removeAll { $0.value.kithTrimmed().lowercased() == key }
        return fields.emails.count != before
    }

    /// Removes the phone number `phone`, compared by its digits (`+351 912-345-678` is
    /// `+351912345678`), whole: a number is not another that ends with it.
    /// - Returns: whether it was there.
    @discardableResult
    public mutating func removePhone(_ phone: String) -> Bool {
        let key = PhoneKey.digits(phone)
        let before = fields.phones.count
        fields.phones.removeAll { key.isEmpty ? $0.value == phone : PhoneKey.digits($0.value) == key }
        return fields.phones.count != before
    }

    /// Removes the nickname `nickname` (case- and diacritic-insensitive).
    /// - Returns: whether it was there.
    @discardableResult
    public mutating func removeNickname(_ nickname: String) -> Bool {
        let key = NameMatcher.fold(nickname)
        let before = fields.nicknames.count
        fields.nicknames.removeAll { NameMatcher.fold($0) == key }
        return fields.nicknames.count != before
    }
}
