import Foundation

/// What went wrong in a journal operation, with what to do about it.
///
/// Error text names files, categories and people the caller asked about, never other
/// journal contents.
public enum JournalError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// The folder that should hold the journal file does not exist.
    case folderMissing(path: String)
    /// There is no journal file there, and the command only reads.
    case noJournal(path: String)
    /// The journal file, or the folder it sits in, may not be written by this user;
    /// `reason` says which, with its permissions.
    case readOnly(path: String, reason: String)
    /// Undoing a change failed: a later change is in the way (a person imported again with
    /// the same UID, say). The change is forgotten, so that the next undo can go on.
    case cannotUndo(change: String, reason: String)
    /// The work was stopped (Ctrl-C): nothing of it was kept.
    case cancelled
    /// SQLite could not open or migrate the file.
    case cannotOpen(path: String, reason: String)
    /// The file was written by a newer Kith (it has migrations this build does not know).
    case newerSchema(path: String, unknownMigrations: [String])
    /// A colour is not `#RRGGBB`.
    case invalidColor(String)
    /// A field value is not acceptable (empty name, `/` in a category name, bad score...).
    case invalidValue(field: String, reason: String)
    /// No category of that kind has that path.
    case unknownCategory(kind: Category.Kind, path: String, suggestions: [String])
    /// A category with the same name already sits there.
    case categoryExists(kind: Category.Kind, path: String)
    /// Removing a category that events, people, traits or subcategories still use.
    case categoryInUse(kind: Category.Kind, path: String, usage: String)
    /// The change would make a third level, or mix kinds.
    case categoryTreeTooDeep(path: String)
    /// A category id of the wrong kind was given (for example a trait kind as an event type).
    case wrongCategoryKind(expected: Category.Kind, path: String)
    /// No category with that id.
    case categoryNotFound(id: Int64)
    /// No person matches the name.
    case unknownPerson(name: String, suggestions: [String])
    /// Several people match the name.
    case ambiguousPerson(name: String, candidates: [String])
    /// No person with that id.
    case personNotFound(id: Int64)
    /// A person with that UID exists already.
    case duplicatePersonUID(String)
    /// No event with that id.
    case eventNotFound(id: Int64)
    /// An event with that UID exists already.
    case duplicateEventUID(String)
    /// Not an IANA time zone identifier.
    case invalidTimeZone(String)
    /// End before start, and the like.
    case invalidEventTime(reason: String)
    /// Latitude or longitude out of range.
    case invalidCoordinates(latitude: Double, longitude: Double)
    /// The bytes are not a JPEG, PNG, GIF, WebP or HEIC/HEIF image.
    case notAnImage(file: String)
    /// No stored photo with that hash.
    case photoNotFound(hash: String)
    /// A trait given without a person in an event with several people.
    case traitPersonMissing(text: String, people: [String])
    /// A trait of an event about someone who is not in it.
    case traitPersonNotInEvent(text: String, person: String, people: [String])
    /// No trait with that id.
    case traitNotFound(id: Int64)
    /// The bytes claim an image type but do not hold a whole image of it.
    case damagedPhoto(file: String, reason: String)
    /// The photo is larger than ``Photo/maximumByteCount``.
    case photoTooLarge(file: String, byteCount: Int)
    /// A photo id that is the start of several photos' hashes.
    case ambiguousPhoto(id: String)
    /// Merging a person with themselves.
    case mergeWithSelf
    /// The derived day index disagrees with the events (a bug in Kith).
    case invariantViolation(String)
    /// SQLite refused a statement (a constraint, a full disk, a lock held too long).
    case database(reason: String)

    public var description: String {
        switch self {
        case .folderMissing(let path):
            return "the folder for the journal \(path) does not exist (create it first, or pass another --journal path)"
        case .noJournal(let path):
            return "no journal at \(path) (run `kith log …` or `kith import …` to start one, or check --journal)"
        case .readOnly(let path, let reason):
            return "cannot write the journal \(path): \(reason) (give yourself write permission, "
                + "for example `chmod u+w` on it, or work on a copy)"
        case .cannotUndo(let change, let reason):
            return "cannot undo \"\(change)\": a later change is in the way (\(reason)); nothing was changed "
                + "(it can no longer be undone: `kith undo` now reverses the change before it)"
        case .cancelled:
            return "stopped; nothing was changed (run the command again to do the work)"
        case .cannotOpen(let path, let reason):
            return "cannot open the journal \(path): \(reason) (check that it is a Kith journal and that you may read and write it)"
        case .newerSchema(let path, let unknown):
            return
                "the journal \(path) was written by a newer Kith (unknown migrations \(unknown.joined(separator: ", "))) (update Kith; the file was left untouched)"
        case .invalidColor(let c):
            return "\"\(c)\" is not a colour (write it as #RRGGBB, for example #3D85C6)"
        case .invalidValue(let field, let reason):
            return "invalid \(field): \(reason)"
        case .unknownCategory(let kind, let path, let suggestions):
            let hint =
                suggestions.isEmpty
                ? "see `kith category list --kind \(kind.rawValue)`"
                : "did you mean " + suggestions.map { "\"\($0)\"" }.joined(separator: ", ") + "?"
            return "no \(kind.label) \"\(path)\" (\(hint))"
        case .categoryExists(let kind, let path):
            return "the \(kind.label) \"\(path)\" exists already (pick another name)"
        case .categoryInUse(let kind, let path, let usage):
            return "the \(kind.label) \"\(path)\" is still used by \(usage) (name a category to reassign them to)"
        case .categoryTreeTooDeep(let path):
            return "\"\(path)\" would make a third level (categories have a main level and one sublevel only)"
        case .wrongCategoryKind(let expected, let path):
            return "\"\(path)\" is not a \(expected.label) (pick one from `kith category list --kind \(expected.rawValue)`)"
        case .categoryNotFound(let id):
            return "no category with id \(id) (list them with `kith category list`)"
        case .unknownPerson(let name, let suggestions):
            let hint =
                suggestions.isEmpty
                ? "add them with `kith person add`"
                : "did you mean " + suggestions.map { "\"\($0)\"" }.joined(separator: ", ") + "?"
            return "nobody called \"\(name)\" (\(hint))"
        case .ambiguousPerson(let name, let candidates):
            return "\"\(name)\" could be " + candidates.map { "\"\($0)\"" }.joined(separator: ", ") + " (give more of the name)"
        case .personNotFound(let id):
            return "no person with id \(id) (list them with `kith person list`)"
        case .duplicatePersonUID(let uid):
            return "a person with UID \(uid) exists already (edit that person instead)"
        case .eventNotFound(let id):
            return "no event with id \(id) (list them with `kith events`)"
        case .duplicateEventUID(let uid):
            return "an event with UID \(uid) exists already (edit that event instead)"
        case .invalidTimeZone(let tz):
            return "\"\(tz)\" is not a time zone (use an IANA name such as Europe/Lisbon or Asia/Taipei)"
        case .invalidEventTime(let reason):
            return "invalid event time: \(reason)"
        case .invalidCoordinates(let lat, let lon):
            return "\(lat),\(lon) are not coordinates (latitude is -90...90, longitude -180...180)"
        case .notAnImage(let file):
            return "\(file) is not an image (Kith keeps JPEG, PNG, GIF, WebP and HEIC photos)"
        case .photoNotFound(let hash):
            return "no photo \(hash.prefix(12)) in the journal (see the photos of an event with `kith show ID`)"
        case .traitPersonMissing(let text, let people):
            return "the trait \"\(text)\" does not say whom it is about, and the event has \(people.count) people: "
                + people.joined(separator: ", ") + " (name one first, as in \"\(people.first ?? "Name"): Interests/Climbing: \(text)\")"
        case .traitPersonNotInEvent(let text, let person, let people):
            return "the trait \"\(text)\" is about \(person), who is not in its event (its people: "
                + (people.isEmpty ? "nobody" : people.joined(separator: ", ")) + "; name one of them, or remove the trait)"
        case .traitNotFound(let id):
            return "no trait with id \(id) (list them with `kith traits --json`)"
        case .damagedPhoto(let file, let reason):
            return "\(file) is not a whole image: \(reason) (open and save it again in an image editor, or pick another file)"
        case .photoTooLarge(let file, let byteCount):
            return
                "\(file) is \(Photo.sizeText(byteCount)), more than the largest photo Kith keeps, \(Photo.sizeText(Photo.maximumByteCount)) (make it smaller, for example by exporting it at a lower resolution)"
        case .ambiguousPhoto(let id):
            return "several photos start with \(id) (give more digits of its id, as `kith show` lists it)"
        case .mergeWithSelf:
            return "cannot merge a person with themselves (name two different people)"
        case .invariantViolation(let what):
            return "the day index is inconsistent: \(what) (this is a bug in Kith; please report it)"
        case .database(let reason):
            return "the journal refused the change: \(reason)"
        }
    }

    public var errorDescription: String? { description }
}
