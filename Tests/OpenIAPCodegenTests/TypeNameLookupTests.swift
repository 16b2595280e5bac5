import Testing
@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// The validator finds types by name as `Spec` does: by Swift's string
/// equality, so canonically equal names are one name.
struct TypeNameLookupTests {
    /// What the validator reports about a record `A` with one field of
    /// type `reference`, next to a shared field set named `setName`.
    private func validate(setName: String, reference: String) -> [String] {
        let location = SourceLocation(file: "a.yaml", line: 1, column: 1)
        let set = NamedType.fieldSet(FieldSet(name: setName, fields: [], location: location))
        let field = Field(name: "a", type: .named(reference), isRequired: false, location: location)
        let record = NamedType.record(RecordType(name: "A", direction: .output, fields: [field], location: location))
        var validator = SpecValidator(spec: Spec(version: "1.0.0", types: [set, record]))
        validator.run()
        return validator.diagnostics.all.map(\.message)
    }

    /// A Kelvin sign is canonically equal to `K`, so a field of type `Kind`
    /// names the set declared as `\u{212A}ind`: the field is reported for
    /// naming a set, not for naming an unknown type.
    @Test func lookUpsFindWhatTheSpecFinds() {
        let named = "'Kind' is a shared field set; records 'include' it, fields cannot have it as a type"
        #expect(validate(setName: "Kind", reference: "Kind") == [named])
        #expect(validate(setName: "\u{212A}ind", reference: "Kind") == [named])
        #expect(validate(setName: "Kind", reference: "Kinds").first?.hasPrefix("unknown type 'Kinds'") == true)
    }

    @Test func unknownTypeStillReported() {
        let text = "spec:\n  version: 1.0.0\nrecords:\n  A:\n    fields:\n      a: Missing\n"
        do {
            _ = try SpecLoader.build(from: [SpecLoader.Source(path: "a.yaml", text: text)])
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("unknown type 'Missing'"))
        }
    }
}
