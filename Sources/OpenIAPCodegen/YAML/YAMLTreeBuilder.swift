/// One parser event, already turned into Swift values. The reader translates
/// libyaml's C events into these so the tree builder never touches C memory.
enum YAMLEvent {
    case documentStart
    case scalar(String, style: YAMLNode.ScalarStyle, tag: String?, anchor: String?)
    case alias(String)
    case sequenceStart(tag: String?, anchor: String?)
    case mappingStart(tag: String?, anchor: String?)
    case collectionEnd
}

/// Turns a stream of events into a `YAMLNode` tree without recursion.
///
/// Open collections live on an explicit stack, so the depth of the input only
/// costs heap memory, and that is capped by `YAMLLimits.maxDepth`. Problems that
/// leave the tree usable for further checking (duplicate keys, odd tags) are
/// collected and parsing goes on; problems that could make the work unbounded
/// (too deep, too many alias copies, a second document) stop it.
struct YAMLTreeBuilder {
    /// A finished node with the numbers the limits need: how many nodes it
    /// holds (counting itself) and how many collections deep it goes.
    private struct Built {
        var node: YAMLNode
        var size: Int
        var height: Int
    }

    struct SeenKey {
        var text: String
        var location: SourceLocation
    }

    /// A collection whose end event has not arrived yet.
    private struct Frame {
        var location: SourceLocation
        var tag: String?
        var anchor: String?
        var isMapping: Bool
        var items: [YAMLNode] = []
        var pairs: [(key: YAMLNode, value: YAMLNode)] = []
        /// The key read last in a mapping, waiting for its value.
        var pendingKey: YAMLNode?
        /// Every scalar key accepted so far in this mapping with its first
        /// location: in `fewKeys` while there are at most `linearKeyLimit`,
        /// then in `seenKeys`.
        var fewKeys: [SeenKey] = []
        var seenKeys: [String: SourceLocation] = [:]
        var size = 1
        var childHeight = 0
    }

    let file: String
    let limits: YAMLLimits
    private(set) var diagnostics: [Diagnostic] = []
    private var stack: [Frame] = []
    private var root: YAMLNode?
    private var documents = 0
    private var anchors: [String: Built] = [:]
    /// Nodes produced so far by copying anchored nodes for aliases.
    private var expanded = 0

    init(file: String, limits: YAMLLimits) {
        self.file = file
        self.limits = limits
    }

    /// Records a problem found outside the builder, such as a libyaml error.
    mutating func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// Feeds one event. Returns false when reading has to stop.
    mutating func consume(_ event: YAMLEvent, at location: SourceLocation) -> Bool {
        switch event {
        case .documentStart:
            documents += 1
            if documents > 1 {
                error("expected a single document; found another", at: location)
                return false
            }
            return true

        case let .scalar(text, style, tag, anchor):
            checkTag(tag, on: "a scalar", allowed: "tag:yaml.org,2002:str", at: location)
            let node = YAMLNode(.scalar(text, style: style), at: location, tag: tag.map(Self.shortTag))
            finish(Built(node: node, size: 1, height: 0), anchor: anchor)
            return true

        case let .alias(name):
            guard let anchored = anchors[name] else {
                error("unknown alias '*\(name)'", at: location)
                finish(Built(node: YAMLNode(.scalar("", style: .plain), at: location), size: 1, height: 0), anchor: nil)
                return true
            }
            if stack.count + anchored.height > limits.maxDepth {
                error("nesting deeper than \(limits.maxDepth) levels", at: location)
                return false
            }
            expanded += anchored.size
            if expanded > limits.maxAliasExpansion {
                error("alias expansion exceeds \(limits.maxAliasExpansion) nodes", at: location)
                return false
            }
            // The copy keeps the locations inside it, which point at the
            // anchored definition, but its root sits where the alias was
            // written so that problems with the copy itself (a duplicate key,
            // say) are reported there.
            var copy = anchored
            copy.node.location = location
            finish(copy, anchor: nil)
            return true

        case let .sequenceStart(tag, anchor):
            checkTag(tag, on: "a list", allowed: "tag:yaml.org,2002:seq", at: location)
            return open(Frame(location: location, tag: tag, anchor: anchor, isMapping: false))

        case let .mappingStart(tag, anchor):
            checkTag(tag, on: "a mapping", allowed: "tag:yaml.org,2002:map", at: location)
            return open(Frame(location: location, tag: tag, anchor: anchor, isMapping: true))

        case .collectionEnd:
            guard var frame = stack.popLast() else { return true }
            let kind: YAMLNode.Kind
            if frame.isMapping {
                if let key = frame.pendingKey {
                    // libyaml always supplies a value, even an empty one; this
                    // only keeps the pair from being lost if it ever does not.
                    frame.pairs.append((key, YAMLNode(.scalar("", style: .plain), at: key.location)))
                }
                kind = .mapping(frame.pairs)
            } else {
                kind = .sequence(frame.items)
            }
            let node = YAMLNode(kind, at: frame.location, tag: frame.tag.map(Self.shortTag))
            finish(Built(node: node, size: frame.size, height: frame.childHeight + 1), anchor: frame.anchor)
            return true
        }
    }

