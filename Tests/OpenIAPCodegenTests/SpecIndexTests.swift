import Testing
@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// The index by name of `Spec`: made by hashing names or, for the loader,
/// from the builder's positions; and `firstPosition(ofNameAt:)`, which skips
/// the look-up only while every name is distinct.
struct SpecIndexTests {
    private func set(_ name: String, line: Int) -> NamedType {
        .fieldSet(FieldSet(name: name, fields: [], location: SourceLocation(file: "a.yaml", line: line, column: 1)))
    }

    @Test func indexFromPositionsMatchesIndexFromNames() {
        let types = ["Zeta", "Alpha", "Mu", "Beta", "Alphabet"].enumerated().map { set($1, line: $0 + 1) }
        let names = types.map(\.name)
        let positions = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        let order = Spec.sortedPositions(of: names)
        let hashed = Spec(version: "1.0.0", versionLocation: nil, types: types, names: names, order: order)
        let mapped = Spec(version: "1.0.0", versionLocation: nil, types: types, positions: positions, order: order)
        #expect(hashed.types.map(\.name) == mapped.types.map(\.name))
        for name in names + ["Missing"] {
            #expect(hashed.position(of: name) == mapped.position(of: name), "\(name)")
        }
        #expect(hashed.hasDistinctNames && mapped.hasDistinctNames)
        for position in mapped.types.indices {
            #expect(mapped.firstPosition(ofNameAt: position) == position)
        }
    }

    @Test func repeatedNamesAreLookedUp() {
        // Two `Same`: each position of the name resolves to the first one.
        let spec = Spec(version: "1.0.0", types: [set("Same", line: 1), set("Other", line: 2), set("Same", line: 3)])
        #expect(!spec.hasDistinctNames)
        let first = spec.position(of: "Same")
        #expect(first != nil)
        for position in spec.types.indices where spec.types[position].name == "Same" {
            #expect(spec.firstPosition(ofNameAt: position) == first)
        }
        let other = spec.types.firstIndex { $0.name == "Other" }!
        #expect(spec.firstPosition(ofNameAt: other) == other)
    }

    @Test func changingTheTypesStopsTheShortcut() {
        var spec = Spec(version: "1.0.0", types: [set("A", line: 1), set("B", line: 2)])
        #expect(spec.hasDistinctNames)
        // The index still reflects the types the spec was made with, as
        // before; after a change, positions are looked up in it again.
        spec.types.reverse()
        #expect(!spec.hasDistinctNames)
        #expect(spec.firstPosition(ofNameAt: 0) == spec.position(of: spec.types[0].name))
        #expect(spec.firstPosition(ofNameAt: 1) == spec.position(of: spec.types[1].name))
    }

    /// Types grouped by the file that declares them, for the targets that
    /// write a file per spec file: files in path order, each file's types in
    /// name order; paths equal as strings (two spellings of `é`) are one.
    @Test func typePositionsByFileGroupsByPath() throws {
        let composed = "caf\u{E9}.yaml", decomposed = "cafe\u{301}.yaml"
        #expect(composed == decomposed && Array(composed.utf8) != Array(decomposed.utf8))
        func record(_ name: String, _ file: String) -> NamedType {
            .fieldSet(FieldSet(name: name, fields: [], location: SourceLocation(file: file, line: 1, column: 1)))
        }
        let spec = Spec(version: "1.0.0", types: [
            record("Zeta", "b.yaml"), record("Alpha", "b.yaml"), record("Mu", composed), record("Beta", "a.yaml"),
            record("Gamma", decomposed),
        ])
        let groups = spec.typePositionsByFile().map { ($0.file, $0.positions.map { spec.types[$0].name }) }
        #expect(groups.map(\.0) == ["a.yaml", "b.yaml", spec.types[spec.position(of: "Gamma")!].location.file])
        #expect(groups.map(\.1) == [["Beta"], ["Alpha", "Zeta"], ["Gamma", "Mu"]])

        // A spec changed after loading may hold its types out of name order;
        // the targets' file groups still list them by name.
        var changed = spec
        changed.types.reverse()
        #expect(SpecFileGroup.groups(changed).map { $0.positions.map { changed.types[$0].name } } == [["Beta"], ["Alpha", "Zeta"], ["Gamma", "Mu"]])
    }
}
