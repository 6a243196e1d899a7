import Hummingbird

/// Every route of the site, by group. A new group of pages adds one line here.
enum Routes {
    static func add(to router: Router<KithContext>, site: Site) {
        StaticFiles.add(to: router, site: site)
        CalendarPages.add(to: router, site: site)
        PeoplePages.add(to: router, site: site)
        EventPages.add(to: router, site: site)
        EventForms.add(to: router, site: site)
        SettingsPage.add(to: router, site: site)
    }
}

extension Parameters {
    /// A path parameter as a whole number, or 404 (a mistyped URL names no page).
    func number(_ name: String) throws -> Int {
        guard let text = self.get(name), text.count <= 18, let n = Int(text) else { throw HTTPError(.notFound) }
        return n
    }
}
