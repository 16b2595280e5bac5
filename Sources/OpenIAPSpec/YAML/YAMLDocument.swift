import Foundation

/// A YAML document kept flat: every node in one array, the children of
/// every collection in another, and the text of every scalar in one byte
/// buffer.
///
/// This is what the spec reader works from. A `YAMLNode` tree needs an
/// allocation per collection and per scalar, and every copy of a node touches
/// reference counts all the way down; here a node is a few integers, nodes
/// are named by their position, and a scalar only becomes a `String` when the
/// reader asks for one. `tree()` gives the same document as `YAMLNode`s.
///
/// Like `YAMLNode`, scalars stay the text that was written; `style` tells
/// whether they were quoted.
struct YAMLDocument: Sendable {
    /// A node's position in `nodes`.
    typealias NodeID = Int

    struct Node: Sendable {
        typealias Kind = YAMLNode.Shape

        var kind: Kind
        var style: YAMLNode.ScalarStyle
        /// Whether a scalar's text is all ASCII (true for collections). Such
        /// text equals another ASCII text only when their bytes are equal,
        /// which makes most comparisons a length check.
        var isASCII = true
        /// The explicit tag as `YAMLNode.tag` shows it, as a position in
        /// `tags`, or -1 when none was written.
        var tag: Int32
        var line: Int32
        var column: Int32
        /// Scalars: the first byte of the text in `text`. Collections: the
        /// first entry in `children`.
        var start: Int32
        /// Scalars: the length of the text in bytes. Sequences: the number of
        /// items. Mappings: twice the number of pairs, as keys and values
        /// alternate in `children`.
        var count: Int32
    }

    /// The path printed in diagnostics.
    let file: String
    /// `file` interned once for the whole document, so that making the
    /// location of a node (which the spec reader does for every field, value
    /// and type) is a copy of three numbers, with no table lookup.
    let fileID: SourceFiles.FileID
    var nodes: [Node] = []
    /// The children of every collection, each collection's in one run.
    var children: [Int32] = []
    /// The UTF-8 text of every scalar, one after the other.
    var text: [UInt8] = []
    var tags: [String] = []
    /// The document's top node.
    var root: NodeID = 0

    init(file: String) {
        self.init(file: file, fileID: SourceFiles.id(of: file))
    }

    private init(file: String, fileID: SourceFiles.FileID) {
        self.file = file
        self.fileID = fileID
    }

    // MARK: - Reading nodes

    func location(of node: NodeID) -> SourceLocation {
        SourceLocation(fileID: fileID, line: Int(nodes[node].line), column: Int(nodes[node].column))
    }

    func isScalar(_ node: NodeID) -> Bool { nodes[node].kind == .scalar }

    func tag(of node: NodeID) -> String? {
        let tag = nodes[node].tag
        return tag < 0 ? nil : tags[Int(tag)]
    }

    /// The text of a scalar, or nil for a collection.
    func scalar(_ node: NodeID) -> String? {
        guard nodes[node].kind == .scalar else { return nil }
        return String(decoding: bytes(of: node), as: UTF8.self)
    }

    /// The UTF-8 bytes of a scalar (empty for a collection).
    func bytes(of node: NodeID) -> ArraySlice<UInt8> {
        let header = nodes[node]
        guard header.kind == .scalar, header.count > 0 else { return [] }
        return text[Int(header.start)..<Int(header.start) + Int(header.count)]
    }

    /// Whether the node is a scalar whose text equals `literal`, which must
    /// be ASCII, the way Swift strings compare (by canonical equivalence):
    /// like `scalar(node) == literal` but without building a string unless
    /// the scalar has text outside ASCII.
    func scalar(_ node: NodeID, is literal: StaticString) -> Bool {
        let header = nodes[node]
        guard header.kind == .scalar else { return false }
        if header.isASCII {
            // ASCII text equals the ASCII literal only byte for byte.
            guard Int(header.count) == literal.utf8CodeUnitCount else { return false }
            return literal.withUTF8Buffer { bytes(of: node).elementsEqual($0) }
        }
        return literal.withUTF8Buffer { Self.sameText(bytes(of: node), $0) }
    }

    /// Whether the node is a scalar whose text equals one of `literals` (as
    /// Swift strings compare).
    func scalar(_ node: NodeID, isOneOf literals: KeyList) -> Bool {
        position(of: node, in: literals) != nil
    }

