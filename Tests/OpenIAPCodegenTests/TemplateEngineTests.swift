import Foundation
import Testing
@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// Renders `source` as template `main` (file `main.tmpl`) next to the given
/// partials (each `name.tmpl`).
private func render(
    _ source: String, _ context: TemplateValue = [:], partials: [String: String] = [:]
) throws(DiagnosticError) -> String {
    var templates = ["main": try Template(source: source, name: "main.tmpl")]
    for (name, text) in partials {
        templates[name] = try Template(source: text, name: "\(name).tmpl")
    }
    return try TemplateSet(templates: templates).render("main", context)
}

/// The printed diagnostics of a render that must fail.
private func failure(
    _ source: String, _ context: TemplateValue = [:], partials: [String: String] = [:]
) -> String {
    do {
        let output = try render(source, context, partials: partials)
        return "unexpectedly rendered: \(output)"
    } catch {
        return error.description
    }
}

@Suite struct TemplateEngineTests {
    // MARK: Variables and names

    @Test func variablesRenderStringsAndBooleansVerbatim() throws {
        let context: TemplateValue = ["name": "<a & \"b\">", "flag": true, "off": false]
        #expect(try render("Hello {{name}}! {{ flag }} {{off}}", context) == "Hello <a & \"b\">! true false")
    }

    @Test func dottedNamesLookInsideObjects() throws {
        let context: TemplateValue = ["type": ["name": "Product", "doc": ["text": "A product"]]]
        #expect(try render("{{type.name}}/{{type.doc.text}}", context) == "Product/A product")
    }

    @Test func dottedNamesDoNotFallBackToOuterValues() {
        #expect(failure("{{a.b}}", ["a": ["x": "1"], "b": "outer"]) == "main.tmpl:1:1: error: unknown variable 'a.b'")
    }

    @Test func dotIsTheCurrentValue() throws {
        #expect(try render("{{#xs}}<{{.}}>{{/xs}}", ["xs": ["a", "b"]]) == "<a><b>")
        #expect(try render("{{#doc}}/// {{.}}{{/doc}}", ["doc": "Hi"]) == "/// Hi")
        #expect(try render("{{#doc}}/// {{.}}{{/doc}}", ["doc": ""]) == "")
    }

    /// A section over a flag or a string pushes no frame for its value when
    /// nothing in its body reads one (see `TemplateFrames`); `.` still
    /// finds the value wherever it is read: in the body, in an inverted
    /// section there, through a partial or a partial of one, in a paired
    /// section.
    @Test func dotInsideAFlagOrStringSectionIsItsValue() throws {
        let context: TemplateValue = ["doc": "Hi", "flag": true, "off": false, "xs": ["a"]]
        #expect(try render("{{#doc}}{{>p}}{{/doc}}", context, partials: ["p": "<{{.}}>"]) == "<Hi>")
        #expect(try render("{{#doc}}{{>outer}}{{/doc}}", context, partials: ["outer": "[{{>p}}]", "p": "<{{.}}>"]) == "[<Hi>]")
        #expect(try render("{{#flag}}{{^off}}{{.}}{{/off}}{{/flag}}", context) == "true")
        #expect(try render("{{#doc}}{{#flag}}{{.}}{{/flag}}{{.}}{{/doc}}", context) == "trueHi")
        #expect(try render("{{#doc}}{{#flag}}{{>p}}{{/flag}}{{/doc}}", context, partials: ["p": "{{.}}"]) == "true")
        #expect(try render("{{#doc}}{{#xs}}{{.}}{{/xs}}{{/doc}}", context) == "a")
        #expect(try render("{{#doc}}<{{.}}>{{/doc}}{{^doc}}none{{/doc}}", context) == "<Hi>")
        #expect(try render("{{^off}}{{>p}}{{/off}}{{#off}}-{{/off}}", context, partials: ["p": "{{#flag}}{{.}}{{/flag}}"]) == "true")
    }

    @Test func stringInterpolationBuildsStrings() throws {
        let count = 3
        #expect(try render("{{n}}", ["n": "\(count) items"]) == "3 items")
    }

