import OpenIAPSpec

/// The types one spec file declares, for the targets that write one output
/// file per spec file (Swift and Kotlin): `verification.yaml` becomes
/// `Verification.swift` and `Verification.kt`.
struct SpecFileGroup {
    /// The spec file's path, as its types' locations name it.
    var file: String
    /// The last component of `file`, for the "Source:" line of a header.
    var source: String
    /// Positions in `spec.types`, in name order. A position names a type
    /// without retaining it.
    var positions: [Int]

    /// Types grouped by the spec file that declares them, files in name order.
    static func groups(_ spec: Spec) -> [SpecFileGroup] {
        var byFile: [String: [Int]] = [:]
        for position in spec.types.indices {
            byFile[spec.types[position].location.file, default: []].append(position)
        }
        return byFile.keys.sorted().map { file in
            let stem = file.split(separator: "/").last.map(String.init) ?? file
            var positions = byFile[file]!
            // `Spec` keeps its types sorted by name, so this rarely sorts.
            func name(_ position: Int) -> String { spec.types[position].name }
            if !zip(positions, positions.dropFirst()).allSatisfy({ name($0) <= name($1) }) {
                positions.sort { name($0) < name($1) }
            }
            return SpecFileGroup(file: file, source: stem, positions: positions)
        }
    }
}
