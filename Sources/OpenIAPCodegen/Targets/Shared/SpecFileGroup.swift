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

    /// Types grouped by the spec file that declares them, files in name
    /// order, each file's types in name order.
    static func groups(_ spec: Spec) -> [SpecFileGroup] {
        spec.typePositionsByFile().map { file, positions in
            let stem = file.split(separator: "/").last.map(String.init) ?? file
            var positions = positions
            // A spec the loader made keeps its types sorted by name; one
            // changed since may not.
            func name(_ position: Int) -> String { spec.types[position].name }
            if !zip(positions, positions.dropFirst()).allSatisfy({ name($0) <= name($1) }) {
                positions.sort { name($0) < name($1) }
            }
            return SpecFileGroup(file: file, source: stem, positions: positions)
        }
    }
}
