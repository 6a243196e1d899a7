import ArgumentParser
import Foundation
import Kith

/// `kith photo ID [-o FILE]`: a photo's bytes, exactly as they went in.
struct PhotoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photo",
        abstract: "Write out a photo, byte for byte as it went in.",
        discussion: """
            ID is the photo's id as `kith show EVENT-ID` lists it (the first 12 digits of its \
            hash; at least 6 will do, or the whole hash from `kith show --json`). Without -o the \
            bytes go to standard output, which must then be a file or a pipe, not a terminal.
            Example:
              kith photo 3f2a9c1b0d4e -o walk.jpg
            """)

    @Argument(help: ArgumentHelp("The photo's id, as `kith show` lists it.", valueName: "id")) var id: String
    @Option(name: .shortAndLong, help: ArgumentHelp("The file to write (made readable by you only).", valueName: "file")) var output: String?
    @OptionGroup var journal: JournalOptions

    func run() throws {
        let journal = try journal.openExisting()
        let (photo, data) = try journal.photo(id: id)
        guard let output, output != "-" else {
            guard isatty(STDOUT_FILENO) != 1 else {
                throw UsageError(
                    "a photo's bytes would go to the terminal",
                    "write them to a file with -o, as in kith photo \(photo.id) -o photo\(Photo.fileExtension(mediaType: photo.mediaType) ?? "")")
            }
            FileHandle.standardOutput.write(data)
            return
        }
        do {
            try PrivateFile.write(data, to: output)
        } catch {
            throw UserError("cannot write \(output)", "check that the folder exists and is writable, or pass -o with another file")
        }
        print("Wrote photo \(photo.id) (\(photo.mediaType), \(photo.byteCount) bytes) to \(output).")
    }
}