    /// The document, or every diagnostic collected while reading it.
    func result() throws(DiagnosticError) -> YAMLNode {
        if !diagnostics.isEmpty { throw DiagnosticError(diagnostics) }
        guard var root else { return Self.emptyDocument(file: file) }
        // An empty document is an empty plain scalar that libyaml places after
        // the `---`; report it at the top of the file like an empty stream.
        if root.tag == nil, case let .scalar(text, style) = root.kind, text.isEmpty, style == .plain {
            root.location = SourceLocation(file: file, line: 1, column: 1)
        }
        return root
    }

    static func emptyDocument(file: String) -> YAMLNode {
        YAMLNode(.scalar("", style: .plain), at: SourceLocation(file: file, line: 1, column: 1))
    }

    // MARK: - Helpers

    private mutating func error(_ message: String, at location: SourceLocation, notes: [Diagnostic] = []) {
        diagnostics.append(.error(message, at: location, notes: notes))
    }

    private mutating func open(_ frame: Frame) -> Bool {
        if stack.count >= limits.maxDepth {
            error("nesting deeper than \(limits.maxDepth) levels", at: frame.location)
            return false
        }
        stack.append(frame)
        return true
    }

    /// Remembers a finished node under its anchor and hands it to its parent.
    private mutating func finish(_ built: Built, anchor: String?) {
        if let anchor { anchors[anchor] = built }
        guard !stack.isEmpty else {
            root = built.node
            return
        }
        let top = stack.count - 1
        stack[top].size += built.size
        stack[top].childHeight = max(stack[top].childHeight, built.height)
        if !stack[top].isMapping {
            stack[top].items.append(built.node)
        } else if let key = stack[top].pendingKey {
            stack[top].pairs.append((key, built.node))
            stack[top].pendingKey = nil
        } else {
            checkKey(built.node, inFrame: top)
            stack[top].pendingKey = built.node
        }
    }

    private mutating func checkKey(_ key: YAMLNode, inFrame index: Int) {
        guard case let .scalar(text, style) = key.kind else {
            error("mapping keys must be scalars", at: key.location)
            return
        }
        if style == .plain, key.tag == nil, text == "<<" {
            error("merge keys ('<<') are not supported; write the fields out", at: key.location)
            return
        }
        if let first = firstOccurrence(of: text, inFrame: index) {
            // Keys compare as Swift strings do, by canonical equivalence, like
            // the keys of a JSON object the generated Swift decodes.
            let previous = stack[index].pairs.last { $0.key.scalar == text }?.key.scalar ?? text
            let same = previous.unicodeScalars.elementsEqual(text.unicodeScalars)
            let shown = Self.shownKey(text)
            error("duplicate key '\(shown)'" + (same ? "" : " (the same text once Unicode-normalized)"), at: key.location,
                  notes: [.note("previous occurrence of '\(Self.shownKey(previous))'", at: first)])
        } else if stack[index].fewKeys.count < Self.linearKeyLimit {
            stack[index].fewKeys.append(SeenKey(text: text, location: key.location))
        } else {
            if stack[index].seenKeys.isEmpty {
                for seen in stack[index].fewKeys { stack[index].seenKeys[seen.text] = seen.location }
            }
            stack[index].seenKeys[text] = key.location
        }
    }

    /// Up to this many keys, a mapping looks for a repeated key by going
    /// through a list, which for the short mappings of a spec (a field's
    /// `type` and `doc`) is cheaper than keeping a dictionary.
    private static let linearKeyLimit = 8

    /// Where `text` first appeared as an accepted key of the mapping in
    /// `frame`, if it did.
    private func firstOccurrence(of text: String, inFrame index: Int) -> SourceLocation? {
        let frame = stack[index]
        if frame.seenKeys.isEmpty {
            for seen in frame.fewKeys where seen.text == text { return seen.location }
            return nil
        }
        return frame.seenKeys[text]
    }

    /// Accepts no tag, the non-specific `!`, and the one core tag that fits
    /// the node's kind; anything else is reported.
    private mutating func checkTag(_ tag: String?, on kindName: String, allowed: String, at location: SourceLocation) {
        guard let tag, tag != "!", tag != allowed else { return }
        let shown = Self.shortTag(tag)
        switch tag {
        case "tag:yaml.org,2002:str", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map":
            error("tag '\(shown)' cannot be used on \(kindName)", at: location)
        default:
            error("unsupported tag '\(shown)'", at: location)
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
