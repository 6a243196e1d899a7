// KithSync: two-way sync of the journal with the CardDAV/CalDAV servers people already run
// (issue 20). It reads and writes the journal only through `Journal`'s public API and talks
// to servers through AsyncHTTPClient, whose client is created inside a sync and shut down
// at its end (nothing global: `kith log` and `kith calendar` never start an event loop).
import AsyncHTTPClient
import Kith
