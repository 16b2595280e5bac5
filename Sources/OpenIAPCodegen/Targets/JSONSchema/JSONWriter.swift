import OpenIAPSpec

/// Writes JSON text in one pass and decides its layout; this is the only
/// place that does.
///
/// A container (object or array) goes on one line when that line is at most
/// `inlineLimit` characters and no `description` member appears anywhere
/// inside it (prose reads better on a line of its own). Otherwise it gets one
/// line per element, indented two spaces per level. The limit ignores the
/// indentation around the value, so a value prints the same wherever a
/// template places it. Lines after the first are indented relative to the
/// value itself, plus `indent`: the indentation of the place a template puts
/// the value, when the writer is told it, so that the renderer can copy the
/// text as it is instead of indenting it again line by line.
///
/// Nothing is measured ahead of time. Every container starts on one line,
/// and is rewritten into the multi-line form as soon as it breaks a rule.
/// Only containers that are still on one line are ever rewritten, and
/// together they hold at most about one line of text, so a rewrite is cheap.
///
/// Callers write values in order: `key` before each member of an object,
/// `beginObject`/`beginArray` and `end` around the elements of a container.
struct JSONWriter {
    /// The longest one-line form a container may have, in characters.
    static let inlineLimit = 72

    /// The UTF-8 text written so far.
    private var buffer: [UInt8] = []

    /// An object or array that has been begun and not yet ended.
    private struct Container {
        /// `}` or `]`.
        let closer: UInt8
        /// Where its opening bracket is in `buffer`.
        var start: Int
        /// `uncounted` when it was begun.
        let startUncounted: Int
        /// Where the starts of its elements begin in `elementStarts`, while
        /// it is on one line.
        var firstElement: Int
        /// The elements (members, for an object) begun so far.
        var count = 0
        /// An object whose last key still waits for its value.
        var awaitsValue = false

        var isObject: Bool { closer == UInt8(ascii: "}") }
    }

    private var open: [Container] = []
    /// Where `expand` puts a container's elements together before they
    /// replace the one-line form; kept from one expansion to the next, so
    /// rewriting a container allocates nothing.
    private var scratch: [UInt8] = []
    /// `open[firstInline...]` are still on one line; the containers below
    /// them have one line per element.
    private var firstInline = 0
    /// Where each element of a one-line container begins in `buffer`, for
    /// every one-line container in turn.
    private var elementStarts: [Int] = []
    /// How many bytes written so far are not a character of their own (the
    /// extra bytes of non-ASCII characters): a length in characters is a
    /// length in bytes minus the growth of this count over the same text.
    private var uncounted = 0

    /// Where the string being written in pieces starts, and whether its
    /// pieces so far are ASCII (see `beginString`).
    private var stringStart = 0
    private var stringIsASCII = true

    /// Spaces before every line after the first, on top of the layout's own.
    private let indent: Int

    /// What a `$ref` to a spec type puts before the type's name: where the
    /// document keeps its schemas (`#/$defs/` in a JSON Schema document,
    /// `#/components/schemas/` in an OpenAPI one).
    let referencePrefix: StaticString

    /// A writer for values that a template places at `indent` spaces, at
    /// the start of a line with no indentation of its own (0: the template
    /// indents the value, or it stands alone).
    init(indent: Int = 0, referencePrefix: StaticString = "#/$defs/") {
        self.indent = indent
        self.referencePrefix = referencePrefix
    }

    /// The text written so far.
    var text: String { String(decoding: buffer, as: UTF8.self) }

    /// The text written so far; the writer starts over empty, keeping its
    /// storage for the next value.
    mutating func take() -> String {
        precondition(open.isEmpty, "a container is still open")
        let result = text
        buffer.removeAll(keepingCapacity: true)
        uncounted = 0
        return result
    }

    // MARK: - Values

    /// Writes the key of the next member of the current object; its value
    /// comes next. `name` is any text, quoted and escaped as needed.
    mutating func key(quoting name: String) {
        let top = beginKey(isDescription: name == "description")
        appendQuoted(name)
        endKey(top)
    }

