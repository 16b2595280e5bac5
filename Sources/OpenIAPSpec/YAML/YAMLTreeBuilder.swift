// The scalar handlers take libyaml's event text as an
// `UnsafeBufferPointer` (see YAMLReader.swift) and copy it into the
// document at once; that is the only pointer this file holds.

/// Turns a stream of events into a flat `YAMLDocument` without recursion.
///
/// Open collections live on an explicit stack, so the depth of the input only
/// costs heap memory, and that is capped by `YAMLLimits.maxDepth`. The
/// children of open collections wait on one shared stack (`pending`) and
/// move to the document in one run when their collection ends. Problems that
/// leave the document usable for further checking (duplicate keys, odd tags)
/// are collected and parsing goes on; problems that could make the work
/// unbounded (too deep, too many alias copies, a second document) stop it.
struct YAMLTreeBuilder {
    /// What the limits need to know of an anchored node: how many nodes it
    /// holds (counting itself) and how many collections deep it goes.
    private struct Anchored {
        var node: YAMLDocument.NodeID
        var size: Int
        var height: Int
    }

    /// A collection whose end event has not arrived yet. Only plain numbers,
    /// so opening and closing one touches no reference counts; the rare
    /// anchor and the key dictionary of a long mapping are kept aside.
    private struct Frame {
        var line: Int32
        var column: Int32
        var tag: Int32
        var isMapping: Bool
        /// Whether the collection has an anchor, the last of `frameAnchors`.
        var hasAnchor: Bool
        /// Whether the mapping's accepted keys are in `seenKeys` (see there).
        var hasSeenKeys = false
        /// Where this collection's children start in `pending`.
        var firstChild: Int
        /// Where this mapping's accepted keys start in `acceptedKeys`.
        var firstAcceptedKey: Int
        var size = 1
        var childHeight = 0
    }

    let file: String
    let limits: YAMLLimits
    private(set) var diagnostics: [Diagnostic] = []
    private var document: YAMLDocument
    private var stack: [Frame] = []
    /// The finished children of every open collection, innermost last.
    private var pending = NodeStack()
    /// The keys accepted so far by every open mapping, innermost last.
    private var acceptedKeys = NodeStack()
    private var root: YAMLDocument.NodeID?
    private var documents = 0
    private var anchors: [String: Anchored] = [:]
    /// The anchors of the open collections that have one, innermost last.
    private var frameAnchors: [String] = []
    /// Every scalar key accepted so far by an open mapping with more than
    /// `linearKeyLimit` of them, with the node that first had it, by the
    /// mapping's position in `stack`. Shorter mappings only have
    /// `acceptedKeys`. A node rather than its location, which is larger and
    /// only needed for an error.
    private var seenKeys: [Int: [String: Int32]] = [:]
    /// Nodes produced so far by copying anchored nodes for aliases.
    private var expanded = 0

    /// `inputBytes` is the size of the input, if known. The document's
    /// arrays are sized for it up front, so they are not copied again and
    /// again as they grow: scalar text is never longer than the input, and
    /// a node takes at least a few bytes of it (an estimate; the arrays
    /// still grow if it is wrong, and the estimate is capped for huge
    /// inputs). Memory reserved but never written costs next to nothing.
    init(file: String, limits: YAMLLimits, inputBytes: Int = 0) {
        self.file = file
        self.limits = limits
        document = YAMLDocument(file: file)
        let nodes = min(inputBytes / 8, 1 << 22)
        document.text.reserveCapacity(inputBytes)
        document.nodes.reserveCapacity(nodes)
        document.children.reserveCapacity(nodes)
    }

    /// Records a problem found outside the builder, such as a libyaml error.
    mutating func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    // MARK: - Events
    //
    // One method per kind of libyaml event, each given where the event starts
    // (`line` and `column`, 1-based). The reader calls them straight from its
    // loop, so no event value is built, copied and destroyed per event. Those
    // that return a `Bool` return false when reading has to stop.

    /// A document starts; only one is allowed.
    mutating func documentStart(line: Int, column: Int) -> Bool {
        documents += 1
        if documents > 1 {
            error("expected a single document; found another", line: line, column: column)
            return false
        }
        return true
    }

