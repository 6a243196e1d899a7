/// A size for people, in binary units: `900 bytes`, `12 KiB`, `3.2 MiB`, `20 MiB`.
///
/// The one size text of the package (format warnings, photo limits). Below 1 KiB the exact
/// count; below 1 MiB whole KiB, rounded to the nearest; from 1 MiB on, MiB rounded to the
/// nearest tenth, without a trailing `.0`.
package enum ByteCount {
    package static func text(_ bytes: Int) -> String {
        if bytes >= 1 << 20 {
            let tenths = (bytes * 10 + (1 << 19)) >> 20
            return tenths % 10 == 0 ? "\(tenths / 10) MiB" : "\(tenths / 10).\(tenths % 10) MiB"
        }
        if bytes >= 1 << 10 { return "\((bytes + 512) >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
