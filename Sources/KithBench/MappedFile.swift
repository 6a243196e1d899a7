import Foundation

/// A file mapped read-only into memory, so that reading a large file does not copy it
/// onto the heap; unmapped when released.
final class MappedFile {
    /// A file that could not be opened or mapped.
    struct OpenError: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "\(path): \(reason) (check that the file exists and is readable)" }
    }

    let bytes: UnsafeBufferPointer<UInt8>
    private let base: UnsafeMutableRawPointer?

    init(_ path: String) throws {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw OpenError(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw OpenError(path: path, reason: String(cString: strerror(errno))) }
        let size = Int(info.st_size)
        guard size > 0 else {
            base = nil
            bytes = UnsafeBufferPointer(start: nil, count: 0)
            return
        }
        guard let p = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), p != MAP_FAILED else {
            throw OpenError(path: path, reason: String(cString: strerror(errno)))
        }
        madvise(p, size, MADV_SEQUENTIAL)
        base = p
        bytes = UnsafeBufferPointer(start: p.assumingMemoryBound(to: UInt8.self), count: size)
    }

    deinit {
        if let base { munmap(base, bytes.count) }
    }
}