    /// A scalar. Its text is lent straight from libyaml's event and is valid
    /// only during the call: the builder copies the bytes into its document,
    /// so no `String` is made per scalar.
    mutating func scalar(
        _ bytes: UnsafeBufferPointer<UInt8>, style: YAMLNode.ScalarStyle, tag: String?, anchor: String?, line: Int, column: Int
    ) {
        if let tag { checkTag(tag, on: "a scalar", allowed: "tag:yaml.org,2002:str", line: line, column: column) }
        let node = addScalar(bytes, style: style, tag: tag, line: line, column: column)
        finish(node, size: 1, height: 0, anchor: anchor)
    }

    /// A scalar without a tag or an anchor, the usual one: `scalar(_:style:tag:anchor:line:column:)`
    /// without the optional strings.
    mutating func scalar(_ bytes: UnsafeBufferPointer<UInt8>, style: YAMLNode.ScalarStyle, line: Int, column: Int) {
        let node = addScalar(bytes, style: style, tag: nil, line: line, column: column)
        finish(node, size: 1, height: 0)
    }

    /// An alias (`*name`) of an anchored node.
    mutating func alias(_ name: String, line: Int, column: Int) -> Bool {
        guard let anchored = anchors[name] else {
            error("unknown alias '*\(name)'", line: line, column: column)
            finish(
                addScalar(UnsafeBufferPointer(start: nil, count: 0), style: .plain, tag: nil, line: line, column: column),
                size: 1, height: 0, anchor: nil)
            return true
        }
        if stack.count + anchored.height > limits.maxDepth {
            error("nesting deeper than \(limits.maxDepth) levels", line: line, column: column)
            return false
        }
        expanded += anchored.size
        if expanded > limits.maxAliasExpansion {
            error("alias expansion exceeds \(limits.maxAliasExpansion) nodes", line: line, column: column)
            return false
        }
        // The copy shares the anchored node's children and text, whose
        // locations point at the anchored definition, but its own node
        // sits where the alias was written so that problems with the copy
        // itself (a duplicate key, say) are reported there.
        var copy = document.nodes[anchored.node]
        copy.line = Int32(line)
        copy.column = Int32(column)
        document.nodes.append(copy)
        finish(document.nodes.count - 1, size: anchored.size, height: anchored.height, anchor: nil)
        return true
    }

    /// A sequence or a mapping starts.
    mutating func collectionStart(isMapping: Bool, tag: String?, anchor: String?, line: Int, column: Int) -> Bool {
        if let tag {
            if isMapping {
                checkTag(tag, on: "a mapping", allowed: "tag:yaml.org,2002:map", line: line, column: column)
            } else {
                checkTag(tag, on: "a list", allowed: "tag:yaml.org,2002:seq", line: line, column: column)
            }
        }
        return open(isMapping: isMapping, tag: tag, anchor: anchor, line: line, column: column)
    }

    /// The innermost open sequence or mapping ends.
    mutating func collectionEnd() {
        guard let frame = stack.popLast() else { return }
        let anchor = frame.hasAnchor ? frameAnchors.popLast() : nil
        if frame.hasSeenKeys { seenKeys[stack.count] = nil }
        if frame.isMapping, (pending.count - frame.firstChild) % 2 == 1 {
            // libyaml always supplies a value, even an empty one; this
            // only keeps the pair from being lost if it ever does not.
            let key = document.nodes[Int(pending[pending.count - 1])]
            pending.append(
                Int32(
                    addScalar(
                        UnsafeBufferPointer(start: nil, count: 0), style: .plain, tag: nil,
                        line: Int(key.line), column: Int(key.column))))
        }
        let start = document.children.count
        let count = pending.count - frame.firstChild
        document.children.append(contentsOf: pending[frame.firstChild..<pending.count])
        pending.truncate(to: frame.firstChild)
        acceptedKeys.truncate(to: frame.firstAcceptedKey)
        document.nodes.append(
            YAMLDocument.Node(
                kind: frame.isMapping ? .mapping : .sequence, style: .plain, tag: frame.tag,
                line: frame.line, column: frame.column, start: Int32(start), count: Int32(count)))
        finish(document.nodes.count - 1, size: frame.size, height: frame.childHeight + 1, anchor: anchor)
    }

    /// The document, or every diagnostic collected while reading it.
    func result() throws(DiagnosticError) -> YAMLDocument {
        if !diagnostics.isEmpty { throw DiagnosticError(diagnostics) }
        var document = document
        guard let root else {
            document.nodes.append(YAMLDocument.Node(kind: .scalar, style: .plain, tag: -1, line: 1, column: 1, start: 0, count: 0))
            document.root = document.nodes.count - 1
            return document
        }
        document.root = root
        // An empty document is an empty plain scalar that libyaml places after
        // the `---`; report it at the top of the file like an empty stream.
        if document.tag(of: root) == nil, document.isEmptyPlain(root) {
            document.nodes[root].line = 1
            document.nodes[root].column = 1
        }
        return document
    }

