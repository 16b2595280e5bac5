import Testing
@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// `YAMLDocument.extract` keeps a node and what it holds, the same as in
/// the whole document.
@Suite struct DocumentExtractTests {
    /// A node as text: kind, text, style, tag and location, all the way down.
    func dump(_ node: YAMLNode) -> String {
        let head = "\(node.location) \(node.tag ?? "-")"
        switch node.kind {
        case let .scalar(text, style): return "\(head) \(style) \(text.debugDescription)"
        case let .sequence(items): return "\(head) [\(items.map(dump).joined(separator: ", "))]"
        case let .mapping(pairs): return "\(head) {\(pairs.map { dump($0.key) + ": " + dump($0.value) }.joined(separator: ", "))}"
        }
    }

    @Test func extractedNodesMatchTheDocument() throws {
        let text = "a: plain\nb: 'quoted'\nc: !!str tagged\nd: [1, {e: f}]\ng: &x {h: [i]}\nj: *x\nk: caf\u{E9}\nl:\n"
        let document = try YAMLReader.document(Array(text.utf8), file: "a.yaml")
        let pairs = try #require(document.mapping(document.root))
        for (key, value) in pairs {
            let extracted = document.extract(value)
            #expect(dump(extracted.tree()) == dump(document.tree(value)), "\(document.scalar(key) ?? "")")
        }
    }
}