    /// Where in `literals` the first text equal to the node's (as Swift
    /// strings compare) is, or nil when none is or the node is no scalar.
    func position(of node: NodeID, in literals: KeyList) -> Int? {
        let header = nodes[node]
        guard header.kind == .scalar else { return nil }
        if header.isASCII {
            // The literals are ASCII too, so only one of the same length
            // and the same bytes can be equal: most are told apart by their
            // length, and the others are compared byte by byte in place (no
            // slice of the text is made).
            let (count, start) = (Int(header.count), Int(header.start))
            for position in literals.bytes.indices where literals.bytes[position].count == count {
                let candidate = literals.bytes[position]
                var offset = 0
                while offset < count, candidate[offset] == text[start + offset] { offset += 1 }
                if offset == count { return position }
            }
            return nil
        }
        let bytes = bytes(of: node)
        for (position, candidate) in literals.bytes.enumerated() where Self.sameText(bytes, candidate) { return position }
        return nil
    }

    /// Whether two scalars have the same text as Swift strings compare.
    func sameScalar(_ a: NodeID, _ b: NodeID) -> Bool {
        if nodes[a].isASCII && nodes[b].isASCII {
            // Two ASCII texts are equal only byte for byte.
            return nodes[a].count == nodes[b].count && bytes(of: a).elementsEqual(bytes(of: b))
        }
        return Self.sameText(bytes(of: a), bytes(of: b))
    }

    /// Whether two scalars of the same length have the same bytes, compared
    /// in place in `text` (no slice of it is made).
    func sameBytes(_ a: NodeID, _ b: NodeID) -> Bool {
        let (start, other, count) = (Int(nodes[a].start), Int(nodes[b].start), Int(nodes[a].count))
        var offset = 0
        while offset < count, text[start + offset] == text[other + offset] { offset += 1 }
        return offset == count
    }

    /// Two UTF-8 texts compared as Swift strings: equal bytes are equal
    /// text, and two texts of plain ASCII are equal only when their bytes
    /// are. Only otherwise (some text outside ASCII, which canonical
    /// equivalence may match with other spellings) are strings built.
    static func sameText(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>) -> Bool {
        if a.elementsEqual(b) { return true }
        if isASCII(a) && isASCII(b) { return false }
        return String(decoding: a, as: UTF8.self) == String(decoding: b, as: UTF8.self)
    }

    static func isASCII(_ bytes: some Sequence<UInt8>) -> Bool {
        // One OR over all bytes rather than a test per byte, which the
        // compiler can do many bytes at a time.
        bytes.reduce(0, |) < 0x80
    }

    /// A plain scalar written as nothing, `~` or `null`: what YAML reads as null.
    func isNull(_ node: NodeID) -> Bool {
        let header = nodes[node]
        guard header.kind == .scalar, header.style == .plain else { return false }
        if header.count == 0 { return true }
        // Only a short text, or one outside ASCII, can be one of the spellings.
        if header.count > 4 && header.isASCII { return false }
        return YAMLNode.nullSpellings.contains { scalar(node, is: $0) }
    }

    /// An empty plain scalar: a value that was left out.
    func isEmptyPlain(_ node: NodeID) -> Bool {
        nodes[node].kind == .scalar && nodes[node].style == .plain && nodes[node].count == 0
    }

    /// A short name of the node's kind for error messages, as `YAMLNode.kindName`.
    func kindName(_ node: NodeID) -> String {
        nodes[node].kind.name(isNull: nodes[node].kind == .scalar && isNull(node))
    }

    /// The items of a sequence, or nil for any other node.
    func sequence(_ node: NodeID) -> Children? {
        let header = nodes[node]
        guard header.kind == .sequence else { return nil }
        return Children(children: children, start: Int(header.start), count: Int(header.count))
    }

    /// The pairs of a mapping in document order, or nil for any other node.
    func mapping(_ node: NodeID) -> Pairs? {
        let header = nodes[node]
        guard header.kind == .mapping else { return nil }
        return Pairs(run: Children(children: children, start: Int(header.start), count: Int(header.count)))
    }

    /// The items of a sequence, by node.
    struct Children: RandomAccessCollection {
        fileprivate let children: [Int32]
        fileprivate let start: Int
        let count: Int