    /// `key(quoting:)` for a key spelled out in the source, such as `type`:
    /// plain ASCII that needs no escaping, so it is copied between quotes
    /// as it is rather than searched for bytes to escape every time.
    mutating func key(_ name: StaticString) {
        let isDescription = name.utf8CodeUnitCount == 11 && Self.isDescription(name)
        let top = beginKey(isDescription: isDescription)
        appendConstant(name)
        endKey(top)
    }

    /// Whether `name`, 11 bytes long, is `description`, compared byte for
    /// byte in place (reading it through a `String` cost a string per key,
    /// and `elementsEqual` some 340 instructions a call).
    private static func isDescription(_ name: StaticString) -> Bool {
        name.withUTF8Buffer { name in
            ("description" as StaticString).withUTF8Buffer { description in
                for index in description.indices where name[index] != description[index] { return false }
                return true
            }
        }
    }

    private mutating func beginKey(isDescription: Bool) -> Int {
        let top = open.count - 1
        precondition(top >= 0 && open[top].isObject && !open[top].awaitsValue, "a key belongs in an object, before its value")
        if isDescription {
            // Every container around a description spans lines. Moved to
            // that form before the key rather than after it, which gives
            // the same text: the key then starts its own line, and a
            // container with nothing in it yet (a property's schema, whose
            // description comes first) has nothing to rewrite.
            while firstInline <= top { expand() }
        }
        beginElement(top)
        return top
    }

    private mutating func endKey(_ top: Int) {
        buffer.append(UInt8(ascii: ":"))
        buffer.append(UInt8(ascii: " "))
        open[top].awaitsValue = true
        checkLength()
    }

    /// A string value: any text, quoted and escaped as needed.
    package mutating func string(quoting text: String) {
        beginValue()
        appendQuoted(text)
        checkLength()
    }

    /// Begins a string value written in pieces: `appendToString` each
    /// piece, then `endString`. The same as `string(quoting:)` of the
    /// pieces joined, without making that text first.
    mutating func beginString() {
        beginValue()
        stringStart = buffer.count
        stringIsASCII = true
        buffer.append(UInt8(ascii: "\""))
    }

    /// Appends a piece of the string begun by `beginString`, escaped as
    /// needed.
    mutating func appendToString(_ text: String) {
        if !JSONEscaping.appendEscaped(text, to: &buffer) { stringIsASCII = false }
    }

    /// Appends a piece of the string begun by `beginString` that is
    /// spelled out in the source and needs no escaping, as it is.
    mutating func appendToString(constant text: StaticString) {
        text.withUTF8Buffer { buffer.append(contentsOf: $0) }
    }

    /// Ends the string begun by `beginString`.
    mutating func endString() {
        buffer.append(UInt8(ascii: "\""))
        countCharacters(from: stringStart, isASCII: stringIsASCII)
        checkLength()
    }

    /// `string(quoting:)` for a value spelled out in the source that needs
    /// no escaping (`"object"`, `"null"`), copied as it is.
    package mutating func string(_ text: StaticString) {
        beginValue()
        appendConstant(text)
        checkLength()
    }

    mutating func integer(_ value: Int64) {
        beginValue()
        buffer.append(contentsOf: String(value).utf8)
        checkLength()
    }

    /// A number as `JSONEscaping.number` writes it.
    mutating func number(_ value: Double) {
        beginValue()
        buffer.append(contentsOf: JSONEscaping.number(value).utf8)
        checkLength()
    }

    mutating func bool(_ flag: Bool) {
        beginValue()
        buffer.append(contentsOf: (flag ? "true" : "false").utf8)
        checkLength()
    }

    mutating func null() {
        beginValue()
        buffer.append(contentsOf: "null".utf8)
        checkLength()
    }

    mutating func beginObject() { begin(closer: UInt8(ascii: "}")) }

    mutating func beginArray() { begin(closer: UInt8(ascii: "]")) }

