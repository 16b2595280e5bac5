import Testing
@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// `ASCIINameTable`, the byte-keyed table the join uses in place of string
/// dictionaries, and the validator's look-ups through it, which must find
/// exactly what `Spec.position(of:)` finds.
struct ASCIINameTableTests {
    private func hash(_ name: String) -> UInt64? {
        name.withUTF8Bytes { ASCIINameTable<Int>.hash(ofASCII: $0) }
    }

    private func insert(_ name: String, _ value: Int, into table: inout ASCIINameTable<Int>) -> Bool {
        name.withUTF8Bytes { bytes in table.insert(bytes, hash: hash(name)!, value: value) }
    }

    private func value(_ name: String, in table: ASCIINameTable<Int>) -> Int? {
        name.withUTF8Bytes { bytes in table.value(for: bytes, hash: hash(name)!) }
    }

    @Test func findsEveryNameOfEveryLengthAndNoOther() {
        // Lengths around the eight-byte steps in which names are hashed and
        // compared, names that differ only in their last byte or only in
        // length, and enough of them to make the table grow several times.
        var names = (0...40).map { String(repeating: "a", count: $0) }
        names += (0...40).map { String(repeating: "b", count: $0) + "c" }
        names += (0..<300).map { "ProductState\($0)" }
        var table = ASCIINameTable<Int>()
        for (number, name) in names.enumerated() {
            #expect(insert(name, number, into: &table), "\(name)")
        }
        #expect(table.count == names.count)
        for (number, name) in names.enumerated() {
            #expect(value(name, in: table) == number, "\(name)")
            // A name already there is kept with its first value.
            #expect(!insert(name, -1, into: &table))
        }
        for missing in ["ProductState300", "ProductState", "abc", "aaaaaaaaX", "d"] {
            #expect(value(missing, in: table) == nil, "\(missing)")
        }
    }

    @Test func emptyNameAlone() {
        var table = ASCIINameTable<Int>()
        #expect(insert("", 7, into: &table))
        #expect(value("", in: table) == 7)
        #expect(!insert("", 8, into: &table))
        #expect(value("a", in: table) == nil)
    }

    @Test func mapValuesKeepsTheNames() {
        var table = ASCIINameTable<Int>()
        for (value, name) in ["x", "longer-than-eight", "Mid"].enumerated() { _ = insert(name, value, into: &table) }
        let doubled = table.mapValues { $0 * 10 }
        for (value, name) in ["x", "longer-than-eight", "Mid"].enumerated() {
            let found = name.withUTF8Bytes { doubled.withValue(for: $0, hash: hash(name)!) { $0 } }
            #expect(found == value * 10)
        }
    }

    @Test func onlyASCIIIsHashed() {
        #expect(hash("Product") != nil)
        #expect(hash("") != nil)
        #expect(hash("Prodüct") == nil)
        #expect(hash("\u{212A}ind") == nil)
        // A byte above 0x7F anywhere, also in the last, overlapping word.
        #expect(hash("abcdefghijklmnoé") == nil)
        #expect(hash("abcdefghé") == nil)
    }

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
    /// names the set declared as `\u{212A}ind`, as `Spec`'s dictionary finds
    /// it, although the table holds only ASCII names: the field is reported
    /// for naming a set, not for naming an unknown type.
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