    static func emptyDocument(file: String) -> YAMLNode {
        YAMLNode(.scalar("", style: .plain), at: SourceLocation(file: file, line: 1, column: 1))
    }

    // MARK: - Helpers

    private mutating func error(_ message: String, line: Int, column: Int, notes: [Diagnostic] = []) {
        diagnostics.append(.error(message, at: SourceLocation(fileID: document.fileID, line: line, column: column), notes: notes))
    }

    private mutating func addTag(_ tag: String?) -> Int32 {
        guard let tag else { return -1 }
        document.tags.append(Self.shortTag(tag))
        return Int32(document.tags.count - 1)
    }

    private mutating func addScalar(
        _ bytes: UnsafeBufferPointer<UInt8>, style: YAMLNode.ScalarStyle, tag: String?, line: Int, column: Int
    ) -> YAMLDocument.NodeID {
        let start = document.text.count
        document.text.append(contentsOf: bytes)
        document.nodes.append(
            YAMLDocument.Node(
                kind: .scalar, style: style, isASCII: YAMLDocument.isASCII(bytes), tag: addTag(tag), line: Int32(line), column: Int32(column),
                start: Int32(start), count: Int32(bytes.count)))
        return document.nodes.count - 1
    }

    private mutating func open(isMapping: Bool, tag: String?, anchor: String?, line: Int, column: Int) -> Bool {
        if stack.count >= limits.maxDepth {
            error("nesting deeper than \(limits.maxDepth) levels", line: line, column: column)
            return false
        }
        if let anchor { frameAnchors.append(anchor) }
        stack.append(
            Frame(
                line: Int32(line), column: Int32(column), tag: addTag(tag), isMapping: isMapping, hasAnchor: anchor != nil,
                firstChild: pending.count, firstAcceptedKey: acceptedKeys.count))
        return true
    }

    /// Remembers a finished node under its anchor and hands it to its parent.
    private mutating func finish(_ node: YAMLDocument.NodeID, size: Int, height: Int, anchor: String?) {
        if let anchor { anchors[anchor] = Anchored(node: node, size: size, height: height) }
        finish(node, size: size, height: height)
    }

    /// Hands a finished node to its parent.
    private mutating func finish(_ node: YAMLDocument.NodeID, size: Int, height: Int) {
        guard !stack.isEmpty else {
            root = node
            return
        }
        let top = stack.count - 1
        stack[top].size += size
        stack[top].childHeight = max(stack[top].childHeight, height)
        if stack[top].isMapping, (pending.count - stack[top].firstChild) % 2 == 0 {
            checkKey(node, inFrame: top)
        }
        pending.append(Int32(node))
    }

    private mutating func checkKey(_ key: YAMLDocument.NodeID, inFrame index: Int) {
        guard document.isScalar(key) else {
            error("mapping keys must be scalars", at: key)
            return
        }
        // The length of ASCII text first: most keys are told from `<<` without a call.
        let header = document.nodes[key]
        if header.count == 2 || !header.isASCII, header.style == .plain, header.tag < 0, document.scalar(key, is: "<<") {
            error("merge keys ('<<') are not supported; write the fields out", at: key)
            return
        }
        // The accepted key of the mapping with the same text, if there is
        // one: worked out here rather than by a method, which the builder
        // (some 180 bytes) was copied for at every key.
        var first: YAMLDocument.NodeID?
        if !stack[index].hasSeenKeys {
            // By position, so that no slice of the keys is made (and retained) per key.
            for position in stack[index].firstAcceptedKey..<acceptedKeys.count {
                let seen = acceptedKeys[position]
                // Two ASCII texts of different lengths differ; most keys are
                // told apart here, without a call.
                let other = document.nodes[Int(seen)]
                if header.isASCII && other.isASCII {
                    if header.count == other.count && document.sameBytes(Int(seen), key) {
                        first = Int(seen)
                        break
                    }
                    continue
                }
                if document.sameScalar(Int(seen), key) {
                    first = Int(seen)
                    break
                }
            }
        } else {
            first = seenKeys[index]?[document.scalar(key) ?? ""].map(Int.init)
        }
        if let first {
            // Keys compare as Swift strings do, by canonical equivalence, like
            // the keys of a JSON object the generated Swift decodes.
            let text = document.scalar(key) ?? ""
            let previous = previousKey(equalTo: text, inFrame: index) ?? text
            let same = previous.unicodeScalars.elementsEqual(text.unicodeScalars)
            let shown = Self.shownKey(text)
            diagnostics.append(
                .error(
                    "duplicate key '\(shown)'" + (same ? "" : " (the same text once Unicode-normalized)"), at: document.location(of: key),
                    notes: [.note("previous occurrence of '\(Self.shownKey(previous))'", at: document.location(of: first))]))
            return
        }
        let accepted = acceptedKeys.count - stack[index].firstAcceptedKey
        if accepted >= Self.linearKeyLimit {
            if !stack[index].hasSeenKeys {
                stack[index].hasSeenKeys = true
                var keys: [String: Int32] = [:]
                for position in stack[index].firstAcceptedKey..<acceptedKeys.count {
                    let seen = acceptedKeys[position]
                    keys[document.scalar(Int(seen)) ?? ""] = seen
                }
                seenKeys[index] = keys
            }
            seenKeys[index, default: [:]][document.scalar(key) ?? ""] = Int32(key)
        }
        acceptedKeys.append(Int32(key))
    }

