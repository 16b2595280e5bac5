import OpenIAPSpec

/// One difference between the output folder on disk and the files a run generated.
public struct FileChange: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        /// The file does not exist yet.
        case added
        /// The file exists with different bytes.
        case changed
        /// The file exists, carries the generator's marker, and is no longer generated.
        case removed
    }

    public var kind: Kind
    /// Relative to the output folder, `/`-separated.
    public var path: String
    /// For `.changed`: a short unified diff of the first differing region
    /// (at most about 20 lines). `nil` for the other kinds.
    public var diff: String?

    public init(kind: Kind, path: String, diff: String? = nil) {
        self.kind = kind
        self.path = path
        self.diff = diff
    }

    /// One status line in the style of `git status --short`: `A path`, `M path` or `D path`.
    public var description: String {
        switch kind {
        case .added: "A \(path)"
        case .changed: "M \(path)"
        case .removed: "D \(path)"
        }
    }
}