        var startIndex: Int { 0 }
        var endIndex: Int { count }
        subscript(position: Int) -> NodeID { Int(children[start + position]) }
    }

    /// The key and value nodes of a mapping's pairs: its run of children,
    /// which alternates keys and values, read two at a time.
    struct Pairs: RandomAccessCollection {
        fileprivate let run: Children

        var startIndex: Int { 0 }
        var endIndex: Int { run.count / 2 }
        subscript(position: Int) -> (key: NodeID, value: NodeID) {
            (run[2 * position], run[2 * position + 1])
        }
    }

    /// A document holding only `top` and what it contains, with `top` as its
    /// root. Lets a caller keep a small part of a large document (a field's
    /// `default:`) without keeping all of it alive.
    func extract(_ top: NodeID) -> YAMLDocument {
        var result = YAMLDocument(file: file, fileID: fileID)
        result.tags = tags
        if nodes[top].kind == .scalar {
            // A lone scalar, the usual default, is the whole result; it
            // needs none of the bookkeeping of what was copied where.
            var header = nodes[top]
            header.start = 0
            result.text.append(contentsOf: bytes(of: top))
            result.nodes = [header]
            result.root = 0
            return result
        }
        // Nodes are copied as they are reached; a collection's children are
        // given their new positions once all of them have been copied.
        var copied: [NodeID: Int32] = [:]
        var pending = [top]
        var order: [NodeID] = []
        while let node = pending.popLast() {
            guard copied[node] == nil else { continue }
            var header = nodes[node]
            copied[node] = Int32(result.nodes.count)
            order.append(node)
            if header.kind == .scalar {
                let start = result.text.count
                result.text.append(contentsOf: bytes(of: node))
                header.start = Int32(start)
            } else {
                for child in children[Int(header.start)..<Int(header.start + header.count)] { pending.append(Int(child)) }
            }
            result.nodes.append(header)
        }
        for (position, node) in order.enumerated() where nodes[node].kind != .scalar {
            let header = nodes[node]
            result.nodes[position].start = Int32(result.children.count)
            for child in children[Int(header.start)..<Int(header.start + header.count)] {
                result.children.append(copied[Int(child)]!)
            }
        }
        result.root = Int(copied[top]!)
        return result
    }

    // MARK: - As a tree

    /// The whole document as a `YAMLNode` tree.
    func tree() -> YAMLNode { tree(root) }

    /// The node as a `YAMLNode` tree. An alias becomes a copy of what it
    /// names, as in the tree the reader used to build. Built with an explicit
    /// stack, so a deep document does not exhaust the call stack.
    func tree(_ top: NodeID) -> YAMLNode {
        /// A collection whose children are being converted.
        struct Open {
            var node: NodeID
            var next = 0
            var built: [YAMLNode] = []
        }
        var stack: [Open] = []
        var finished: YAMLNode?
        var current: NodeID? = top
        while true {
            if let node = current {
                current = nil
                let header = nodes[node]
                if header.kind == .scalar {
                    finished = YAMLNode(.scalar(scalar(node) ?? "", style: header.style), at: location(of: node), tag: tag(of: node))
                } else {
                    stack.append(Open(node: node))
                }
            }
            if let done = finished {
                finished = nil
                guard !stack.isEmpty else { return done }
                stack[stack.count - 1].built.append(done)
            }
            let open = stack[stack.count - 1]
            let header = nodes[open.node]
            if open.next < Int(header.count) {
                stack[stack.count - 1].next += 1
                current = Int(children[Int(header.start) + open.next])
                continue
            }
            stack.removeLast()
            let kind: YAMLNode.Kind
            if header.kind == .mapping {
                kind = .mapping(stride(from: 0, to: open.built.count, by: 2).map { (open.built[$0], open.built[$0 + 1]) })
            } else {
                kind = .sequence(open.built)
            }
            finished = YAMLNode(kind, at: location(of: open.node), tag: tag(of: open.node))
        }
    }
}

/// A fixed list of ASCII keys (the keys a spec mapping may use), kept both
/// as strings for messages and as bytes for comparing with scalars.
struct KeyList: Sendable {
    let names: [String]
    let bytes: [[UInt8]]
    init(_ names: [String]) {
        self.names = names
        bytes = names.map { Array($0.utf8) }
    }

    static func + (lhs: KeyList, rhs: KeyList) -> KeyList { KeyList(lhs.names + rhs.names) }
}