    // MARK: Objects that share their names

    private static let sharedKeys = [TemplateKey("a"), TemplateKey("b"), TemplateKey("c")]

    /// An object built on `sharedKeys` with values for the first `filled`.
    private func shared(_ filled: Int) -> TemplateObject {
        var object = TemplateObject(keys: Self.sharedKeys)
        for (key, value) in zip(Self.sharedKeys.prefix(filled), ["1", "2", "3"]) { object.append(key, .string(value)) }
        return object
    }

    @Test func objectsOnSharedKeysHoldOnlyTheMembersAdded() throws {
        let full = shared(3)
        #expect(full == ["a": "1", "b": "2", "c": "3"])
        #expect(full.hashValue == TemplateObject(["c": "3", "a": "1", "b": "2"]).hashValue)
        // Names declared but never added are not members.
        let partial = shared(2)
        #expect(partial.count == 2)
        #expect(partial.keys.sorted() == ["a", "b"])
        #expect(partial["c"] == nil)
        #expect(partial == ["a": "1", "b": "2"])
        #expect(partial.hashValue == TemplateObject(["a": "1", "b": "2"]).hashValue)
        #expect(TemplateObject(keys: Self.sharedKeys) == [:])
        // Appending past the declared names adds members as usual.
        var longer = full
        longer.append(TemplateKey("d"), "4")
        #expect(longer == ["a": "1", "b": "2", "c": "3", "d": "4"])
        // A template sees just the members added, and an outer `c` for the missing one.
        #expect(try render("{{#o}}{{a}}{{b}}{{c}}{{/o}}", ["o": .object(partial), "c": "outer"]) == "12outer")
        #expect(try render("{{#o}}{{a}}{{b}}{{c}}{{/o}}", ["o": .object(full), "c": "outer"]) == "123")
    }

    @Test func changingAnObjectOnSharedKeysChangesNoOtherObject() throws {
        var partial = shared(2)
        partial["c"] = "new"
        #expect(partial == ["a": "1", "b": "2", "c": "new"])
        var removed = shared(3)
        removed["a"] = nil
        #expect(removed == ["b": "2", "c": "3"])
        var merged = shared(1)
        merged.merge(["a": "x", "z": "26"]) { old, new in
            guard case .string(let old) = old, case .string(let new) = new else { return new }
            return .string(old + "+" + new)
        }
        #expect(merged == ["a": "1+x", "z": "26"])
        // A name other than the one declared next: the names declared and
        // not added are dropped, and the object is as if built by hand.
        var skipped = shared(1)
        skipped.append(TemplateKey("c"), "3")
        #expect(skipped == ["a": "1", "c": "3"])
        #expect(skipped.keys.sorted() == ["a", "c"])
        #expect(skipped["b"] == nil)
        skipped.append(TemplateKey("b"), "2")
        #expect(skipped == ["a": "1", "b": "2", "c": "3"])
        var other = TemplateObject(keys: Self.sharedKeys)
        other.append(TemplateKey("z"), "26")
        #expect(other == ["z": "26"])
        #expect(try render("{{#o}}{{a}}{{z}}{{/o}}", ["o": .object(other), "a": "outer"]) == "outer26")
        // The shared names are as they were.
        #expect(Self.sharedKeys.map(\.name) == ["a", "b", "c"])
        #expect(shared(3) == ["a": "1", "b": "2", "c": "3"])
    }

    // MARK: Sections

    @Test func sectionTruthiness() throws {
        let template = "{{#v}}yes{{/v}}{{^v}}no{{/v}}"
        let cases: [(TemplateValue, String)] = [
            (true, "yes"), (false, "no"),
            ("x", "yes"), ("", "no"),
            (["a"], "yes"), (["a", "b"], "yesyes"), ([], "no"),
            ([:], "yes"), (["k": "v"], "yes"),
        ]
        for (value, expected) in cases {
            #expect(try render(template, ["v": value]) == expected, "value \(value)")
        }
    }

