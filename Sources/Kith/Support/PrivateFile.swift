import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files and folders only their owner can read: files 0600, folders 0700.
///
/// Used for everything Kith writes that holds journal contents (exports, backups), so
/// that a copy is as private as the journal itself. Writes are atomic: a temporary file
/// in the same folder, flushed, then renamed over the target.
package enum PrivateFile {
    /// A failed write: what, where, and the system's reason.
    package struct Failure: LocalizedError, CustomStringConvertible {
        package var path: String
        package var reason: String
        package var description: String { "\(path): \(reason)" }
        package var errorDescription: String? { description }
    }

    /// Creates `folder` and its missing parents with mode 0700; existing folders stay as they are.
    package static func makeFolders(_ folder: String) throws {
        let path = folder.isEmpty ? "." : folder
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir) {
            guard isDir.boolValue else { throw Failure(path: path, reason: "exists and is not a folder") }
            return
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try makeFolders(parent) }
        if mkdir(path, 0o700) != 0, errno != EEXIST {
            throw Failure(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// Creates `path` as a new, empty file with mode 0600, never opening one that exists
    /// (`O_EXCL`): how the journal file and a backup copy start.
    /// - Returns: 0 when the file was made, else the `errno` of the failure (`EEXIST` when
    ///   something is there already).
    package static func createEmpty(_ path: String) -> Int32 {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else { return errno }
        close(fd)
        return 0
    }

    /// Makes an existing file the owner's only (0600), as a file Kith wrote before may not be.
    package static func restrict(_ path: String) {
        chmod(path, 0o600)
    }

    /// A name in the folder of `path` for a temporary file that becomes `path`.
    package static func temporaryPath(for path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let tmp = ".\(name).\(UUID().uuidString.prefix(8)).tmp"
        return folder.isEmpty ? tmp : folder + "/" + tmp
    }

    /// Writes `data` to `path` with mode 0600, atomically, creating missing folders (0700).
    /// An existing file there is replaced (and so becomes 0600 too).
    package static func write(_ data: Data, to path: String) throws {
        try makeFolders((path as NSString).deletingLastPathComponent)
        let tmp = temporaryPath(for: path)
        let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        var failure = writeAll(fd, [UInt8](data)).map { String(cString: strerror($0)) }
        if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        close(fd)
        if failure == nil, rename(tmp, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(tmp)
            throw Failure(path: path, reason: failure)
        }
    }

    /// Where ``write(to:_:)`` streams: append bytes, or start the file over.
    package struct Output {
        /// Appends bytes to the file.
        package let put: ([UInt8]) throws -> Void
        /// Empties the file, to write it again from the start.
        package let restart: () throws -> Void
    }

    /// Like ``write(_:to:)``, with the content streamed: `body` appends to the file
    /// through an ``Output``. An error from `body` or from writing removes the temporary
    /// file and leaves `path` as it was.
    package static func write(to path: String, _ body: (Output) throws -> Void) throws {
        try makeFolders((path as NSString).deletingLastPathComponent)
        let tmp = temporaryPath(for: path)
        let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        // Where the file ends, and up to where its pages were handed to the disk.
        var written: Int64 = 0, started: Int64 = 0
        let output = Output(
            put: { raw in
                if let error = writeAll(fd, raw) { throw Failure(path: path, reason: String(cString: strerror(error))) }
                written += Int64(raw.count)
                // Start writing back every few MiB, so that the closing fsync does not wait for the whole file.
                if written - started >= writeBackStep {
                    WriteBack.start(fd, from: started, count: written - started)
                    started = written
                }
            },
            restart: {
                if ftruncate(fd, 0) != 0 || lseek(fd, 0, SEEK_SET) != 0 {
                    throw Failure(path: path, reason: String(cString: strerror(errno)))
                }
                written = 0
                started = 0
            })
        do {
            try body(output)
            if fsync(fd) != 0 { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        } catch {
            close(fd)
            unlink(tmp)
            throw error
        }
        close(fd)
        if rename(tmp, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(tmp)
            throw Failure(path: path, reason: reason)
        }
    }

    /// Writes all of `bytes` to `fd`, again after an interrupted call; what a short write
    /// left is copied and written again (rare: a full disk, a signal).
    /// - Returns: nil, or the `errno` of the failure.
    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
        var left = bytes
        while !left.isEmpty {
            let n = Glibc_write(fd, left, left.count)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if n == left.count { break }
            left = Array(left[n...])
        }
        return nil
    }

    /// How many bytes a streamed write lets pile up before it starts their write-back.
    package static let writeBackStep: Int64 = 8 << 20
}

/// Linux's `sync_file_range(2)`, looked up the first time it is needed: it starts writing
/// a range of a file's pages to disk without waiting. Elsewhere, or where the C library
/// lacks it, nothing happens (the final `fsync` writes everything anyway).
private enum WriteBack {
    private typealias Function = @convention(c) (Int32, Int64, Int64, UInt32) -> Int32

    /// The function, if this system's C library has it. `@unchecked`: a C function pointer
    /// is not `Sendable` to the compiler, but this one is set once and never changes.
    private struct Found: @unchecked Sendable { var function: Function? }

    private static let found: Found = {
        #if os(Linux)
        guard let symbol = dlsym(nil, "sync_file_range") else { return Found(function: nil) }
        return Found(function: unsafeBitCast(symbol, to: Function.self))
        #else
        return Found(function: nil)
        #endif
    }()

    /// `SYNC_FILE_RANGE_WRITE`: start write-back of the dirty pages in the range, without waiting.
    private static let startWrite: UInt32 = 2

    /// Starts writing back `count` bytes of `fd` from `offset`; failures are ignored (the
    /// `fsync` that ends the write reports real ones).
    static func start(_ fd: Int32, from offset: Int64, count: Int64) {
        _ = found.function?(fd, offset, count, startWrite)
    }
}

/// `write(2)`, named apart from the `write(_:to:)` above; the array is passed as C's
/// pointer to its bytes. Not `FileHandle`: the streamed export hands over its ~1 MiB
/// chunks without a `Data` copy, and `FileHandle.write` reports errors only as
/// Objective-C exceptions on some platforms.
private func Glibc_write(_ fd: Int32, _ buffer: [UInt8], _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(fd, buffer, count)
    #else
    return Darwin.write(fd, buffer, count)
    #endif
}
