import Foundation

/// A position in a source file: a spec file or a template.
///
/// Lines and columns count from 1, columns in Unicode scalars, the way
/// compilers print them.
///
/// Every field, enum value and type of the IR carries one of these, and the
/// IR is copied and read by several threads at once. A location therefore
/// holds no reference: the path is interned in `SourceFiles`, a process-wide
/// table, and the location keeps only a 32-bit number for it next to a
/// 32-bit line and column (12 bytes instead of 32). Copying a location is
/// then a plain copy of bytes; with the path held as a `String`, every copy
/// of a `Field` or `EnumValue` retained the one string shared by all nodes
/// of its file, and both render threads wrote to that one reference count.
///
/// The public face is unchanged: `file` gives back the path exactly as it
/// was passed in, and equality, hashing and ordering behave as they did when
/// the path was a stored `String` (paths compare as Swift strings do, by
/// canonical equivalence).
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The interned path; see `SourceFiles.FileID`. Readable in the module
    /// so that a pass over many locations can keep a fact per file (the
    /// linter's platform of a file) without reading the path back, which
    /// takes the table's lock.
    private(set) var fileID: SourceFiles.FileID
    private var storedLine: Int32
    private var storedColumn: Int32

    public init(file: String, line: Int, column: Int) {
        self.init(fileID: SourceFiles.id(of: file), line: line, column: column)
    }

    /// A location in a file interned earlier, for readers that make many
    /// locations in one file (`YAMLDocument.location(of:)`): no table lookup.
    init(fileID: SourceFiles.FileID, line: Int, column: Int) {
        self.fileID = fileID
        // Readers refuse files of 2 GiB or more, so a real line or column
        // always fits; anything larger is pinned rather than trapping in
        // the middle of reporting an error.
        self.storedLine = Int32(clamping: line)
        self.storedColumn = Int32(clamping: column)
    }

    /// The path printed in diagnostics, exactly as it was given.
    public var file: String {
        get { SourceFiles.path(of: fileID) }
        set { fileID = SourceFiles.id(of: newValue) }
    }

    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }

    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    public var description: String { "\(file):\(line):\(column)" }

    // Equality and hashing go by the path's equivalence class, not its exact
    // spelling, because two `String`s that differ only in Unicode
    // normalization are equal.
    public static func == (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        lhs.fileID.equivalence == rhs.fileID.equivalence
            && lhs.storedLine == rhs.storedLine && lhs.storedColumn == rhs.storedColumn
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fileID.equivalence)
        hasher.combine(storedLine)
        hasher.combine(storedColumn)
    }

    /// By path (as strings compare), then line, then column.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        if lhs.fileID.equivalence != rhs.fileID.equivalence { return lhs.file < rhs.file }
        return (lhs.storedLine, lhs.storedColumn) < (rhs.storedLine, rhs.storedColumn)
    }
}

/// The process-wide table of the file paths that `SourceLocation`s name.
///
/// It exists so that a location can name its file with a number instead of a
/// reference-counted `String` (see `SourceLocation`). A run interns a handful
/// of paths (the spec files, the templates), each once per file read, so the
/// table only ever grows: nothing is removed, since any location made
/// earlier may still name an entry. A long-lived process that reads
/// ever-new paths grows it by one entry per distinct path.
///
/// The table is shared by all threads and guarded by a lock. `Mutex` from
/// the Synchronization module would need macOS 15, which this package does
/// not require, so it uses `NSLock` like the rest of the code. Taking the
/// lock is only needed to intern a path (once per file read) and to read a
/// path back (when a diagnostic is printed or sorted); making locations in
/// a file already interned does not touch it.
enum SourceFiles {
    /// A path's number. Paths are told apart by their exact UTF-8 bytes, so
    /// `file` gives back the very spelling that was interned; paths that are
    /// equal as Swift strings (canonically equivalent) share the upper 24
    /// bits, the equivalence class that `==`, hashing and ordering use,
    /// and differ in the lower 8, the spelling within that class.
    struct FileID: Hashable, Sendable {
        fileprivate let raw: UInt32

        var equivalence: UInt32 { raw >> 8 }
    }

    private struct Table {
        /// Exact spelling to number.
        var bySpelling: [[UInt8]: FileID] = [:]
        /// Equivalence class of each string, found with `String`'s own
        /// equality, and how many spellings it has so far.
        var classes: [String: (number: UInt32, spellings: UInt32)] = [:]
        /// The paths by class, then by spelling.
        var paths: [[String]] = []
    }

    nonisolated(unsafe) private static var table = Table()
    private static let lock = NSLock()

    /// The number of `path`, added to the table the first time it is seen.
    static func id(of path: String) -> FileID {
        let spelling = Array(path.utf8)
        lock.lock()
        defer { lock.unlock() }
        if let known = table.bySpelling[spelling] { return known }
        let id: FileID
        if let found = table.classes[path] {
            // A second spelling of a path already known: as many as 256 are
            // told apart, far beyond any real use.
            precondition(found.spellings < 256, "more than 256 spellings of one path: \(path)")
            id = FileID(raw: found.number << 8 | found.spellings)
            table.classes[path] = (found.number, found.spellings + 1)
            table.paths[Int(found.number)].append(path)
        } else {
            let number = UInt32(table.paths.count)
            precondition(number < 1 << 24, "more than 16,777,216 distinct source paths")
            id = FileID(raw: number << 8)
            table.classes[path] = (number, 1)
            table.paths.append([path])
        }
        table.bySpelling[spelling] = id
        return id
    }

    /// The path exactly as it was interned as `id`.
    static func path(of id: FileID) -> String {
        lock.lock()
        defer { lock.unlock() }
        return table.paths[Int(id.raw >> 8)][Int(id.raw & 0xFF)]
    }
}