    /// A section directly followed by one of the other kind on the same
    /// name looks the name up once for both; each still renders as on its
    /// own: in either order, three in a row, a list with its loop
    /// variables, a value made for the occasion (`@index`) and the
    /// streamed list.
    @Test func pairedSectionsRenderAsOnTheirOwn() throws {
        let reversed = "{{^v}}no{{/v}}{{#v}}<{{.}}>{{/v}}"
        #expect(try render(reversed, ["v": ["a", "b"]]) == "<a><b>")
        #expect(try render(reversed, ["v": []]) == "no")
        #expect(try render(reversed, ["v": false]) == "no")
        let three = "{{#v}}1{{/v}}{{^v}}2{{/v}}{{#v}}3{{/v}}"
        #expect(try render(three, ["v": true]) == "13")
        #expect(try render(three, ["v": ""]) == "2")
        let list = "{{#v}}{{@index}}{{^@last}},{{/@last}}{{#@last}}.{{/@last}}{{/v}}{{^v}}none{{/v}}"
        #expect(try render(list, ["v": ["a", "b", "c"]]) == "0,1,2.")
        let made = "{{#v}}{{#@index}}[{{.}}]{{/@index}}{{^@index}}-{{/@index}}{{/v}}"
        #expect(try render(made, ["v": ["a", "b"]]) == "[0][1]")
        let streamed = try renderBothWays("{{#items}}{{name}}{{/items}}{{^items}}none{{/items}}", items: [["name": "a"], ["name": "b"]])
        #expect(streamed.whole == "ab" && streamed.streamed == "ab")
        let empty = try renderBothWays("{{^items}}none{{/items}}{{#items}}{{name}}{{/items}}", items: [])
        #expect(empty.whole == "none" && empty.streamed == "none")
    }

    @Test func objectSectionPushesTheObject() throws {
        let context: TemplateValue = ["module": "IAP", "type": ["name": "Product"]]
        #expect(try render("{{#type}}{{name}} in {{module}}{{/type}}", context) == "Product in IAP")
    }

    @Test func nestedSectionsSearchTheContextStackInnermostFirst() throws {
        let context: TemplateValue = [
            "prefix": "IAP",
            "types": [
                ["name": "Product", "fields": [["name": "id"], ["name": "price"]]],
                ["name": "Empty", "fields": []],
            ],
        ]
        let template = "{{#types}}{{name}}:{{#fields}} {{prefix}}.{{name}}{{/fields}}{{^fields}} none{{/fields}};{{/types}}"
        #expect(try render(template, context) == "Product: IAP.id IAP.price;Empty: none;")

        // A field without `name` finds the enclosing type's.
        let outer: TemplateValue = ["types": [["name": "Product", "fields": [["type": "String"]]]]]
        #expect(try render("{{#types}}{{#fields}}{{name}}.{{type}}{{/fields}}{{/types}}", outer) == "Product.String")
    }