    /// Ends the innermost object or array.
    mutating func end() {
        let index = open.count - 1
        precondition(index >= 0 && !open[index].awaitsValue, "nothing to end, or a key without a value")
        // The closing bracket counts towards the one-line length too.
        if index == firstInline, length(of: index) + 1 > Self.inlineLimit { expand() }
        let container = open.removeLast()
        if index < firstInline {
            firstInline = index
            if container.count > 0 {
                Self.appendLineStart(comma: false, spaces: indent + 2 * index, to: &buffer)
            }
        } else {
            // A one-line container has a few elements: dropping their
            // starts one by one costs less than a generic range removal.
            while elementStarts.count > container.firstElement { elementStarts.removeLast() }
        }
        buffer.append(container.closer)
        checkLength()
    }

    /// An object whose members `body` writes.
    mutating func object(_ body: (inout JSONWriter) -> Void) {
        beginObject()
        body(&self)
        end()
    }

    /// An array whose elements `body` writes.
    mutating func array(_ body: (inout JSONWriter) -> Void) {
        beginArray()
        body(&self)
        end()
    }

    /// A member whose value is a string, quoted and escaped as needed.
    mutating func member(_ name: StaticString, _ text: String) {
        key(name)
        string(quoting: text)
    }

    /// A member whose value is `prefix` (spelled out in the source, needing
    /// no escaping) followed by `text`, quoted and escaped as needed, as one
    /// string: no string of both is made first.
    mutating func member(_ name: StaticString, prefix: StaticString, quoting text: String) {
        key(name)
        beginValue()
        appendQuoted(text, prefix: prefix)
        checkLength()
    }

    /// A member whose value is a string spelled out in the source that needs
    /// no escaping.
    mutating func member(_ name: StaticString, constant text: StaticString) {
        key(name)
        string(text)
    }

    /// A member whose value is `true` or `false`.
    mutating func member(_ name: StaticString, _ flag: Bool) {
        key(name)
        bool(flag)
    }

