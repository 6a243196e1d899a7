/// What a `personContact` row holds: its `kind` column (the schema allows these three).
enum ContactKind: String {
    case email, phone, url
}
