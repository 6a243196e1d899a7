// KithServe: the journal's own screens in a browser on this machine (issue 21). Pages are
// rendered on the server from `Journal`'s public API; the Hummingbird application is built
// inside `kith serve` only (nothing global: other commands never start an event loop).
import Hummingbird
import Kith