    /// A whole `JSONValue`, members in their order.
    mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case let .bool(flag): bool(flag)
        case let .integer(number): integer(number)
        case let .number(number): self.number(number)
        case let .string(text): string(quoting: text)
        case let .array(items):
            beginArray()
            for item in items { self.value(item) }
            end()
        case let .object(members):
            beginObject()
            for member in members {
                key(quoting: member.key)
                self.value(member.value)
            }
            end()
        }
    }

    // MARK: - Layout

    private mutating func begin(closer: UInt8) {
        beginValue()
        open.append(Container(closer: closer, start: buffer.count, startUncounted: uncounted, firstElement: elementStarts.count))
        buffer.append(closer == UInt8(ascii: "}") ? UInt8(ascii: "{") : UInt8(ascii: "["))
    }

    /// Places a value: after its key in an object, as the next element in
    /// an array, or alone at the top.
    private mutating func beginValue() {
        guard let top = open.indices.last else { return }
        if open[top].awaitsValue {
            open[top].awaitsValue = false
        } else {
            precondition(!open[top].isObject, "a member of an object needs a key")
            beginElement(top)
        }
    }

    /// Writes what goes before the next element of `open[index]`.
    private mutating func beginElement(_ index: Int) {
        if index < firstInline {
            Self.appendLineStart(comma: open[index].count > 0, spaces: indent + 2 * (index + 1), to: &buffer)
        } else {
            if open[index].count > 0 {
                buffer.append(UInt8(ascii: ","))
                buffer.append(UInt8(ascii: " "))
            }
            elementStarts.append(buffer.count)
        }
        open[index].count += 1
    }

    /// The one-line length of `open[index]` so far, in characters.
    private func length(of index: Int) -> Int {
        (buffer.count - open[index].start) - (uncounted - open[index].startUncounted)
    }

    /// Moves every container that has grown past the limit to one line per
    /// element. Only the outermost one-line container needs checking: the
    /// ones inside it are shorter.
    private mutating func checkLength() {
        while firstInline < open.count, length(of: firstInline) > Self.inlineLimit { expand() }
    }

    /// Rewrites the outermost one-line container with one line per element.
    /// Its elements so far keep their one-line form. Containers still open
    /// inside its last element move along with that element.
    private mutating func expand() {
        let index = firstInline
        // Nothing written in it yet, and so nothing open inside it: only
        // its later elements take the multi-line form.
        if open[index].count == 0 {
            firstInline += 1
            return
        }
        let container = open[index]
        let own = container.firstElement..<(container.firstElement + container.count)
        let spaces = indent + 2 * (index + 1)
        scratch.removeAll(keepingCapacity: true)
        // How far the last element moves.
        var shift = 0
        for position in own {
            Self.appendLineStart(comma: position != own.lowerBound, spaces: spaces, to: &scratch)
            let from = elementStarts[position]
            // The next element starts after ", ".
            let to = position + 1 < own.upperBound ? elementStarts[position + 1] - 2 : buffer.count
            shift = container.start + 1 + scratch.count - from
            scratch.append(contentsOf: buffer[from..<to])
        }
        buffer.removeSubrange((container.start + 1)...)
        buffer.append(contentsOf: scratch)
        elementStarts.removeSubrange(own)
        for position in own.lowerBound..<elementStarts.count { elementStarts[position] += shift }
        for above in (index + 1)..<open.count {
            open[above].start += shift
            open[above].firstElement -= container.count
        }
        firstInline += 1
    }

    /// What starts a line of an element, a comma first when an element
    /// comes before it, with up to 64 spaces of indentation: the start of
    /// a line is one copy of a slice of it. (Appending the comma, the line
    /// break and the spaces one by one cost some 60 instructions a line
    /// more, and appending `repeatElement` went a byte at a time.)
    private static let lineStarts = Array(",\n".utf8) + [UInt8](repeating: UInt8(ascii: " "), count: 64)

    /// Appends a comma when `comma`, then a line break and `spaces` spaces.
    private static func appendLineStart(comma: Bool, spaces: Int, to bytes: inout [UInt8]) {
        let lineStarts = Self.lineStarts
        let first = comma ? 0 : 1
        if 2 + spaces <= lineStarts.count {
            bytes.append(contentsOf: lineStarts[first..<(2 + spaces)])
            return
        }
        bytes.append(contentsOf: lineStarts[first...])
        var left = 2 + spaces - lineStarts.count
        while left > 0 {
            let piece = min(left, lineStarts.count - 2)
            bytes.append(contentsOf: lineStarts[2..<(2 + piece)])
            left -= piece
        }
    }

    /// Appends `text` between quotes as it is. Only for text written in
    /// the source, which is ASCII with nothing to escape (checked in debug
    /// builds), so it adds nothing to `uncounted`.
    private mutating func appendConstant(_ text: StaticString) {
        assert(JSONEscaping.quoted("\(text)").utf8.count == text.utf8CodeUnitCount + 2, "'\(text)' needs escaping")
        buffer.append(UInt8(ascii: "\""))
        text.withUTF8Buffer { buffer.append(contentsOf: $0) }
        buffer.append(UInt8(ascii: "\""))
    }

    /// Appends `text` quoted, and keeps `uncounted` right for non-ASCII
    /// text while some container is on one line. The quotes are written
    /// here: `JSONEscaping.appendQuoted` also appends its prefix, an empty
    /// one costing some 60 instructions a string.
    private mutating func appendQuoted(_ text: String) {
        let start = buffer.count
        buffer.append(UInt8(ascii: "\""))
        let isASCII = JSONEscaping.appendEscaped(text, to: &buffer)
        buffer.append(UInt8(ascii: "\""))
        countCharacters(from: start, isASCII: isASCII)
    }

    /// `appendQuoted(_:)` of `prefix` (spelled out in the source, needing no
    /// escaping) followed by `text`.
    private mutating func appendQuoted(_ text: String, prefix: StaticString) {
        let start = buffer.count
        countCharacters(from: start, isASCII: JSONEscaping.appendQuoted(text, prefix: prefix, to: &buffer))
    }

    /// Keeps `uncounted` right for the quoted text written from `start`
    /// while some container is on one line.
    private mutating func countCharacters(from start: Int, isASCII: Bool) {
        if !isASCII, firstInline < open.count {
            // Quoted ASCII text is one character per byte (line breaks are
            // escaped, so no CR LF pair is left); other text is counted.
            let characters = String(decoding: buffer[start...], as: UTF8.self).count
            uncounted += buffer.count - start - characters
        }
    }
}