    /// The renderer remembers where each tag last found its member; objects
    /// whose members come in another order, or lack the member, must still
    /// give their own values.
    @Test func lookupsDoNotDependOnMemberOrder() throws {
        let items: TemplateValue = [
            "name": "outer",
            "items": [
                .object(TemplateObject(uniqueKeysWithValues: [("a", "1"), ("b", "2"), ("name", "first")])),
                .object(TemplateObject(uniqueKeysWithValues: [("b", "3"), ("a", "4")])),
                .object(TemplateObject(uniqueKeysWithValues: [("name", "third"), ("b", "5"), ("a", "6")])),
            ],
        ]
        let template = "{{#items}}{{a}}{{b}}{{name}};{{/items}}"
        #expect(try render(template, items) == "12first;43outer;65third;")

        // The same names through a partial, which has hints of its own.
        #expect(try render("{{#items}}{{>item}}{{/items}}", items, partials: ["item": "{{b}}{{a}}{{name}}|"])
            == "21first|34outer|56third|")
    }

    /// Sections over flags, strings and objects without members push
    /// frames that hold no names: a name inside them is found in the
    /// innermost object below, and once an object's section ends its
    /// members are out of reach again (the renderer keeps track of that
    /// object rather than searching for it on every tag).
    @Test func namesSkipFramesWithoutMembersAndLeaveWithTheirObject() throws {
        let context: TemplateValue = [
            "name": "outer",
            "inner": ["name": "inner", "flag": true, "text": "t", "empty": .object(TemplateObject())],
            "flag": true,
        ]
        let inner = "{{#flag}}{{#text}}{{#empty}}{{name}}{{/empty}}{{/text}}{{name}}{{/flag}}-{{name}}"
        let template = "{{#inner}}" + inner + "{{/inner}}-{{name}}{{#flag}}-{{name}}{{/flag}}"
        #expect(try render(template, context) == "innerinner-inner-outer-outer")
        // The same tag reached first inside the object, then outside it.
        let list: TemplateValue = ["name": "outer", "items": [["name": "a"], ["other": "b"]]]
        #expect(try render("{{#items}}{{name}};{{/items}}", list) == "a;outer;")
    }

    /// Output is copied in pieces of every size (short ones without a
    /// call to `memmove`): each length of literal text and of a value is
    /// written whole and in order.
    @Test func piecesOfEveryLengthAreWrittenWhole() throws {
        for length in 0...40 {
            let text = String((0..<length).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
            let value = String(text.reversed())
            #expect(try render("[\(text)|{{v}}|\(text)]", ["v": .string(value)]) == "[\(text)|\(value)|\(text)]")
            #expect(try render("{{v}}{{v}}", ["v": .string(value + "\n")]) == value + "\n" + value + "\n")
        }
    }

    @Test func invertedSections() throws {
        let template = "{{^items}}empty{{/items}}{{^flag}}!{{/flag}}{{^doc}}undocumented{{/doc}}"
        #expect(try render(template, ["items": [], "flag": false, "doc": ""]) == "empty!undocumented")
        #expect(try render(template, ["items": ["x"], "flag": true, "doc": "d"]) == "")
    }

    @Test func loopVariables() throws {
        let template = "[{{#xs}}{{^@first}}, {{/@first}}{{@index}}={{.}}{{/xs}}]"
        #expect(try render(template, ["xs": ["a", "b", "c"]]) == "[0=a, 1=b, 2=c]")
        #expect(try render("{{#xs}}{{@first}}/{{@last}} {{/xs}}", ["xs": ["a", "b"]]) == "true/false false/true ")
    }

    @Test func loopVariablesBelongToTheInnermostList() throws {
        let rows: TemplateValue = ["rows": [["cells": ["a", "b"]], ["cells": ["c"]]]]
        #expect(try render("{{#rows}}{{#cells}}{{.}}{{#@last}};{{/@last}}{{/cells}}{{/rows}}", rows) == "ab;c;")

        // An object section inside a list does not hide the list's position.
        let items: TemplateValue = ["items": [["info": ["name": "x"]], ["info": ["name": "y"]]]]
        #expect(try render("{{#items}}{{#info}}{{name}}{{^@last}}|{{/@last}}{{/info}}{{/items}}", items) == "x|y")
    }

    @Test func jsonCommasWithLast() throws {
        let template = "{\n  \"enum\": [\n{{#cases}}\n    \"{{.}}\"{{^@last}},{{/@last}}\n{{/cases}}\n  ]\n}\n"
        #expect(try render(template, ["cases": ["a", "b"]]) == "{\n  \"enum\": [\n    \"a\",\n    \"b\"\n  ]\n}\n")
    }

    @Test func tenThousandElements() throws {
        let items = (0..<10_000).map { TemplateValue.object(["name": .string("T\($0)")]) }
        let output = try render("[{{#items}}{{name}}{{^@last}},{{/@last}}{{/items}}]", ["items": .list(items)])
        #expect(output == "[" + (0..<10_000).map { "T\($0)" }.joined(separator: ",") + "]")
    }

    // MARK: Whitespace

    @Test func standaloneLinesDisappear() throws {
        let template = "struct {{name}} {\n    {{! fields follow }}\n{{#fields}}\n    var {{name}}: {{type}}\n{{/fields}}\n    {{^fields}}\n    // no fields\n    {{/fields}}\n}\n"
        let product: TemplateValue = ["name": "Product", "fields": [["name": "id", "type": "String"]]]
        #expect(try render(template, product) == "struct Product {\n    var id: String\n}\n")
        #expect(try render(template, ["name": "Empty", "fields": []]) == "struct Empty {\n    // no fields\n}\n")
    }

    @Test func standaloneLineEdgeCases() throws {
        // CRLF line endings go with the line.
        #expect(try render("{{#a}}\r\nx\r\n{{/a}}\r\n", ["a": true]) == "x\r\n")
        // The last line needs no line break; tabs count as indentation.
        #expect(try render("a\n\t{{#b}}  \nb\n{{/b}}", ["b": true]) == "a\nb\n")
        // A comment spanning lines is removed with both its lines.
        #expect(try render("a\n  {{! one\n two }}  \nb\n") == "a\nb\n")
        // Other content on the line keeps it.
        #expect(try render("  {{#a}}x{{/a}}\n", ["a": true]) == "  x\n")
        #expect(try render("{{#a}} {{/a}}\n", ["a": true]) == " \n")
        // Variable tags are never standalone.
        #expect(try render("  {{v}}\n", ["v": ""]) == "  \n")
    }

    @Test func tildeTrimsAllWhitespace() throws {
        #expect(try render("[ {{~name~}} ]", ["name": "x"]) == "[x]")
        #expect(try render("a,\n  {{~ name }}", ["name": "x"]) == "a,x")
        #expect(try render("{{name ~}}\n\n  b", ["name": "x"]) == "xb")
        #expect(try render("a {{~! note ~}} b") == "ab")
        // Standalone removal still applies; `~` takes the rest.
        #expect(try render("values:\n  {{~#xs~}}\n    {{.}}\n  {{~/xs}}\n", ["xs": ["a", "b"]]) == "values:ab")
    }

    // MARK: Partials

    @Test func partialsSeeTheCurrentContext() throws {
        let context: TemplateValue = ["fields": [["name": "id"], ["name": "sku"]]]
        #expect(try render("{{#fields}}{{>field}};{{/fields}}", context, partials: ["field": "let {{name}}"]) == "let id;let sku;")
    }

    @Test func standalonePartialsIndentEveryLine() throws {
        let partials = [
            "inner": "enum Inner {\n\n    {{>leaf}}\n}\n",
            "leaf": "case a\ncase b\n",
        ]
        let output = try render("enum Outer {\n    {{>inner}}\n}\n", partials: partials)
        // Indentation adds up through nesting; the empty line stays empty.
        #expect(output == "enum Outer {\n    enum Inner {\n\n        case a\n        case b\n    }\n}\n")
    }

    @Test func partialIndentationAppliesToVariableText() throws {
        #expect(try render("  {{>p}}\n", ["body": "x\n\ny"], partials: ["p": "{{body}}\n"]) == "  x\n\n  y\n")
    }

    /// Literal text is stored one line at a time; a partial of several
    /// lines, a CRLF line, an empty line and a last line without a line
    /// feed are indented as when the text was searched for line feeds.
    @Test func partialIndentationOfLiteralLines() throws {
        let partials = ["p": "a\r\n\r\nb {{x}}\n\nc", "q": "{{x}}d\ne"]
        #expect(try render("  {{>p}}\n", ["x": "1\n2"], partials: partials) == "  a\r\n\r\n  b 1\n  2\n\n  c")
        #expect(try render("- {{>q}}\n", ["x": ""], partials: partials) == "- d\ne\n")
        #expect(try render("  {{>q}}\n", ["x": ""], partials: partials) == "  d\n  e")
    }

    @Test func inlinePartialsAreNotIndented() throws {
        #expect(try render("a {{>p}} b\n", partials: ["p": "1\n2"]) == "a 1\n2 b\n")
    }

    @Test func partialsInsideIndentedSections() throws {
        let main = "struct {{name}} {\n{{#fields}}\n    {{>field}}\n{{/fields}}\n}\n"
        let field = "/// {{doc}}\n{{#optional}}\nvar {{name}}: {{type}}?\n{{/optional}}\n{{^optional}}\nvar {{name}}: {{type}}\n{{/optional}}\n"
        let context: TemplateValue = [
            "name": "Product",
            "fields": [
                ["name": "id", "type": "String", "doc": "The id.", "optional": false],
                ["name": "price", "type": "Double", "doc": "The price.", "optional": true],
            ],
        ]
        #expect(try render(main, context, partials: ["field": field]) == """
            struct Product {
                /// The id.
                var id: String
                /// The price.
                var price: Double?
            }

            """)
    }

    // MARK: Template sets

    @Test func overlaidReplacesTemplatesByName() throws {
        let base = TemplateSet(templates: [
            "record": try Template(source: "struct {{name}} {{>body}}", name: "Templates/swift/record.tmpl"),
            "body": try Template(source: "{ base }", name: "Templates/swift/body.tmpl"),
        ])
        let user = TemplateSet(templates: [
            "body": try Template(source: "{ custom }", name: "overrides/body.tmpl"),
            "extra": try Template(source: "extra", name: "overrides/extra.tmpl"),
        ])
        let merged = base.overlaid(with: user)
        #expect(try base.render("record", ["name": "X"]) == "struct X { base }")
        #expect(try merged.render("record", ["name": "X"]) == "struct X { custom }")
        #expect(merged.names == ["body", "extra", "record"])
    }

    @Test func loadsTemplatesOfADirectory() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("TemplateEngineTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "struct {{name}} {\n    {{>field}}\n}\n".write(toFile: directory + "/record.tmpl", atomically: true, encoding: .utf8)
        try "var id: String\n".write(toFile: directory + "/field.tmpl", atomically: true, encoding: .utf8)
        try "not a template".write(toFile: directory + "/notes.txt", atomically: true, encoding: .utf8)

        let set = try TemplateSet.load(directory: directory, displayPath: "Templates/swift")
        #expect(set.names == ["field", "record"])
        #expect(try set.render("record", ["name": "P"]) == "struct P {\n    var id: String\n}\n")
        #expect(set.templates["record"]?.name == "Templates/swift/record.tmpl")
    }

    @Test func aTemplateThatIsNotUTF8IsReportedNotRepaired() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("TemplateEngineTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A Latin-1 "é" and a lone continuation byte; the other file is fine.
        try Data([0x63, 0x61, 0x66, 0xE9, 0x0A, 0x80]).write(to: URL(fileURLWithPath: directory + "/bad.tmpl"))
        try "café {{name}}\n".write(toFile: directory + "/good.tmpl", atomically: true, encoding: .utf8)

        do {
            _ = try TemplateSet.load(directory: directory, displayPath: "Templates/swift")
            Issue.record("a template with invalid UTF-8 loaded")
        } catch {
            #expect(error.description == "generator: error: template 'Templates/swift/bad.tmpl' is not valid UTF-8")
        }
        try FileManager.default.removeItem(atPath: directory + "/bad.tmpl")
        let set = try TemplateSet.load(directory: directory, displayPath: "Templates/swift")
        #expect(try set.render("good", ["name": "P"]) == "café P\n")
    }

    @Test func loadReportsEveryBrokenFile() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("TemplateEngineTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "ok\n{{/x}}".write(toFile: directory + "/b.tmpl", atomically: true, encoding: .utf8)
        try "{{#x}}".write(toFile: directory + "/a.tmpl", atomically: true, encoding: .utf8)

        do {
            _ = try TemplateSet.load(directory: directory, displayPath: "Templates/swift")
            Issue.record("broken templates loaded")
        } catch {
            #expect(error.description == """
                Templates/swift/a.tmpl:1:1: error: unclosed section 'x'
                Templates/swift/b.tmpl:2:1: error: closing tag 'x' without an opening section
                """)
        }
        do {
            _ = try TemplateSet.load(directory: directory + "/missing", displayPath: "Templates/nowhere")
            Issue.record("a missing directory loaded")
        } catch {
            #expect(error.description == "generator: error: cannot read template directory 'Templates/nowhere'")
        }
    }

    // MARK: Errors

    @Test func unknownVariableIsLocatedAtItsTag() {
        let source = String(repeating: "line\n", count: 11) + "    {{fieldz}}\n"
        do {
            let set = TemplateSet(templates: ["record": try Template(source: source, name: "Templates/swift/record.tmpl")])
            _ = try set.render("record", ["fields": []])
            Issue.record("rendered")
        } catch {
            #expect(error.description == "Templates/swift/record.tmpl:12:5: error: unknown variable 'fieldz'")
        }
        #expect(failure("a\n {{#fieldz}}{{/fieldz}}") == "main.tmpl:2:2: error: unknown variable 'fieldz'")
    }

    @Test func columnsCountUnicodeScalars() {
        #expect(failure("é {{x}}") == "main.tmpl:1:3: error: unknown variable 'x'")
        #expect(failure("日本 {{x}}") == "main.tmpl:1:4: error: unknown variable 'x'")
    }

    @Test func errorsInsidePartialsNameThePartial() {
        #expect(failure("{{>p}}", partials: ["p": "\n  {{missing}}"]) == "p.tmpl:2:3: error: unknown variable 'missing'")
    }

    @Test func unclosedSections() {
        #expect(failure("a\n  {{#fields}}\n{{name}}\n") == "main.tmpl:2:3: error: unclosed section 'fields'")
        #expect(failure("{{#a}}\n{{^b}}\n") == "main.tmpl:1:1: error: unclosed section 'a'\nmain.tmpl:2:1: error: unclosed section 'b'")
    }

    @Test func mismatchedClosingTag() {
        #expect(failure("{{#fields}}\n  {{/x}}\n") == """
            main.tmpl:2:3: error: unexpected closing tag 'x'; expected 'fields'
            main.tmpl:1:1: note: section 'fields' opened here
            """)
    }

    @Test func closingTagWithoutSection() {
        #expect(failure("ok\n{{/x}}") == "main.tmpl:2:1: error: closing tag 'x' without an opening section")
    }

    @Test func unterminatedTags() {
        #expect(failure("a {{name\nb}}") == "main.tmpl:1:3: error: unterminated tag")
        #expect(failure("{{a {{b}}") == "main.tmpl:1:1: error: unterminated tag")
        #expect(failure("x{{! never closed\n") == "main.tmpl:1:2: error: unterminated tag")
        #expect(failure("x {{") == "main.tmpl:1:3: error: unterminated tag")
    }

    @Test func unknownPartial() {
        #expect(failure("a\n {{>foo}}\n") == "main.tmpl:2:2: error: unknown partial 'foo'")
    }

    @Test func partialRecursionIsCut() {
        #expect(failure("{{>main}}") == "main.tmpl:1:1: error: partial recursion deeper than 64 levels")
    }

    @Test func partialRecursionLimitIsSixtyFourLevels() throws {
        // Each level of `child` objects renders the partial once more.
        func chain(_ depth: Int) -> TemplateValue {
            var value: TemplateValue = ["child": false]
            for _ in 0..<depth { value = ["child": value] }
            return value
        }
        let node = "{{#child}}{{>node}}{{/child}}x"
        let set = TemplateSet(templates: ["node": try Template(source: node, name: "node.tmpl")])
        #expect(try set.render("node", chain(64)) == String(repeating: "x", count: 65))
        do {
            _ = try set.render("node", chain(65))
            Issue.record("rendered past the limit")
        } catch {
            #expect(error.description == "node.tmpl:1:11: error: partial recursion deeper than 64 levels")
        }
    }

    @Test func onlyStringsAndBooleansCanBeWritten() {
        #expect(failure("{{xs}}", ["xs": []]) == "main.tmpl:1:1: error: 'xs' is a list; a variable tag can only render a string or a boolean")
        #expect(failure(" {{o}}", ["o": [:]]) == "main.tmpl:1:2: error: 'o' is an object; a variable tag can only render a string or a boolean")
    }

    @Test func loopVariablesNeedAList() {
        #expect(failure("{{#o}}{{@first}}{{/o}}", ["o": ["k": "v"]]) == "main.tmpl:1:7: error: '@first' is only available inside a list section")
    }

    @Test func dottedLookupThroughANonObject() {
        #expect(failure("{{a.b.c}}", ["a": ["b": "s"]]) == "main.tmpl:1:1: error: cannot look up 'a.b.c': 'a.b' is a string, not an object")
    }

    @Test func malformedNames() {
        #expect(failure("{{a b}}") == "main.tmpl:1:1: error: invalid name 'a b'")
        #expect(failure("{{a..b}}") == "main.tmpl:1:1: error: invalid name 'a..b'")
        #expect(failure("{{{x}}}") == "main.tmpl:1:1: error: invalid name '{x'")
        #expect(failure("{{}}") == "main.tmpl:1:1: error: empty tag")
        #expect(failure("{{#}}{{/}}") == "main.tmpl:1:1: error: empty tag")
        #expect(failure("{{@foo}}") == "main.tmpl:1:1: error: unknown loop variable '@foo'; expected '@first', '@last' or '@index'")
        #expect(failure("{{> a b}}") == "main.tmpl:1:1: error: invalid partial name 'a b'")
    }

    @Test func unknownTemplate() {
        do {
            _ = try TemplateSet(templates: [:]).render("nope", [:])
            Issue.record("rendered")
        } catch {
            #expect(error.description == "generator: error: unknown template 'nope'")
        }
    }

    // MARK: Streamed lists

    /// Renders `source` twice, once with `items` in the context and once
    /// with the same elements made on demand, and returns both outputs with
    /// how many elements the streamed run made.
    private func renderBothWays(
        _ source: String, items: [TemplateValue], partials: [String: String] = [:]
    ) throws -> (whole: String, streamed: String, made: Int) {
        var templates = ["main": try Template(source: source, name: "main.tmpl")]
        for (name, text) in partials { templates[name] = try Template(source: text, name: "\(name).tmpl") }
        let set = TemplateSet(templates: templates)
        let whole = try set.render("main", ["title": "T", "items": .list(items)])
        var made = 0
        let streamed = try set.render("main", ["title": "T"], streaming: "items", count: items.count) { index in
            made += 1
            return items[index]
        }
        return (whole, streamed, made)
    }

    @Test func streamedListRendersLikeTheWholeList() throws {
        let items: [TemplateValue] = [["name": "a"], ["name": "b"], ["name": "c"]]
        let source = """
            {{title}}
            {{#items}}
              {{> item}}{{^@last}},{{/@last}}
            {{/items}}
            {{^items}}none{{/items}}
            again: {{#items}}{{@index}}={{name}}{{#@first}}(first){{/@first}} {{/items}}

            """
        let result = try renderBothWays(source, items: items, partials: ["item": "{{title}}.{{name}}"])
        #expect(result.whole == "T\n  T.a,\n  T.b,\n  T.c\n\nagain: 0=a(first) 1=b 2=c \n")
        #expect(result.streamed == result.whole)
        // Each pass over the list makes its elements anew.
        #expect(result.made == 6)
    }

    @Test func emptyStreamedListIsFalsy() throws {
        let result = try renderBothWays("{{#items}}x{{/items}}{{^items}}none{{/items}}", items: [])
        #expect(result.whole == "none")
        #expect(result.streamed == "none")
        #expect(result.made == 0)
    }

    @Test func streamedElementErrorsPointAtTheTemplate() {
        do {
            _ = try renderBothWays("{{#items}}{{missing}}{{/items}}", items: [["name": "a"]])
            Issue.record("rendered")
        } catch {
            #expect("\(error)" == "main.tmpl:1:11: error: unknown variable 'missing'")
        }
    }
}