    private mutating func error(_ message: String, at node: YAMLDocument.NodeID) {
        diagnostics.append(.error(message, at: document.location(of: node)))
    }

    /// Up to this many keys, a mapping looks for a repeated key by going
    /// through a list rather than keeping a dictionary. Most comparisons of
    /// ASCII keys stop at their lengths, so the list stays cheaper well past
    /// the short mappings of a field (`type`, `doc`) and covers a record's
    /// `fields` or an enum's `values`, for which a dictionary would cost a
    /// `String` and a hash per key. Only the long mappings (a section of
    /// types) get one.
    static let linearKeyLimit = 32

    /// The text of the last key of the mapping in `frame` so far that
    /// equals `text`, as it was spelled there.
    private func previousKey(equalTo text: String, inFrame index: Int) -> String? {
        let keys = stride(from: stack[index].firstChild, to: pending.count, by: 2)
        for position in keys.reversed() {
            if let key = document.scalar(Int(pending[position])), key == text { return key }
        }
        return nil
    }

    /// Accepts no tag, the non-specific `!`, and the one core tag that fits
    /// the node's kind; anything else is reported.
    private mutating func checkTag(_ tag: String, on kindName: String, allowed: String, line: Int, column: Int) {
        guard tag != "!", tag != allowed else { return }
        let shown = Self.shortTag(tag)
        switch tag {
        case "tag:yaml.org,2002:str", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map":
            error("tag '\(shown)' cannot be used on \(kindName)", line: line, column: column)
        default:
            error("unsupported tag '\(shown)'", line: line, column: column)
        }
    }

    /// `tag:yaml.org,2002:str` is written `!!str` in documents; print it so.
    static func shortTag(_ tag: String) -> String {
        let prefix = "tag:yaml.org,2002:"
        return tag.hasPrefix(prefix) ? "!!" + tag.dropFirst(prefix.count) : tag
    }

    /// A key as it appears inside a one-line message: line breaks and tabs
    /// escaped, very long keys shortened.
    static func shownKey(_ text: String) -> String {
        var shown = ""
        var count = 0
        for character in text.unicodeScalars {
            if count == 60 {
                shown += "..."
                break
            }
            switch character {
            case "\n": shown += "\\n"
            case "\r": shown += "\\r"
            case "\t": shown += "\\t"
            default: shown.unicodeScalars.append(character)
            }
            count += 1
        }
        return shown
    }
}

/// A stack of node numbers that keeps its storage when it shrinks: `pending`
/// and `acceptedKeys` of `YAMLTreeBuilder` drop a collection's entries at
/// its end, which `Array.removeLast(_:)` did at some 90 instructions a
/// time; here it is one assignment.
private struct NodeStack {
    private var storage: [Int32] = []
    private(set) var count = 0

    subscript(position: Int) -> Int32 { storage[position] }

    subscript(range: Range<Int>) -> ArraySlice<Int32> { storage[range] }

    @inline(__always)
    mutating func append(_ node: Int32) {
        if count < storage.count {
            storage[count] = node
        } else {
            storage.append(node)
        }
        count += 1
    }

    /// Drops every entry from position `newCount` on.
    mutating func truncate(to newCount: Int) {
        count = newCount
    }
}
