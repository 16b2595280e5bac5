import Foundation
import OpenIAPSpec

// About 700 lines, kept in one file on purpose: the renderer is one loop
// over a template's instructions (`run`) with the context stack it reads,
// and every helper here works on that stack's frames, whose pointers are
// valid only inside the calls that made them. Keeping all of that private
// to one file is what keeps those pointers from escaping. The output
// buffer is TemplateOutput.swift, the compiled program TemplateProgram.swift.

/// Walks a parsed template against a context and appends to one output
/// buffer. One renderer is used per `TemplateSet.render` call.
///
/// Nothing changes the context while it is rendered, so the renderer points
/// into it rather than copying values out: each frame of the context stack
/// holds a pointer to its value and, for an object, to its members. A frame
/// is pushed inside the `withUnsafe…` call that provides its pointers and
/// popped before that call returns.
struct TemplateRenderer {
    /// Deeper partial nesting than this is taken to be runaway recursion.
    static let maxPartialDepth = 64
    /// Sections and partials inside one another, counted together: every
    /// level is a level of recursion here.
    static let maxNesting = 256

    /// How much one render call (a file, or a piece of one) may do. Nesting
    /// limits keep recursion shallow, but not work: a section over a list
    /// inside a section over the same list, a dozen levels deep, would
    /// render for hours.
    struct Limits: Sendable {
        /// Passes through section bodies and partials.
        var passes: Int
        /// Bytes of output.
        var outputBytes: Int
        /// Sections over the streamed list (see `Stream`). Its elements are
        /// made afresh on every one, each costing as much as rendering it,
        /// so the pass budget alone would let a section over the list inside
        /// a section over the list make millions of them.
        var streamedSections: Int

        /// The built-in templates make some 410,000 passes in the largest
        /// render of a 10,000-type spec (2 million in all), write at most
        /// 21 MB, and go through the streamed list once: room for specs ten
        /// times larger, and for overrides that list the types a few times.
        /// A runaway template stops within seconds.
        static let standard = Limits(passes: 5_000_000, outputBytes: 1 << 30, streamedSections: 16)
    }

    private typealias Instruction = TemplateProgram.Instruction

    /// One entry of the context stack. Elements of a list section also carry
    /// their position, which is where `@first`, `@last` and `@index` come from.
    private struct Frame {
        var value: UnsafePointer<TemplateValue>
        /// The names and values of the members when `value` is an object;
        /// empty otherwise. The two are equally long.
        var keys: UnsafeBufferPointer<TemplateKey>
        var values: UnsafePointer<TemplateValue>?
        var index: Int
        /// The length of the list the value came from, or -1 when it did not
        /// come from a list.
        var count: Int

        /// The value of the member called `key`, if this frame is an object
        /// that has one. `hint` is where the member was found last time: it
        /// is tried first, and updated when the member is elsewhere.
        func member(_ key: TemplateKey, hint: inout Int32) -> UnsafePointer<TemplateValue>? {
            // View models build every object of one kind in the same order,
            // so a tag finds its member where it did in the previous object.
            let guess = Int(hint)
            if guess < keys.count, Self.matches(keys[guess], key) { return value(at: guess) }
            for index in keys.indices where Self.matches(keys[index], key) {
                hint = Int32(truncatingIfNeeded: index)
                return value(at: index)
            }
            return nil
        }

        /// Compares the fingerprints first, read in place: most members
        /// differ there, and comparing them touches no string (no retain or
        /// release).
        private static func matches(_ member: TemplateKey, _ key: TemplateKey) -> Bool {
            member.fingerprint == key.fingerprint && member.name == key.name
        }

        /// The member's value in place; `index` is one of `keys`, so
        /// `values` is not nil.
        private func value(at index: Int) -> UnsafePointer<TemplateValue>? {
            values.unsafelyUnwrapped + index
        }
    }

    /// What a name refers to: a value inside the context (or one of
    /// `booleans`), one made for the occasion (`@index`, and what a dotted
    /// name finds), or the streamed list.
    ///
    /// Every tag resolves a name, and the built-in templates only ever get
    /// `.pointer`. Keeping `.made` in a box of its own makes the enum two
    /// words that are copied in registers, where a value inline made every
    /// return a call to `memcpy`.
    private enum Resolved {
        case pointer(UnsafePointer<TemplateValue>)
        indirect case made(TemplateValue)
        case stream
    }

    /// A list member of the bottom context whose elements are made one at a
    /// time while rendering; see `TemplateSet.render(_:_:streaming:count:element:)`.
    struct Stream {
        var key: TemplateKey
        var count: Int
        var element: (Int) -> TemplateValue
    }

    private let links: TemplateLinks
    /// Where the partials of the program being run start in `links.targets`;
    /// changes while a partial runs.
    private var firstPartial = 0
    /// Where the names of the program being run start in `hints`; changes
    /// while a partial runs.
    private var firstName = 0
    /// Per name of every program: the position in its object where the
    /// name was last found (see `Frame.member`). Only a guess, checked
    /// before use, so a stale one costs a search and nothing else.
    private let hints: UnsafeMutableBufferPointer<Int32>
    /// `false` and `true`, in that order: what `@first` and `@last` point to.
    private let booleans: UnsafeMutablePointer<TemplateValue>
    private let context: TemplateValue
    /// The UTF-8 bytes written so far; see `result`.
    private var output: TemplateOutput
    private var frames: [Frame] = []
    /// The topmost frame that has members, or 0 (the bottom) when none
    /// has: where most tags find their name (see `resolve`). Kept as
    /// frames come and go rather than searched for on every tag.
    private var objectLevel = 0
    /// What every non-empty output line starts with: the sum of the
    /// indentation of the standalone partial tags being rendered.
    private var indent: [UInt8] = []
    /// Whether the next character written begins a line; only tracked while
    /// `indent` is not empty, the only time it matters.
    /// A partial appends its indentation and removes it again when done, so
    /// after the first few partials this never allocates.
    private var atLineStart = true
    private var partialDepth = 0
    private var nesting = 0
    private let limits: Limits
    /// Section passes and partials so far; see `Limits`.
    private var passes = 0
    /// Sections over the streamed list so far; see `Limits`.
    private var streamedSections = 0
    private let stream: Stream?
    /// The name of `stream`, kept apart so that a lookup compares it without
    /// copying the stream (and retaining its closure).
    private let streamKey: TemplateKey?

    init(links: TemplateLinks, context: TemplateValue, stream: Stream? = nil, capacity: Int, limits: Limits = .standard) {
        self.links = links
        self.limits = limits
        self.context = context
        self.stream = stream
        streamKey = stream?.key
        output = TemplateOutput(capacity: capacity)
        hints = .allocate(capacity: links.nameCount)
        hints.initialize(repeating: 0)
        booleans = .allocate(capacity: 2)
        booleans.initialize(to: .bool(false))
        (booleans + 1).initialize(to: .bool(true))
        frames.reserveCapacity(16)
        indent.reserveCapacity(64)
    }

    /// Everything rendered, as text. Templates and values are valid UTF-8
    /// and are only ever split at line feeds, so the bytes are too.
    var result: String { String(decoding: output.bytes, as: UTF8.self) }

    /// Everything rendered, in the buffer it was rendered into; the output
    /// starts over empty. Valid UTF-8 for the same reason as `result`.
    mutating func takeBytes() -> FileBytes {
        output.take()
    }

    /// Frees the output, the hints and the booleans; the renderer is not
    /// used afterwards.
    func finish() {
        output.deallocate()
        hints.deallocate()
        booleans.deinitialize(count: 2)
        booleans.deallocate()
    }

    /// Renders the template at `unit` of `links`.
    mutating func render(_ unit: Int) throws(DiagnosticError) {
        let program = links.programs[unit]
        firstPartial = links.firstPartial[unit]
        firstName = links.firstName[unit]
        try withUnsafePointer(to: context) { root throws(DiagnosticError) in
            try renderBody(program, 0..<program.instructions.count, in: root, index: 0, count: -1)
        }
    }

    /// Lends the value at `pointer` to `body` in place, without copying it.
    ///
    /// Reading `pointer.pointee` copies the value, which retains and later
    /// releases what it holds; an `inout` argument is passed by address, so
    /// matching on it reads the memory where it is. `body` only ever reads
    /// its argument. Safe because the pointer is valid for the call (it
    /// points into the context, `booleans` or a value on the stack, see
    /// `Frame`) and
    /// nothing writes to the context while it is rendered, so the
    /// exclusive access `inout` claims is never contested.
    private static func borrow<Result>(
        _ pointer: UnsafePointer<TemplateValue>, _ body: (inout TemplateValue) throws(DiagnosticError) -> Result
    ) throws(DiagnosticError) -> Result {
        try body(&UnsafeMutablePointer(mutating: pointer).pointee)
    }

    /// Renders the instructions in `body` with `value` pushed onto the
    /// context stack.
    private mutating func renderBody(
        _ program: TemplateProgram, _ body: Range<Int>, in value: UnsafePointer<TemplateValue>, index: Int, count: Int
    ) throws(DiagnosticError) {
        try Self.borrow(value) { (borrowed: inout TemplateValue) throws(DiagnosticError) in
            try renderBody(program, body, in: value, &borrowed, index: index, count: count)
        }
    }

    /// `renderBody(_:_:in:index:count:)` with the value at `value` lent as
    /// `borrowed`.
    private mutating func renderBody(
        _ program: TemplateProgram, _ body: Range<Int>, in value: UnsafePointer<TemplateValue>,
        _ borrowed: inout TemplateValue, index: Int, count: Int
    ) throws(DiagnosticError) {
        guard case .object(let object) = borrowed else {
            // No members: names are still looked up in `objectLevel`.
            frames.append(Frame(value: value, keys: UnsafeBufferPointer(start: nil, count: 0), values: nil, index: index, count: count))
            try run(program, body)
            frames.removeLast()
            return
        }
        try object.withMembers { (keys, values) throws(DiagnosticError) in
            let outer = objectLevel
            if !keys.isEmpty { objectLevel = frames.count }
            frames.append(Frame(value: value, keys: keys, values: values.baseAddress, index: index, count: count))
            try run(program, body)
            frames.removeLast()
            objectLevel = outer
        }
    }

    private mutating func run(_ program: TemplateProgram, _ range: Range<Int>) throws(DiagnosticError) {
        var position = range.lowerBound
        while position < range.upperBound {
            let instruction = program.instructions[position]
            switch instruction.operation {
            case .text:
                program.text.withUnsafeBufferPointer { text in
                    writeLinePiece(UnsafeBufferPointer(rebasing: text[instruction.operand..<instruction.end]), endsLine: false)
                }
                position += 1
            case .line:
                program.text.withUnsafeBufferPointer { text in
                    writeLinePiece(UnsafeBufferPointer(rebasing: text[instruction.operand..<instruction.end]), endsLine: true)
                }
                position += 1
            case .variable:
                try writeVariable(program, instruction)
                position += 1
            case .section, .invertedSection:
                try renderSection(program, instruction, body: position + 1..<instruction.end)
                position = instruction.end
            case .sectionThenInverted, .invertedThenSection:
                position = try renderSections(program, instruction, body: position + 1..<instruction.end)
            case .partial:
                try renderPartial(program, instruction)
                position += 1
            }
        }
    }

    private mutating func writeVariable(_ program: TemplateProgram, _ instruction: Instruction) throws(DiagnosticError) {
        switch try resolve(program, instruction) {
        case .pointer(let value):
            try Self.borrow(value) { (value: inout TemplateValue) throws(DiagnosticError) in
                // A string, nearly every time, written here rather than
                // through a call.
                if case .string(let text) = value {
                    write(text)
                } else {
                    try write(&value, program, instruction)
                }
            }
        case .made(var value): try write(&value, program, instruction)
        case .stream:
            var empty = TemplateValue.list([])
            try write(&empty, program, instruction)
        }
    }

    /// Writes a string or boolean; `value` is only read (see `borrow`).
    private mutating func write(_ value: inout TemplateValue, _ program: TemplateProgram, _ instruction: Instruction) throws(DiagnosticError) {
        switch value {
        case .string(let text):
            write(text)
        case .bool(let flag):
            write(flag ? "true" : "false")
        case let other:
            throw program.source.error(
                "'\(program.names[instruction.operand])' is \(other.kindName); a variable tag can only render a string or a boolean",
                at: instruction.offset)
        }
    }

    /// Counts one pass through a section body or a partial, the tag at
    /// `offset` of `program`, and stops a template that renders too much.
    ///
    /// The count and the comparisons are inlined into every pass; only
    /// a template over a limit calls `overLimit`.
    @inline(__always)
    private mutating func countPass(_ program: TemplateProgram, at offset: Int) throws(DiagnosticError) {
        passes += 1
        if passes > limits.passes || output.count > limits.outputBytes { try overLimit(program, at: offset) }
    }

    /// The error of `countPass`, apart so that the inlined check stays small.
    @inline(never)
    private func overLimit(_ program: TemplateProgram, at offset: Int) throws(DiagnosticError) {
        if passes > limits.passes {
            throw program.source.error(
                "the template renders too much: more than \(limits.passes) passes through sections and partials", at: offset)
        }
        throw program.source.error("the template renders more than \(limits.outputBytes) bytes", at: offset)
    }

    /// Renders a section paired with the one after it (see
    /// `sectionThenInverted`), both over the value the name is looked up
    /// for once, and answers the position after the second.
    private mutating func renderSections(
        _ program: TemplateProgram, _ instruction: Instruction, body: Range<Int>
    ) throws(DiagnosticError) -> Int {
        let second = program.instructions[instruction.end]
        let secondBody = instruction.end + 1..<second.end
        guard nesting < Self.maxNesting else {
            throw program.source.error("sections and partials nest deeper than \(Self.maxNesting) levels", at: instruction.offset)
        }
        let resolved = try resolve(program, instruction)
        guard case .pointer(let value) = resolved else {
            // Made for the occasion, or the streamed list: each section
            // on its own, as if they were not paired.
            try renderSection(program, instruction, body: body)
            try renderSection(program, second, body: secondBody)
            return second.end
        }
        nesting += 1
        defer { nesting -= 1 }
        let inverted = instruction.operation == .invertedThenSection
        if let flag = try Self.flag(at: value) {
            // A flag or a string: exactly one of the two renders, decided
            // here.
            try renderSection(program, inverted: inverted, body: body, flag: flag, over: value, name: instruction.operand, at: instruction.offset)
            try renderSection(
                program, inverted: !inverted, body: secondBody, flag: flag, over: value, name: second.operand, at: second.offset)
            return second.end
        }
        try renderSection(program, inverted: inverted, body: body, over: value, at: instruction.offset)
        try renderSection(program, inverted: !inverted, body: secondBody, over: value, at: second.offset)
        return second.end
    }

    private mutating func renderSection(
        _ program: TemplateProgram, _ instruction: Instruction, body: Range<Int>
    ) throws(DiagnosticError) {
        guard nesting < Self.maxNesting else {
            throw program.source.error("sections and partials nest deeper than \(Self.maxNesting) levels", at: instruction.offset)
        }
        nesting += 1
        defer { nesting -= 1 }
        let inverted = instruction.operation == .invertedSection || instruction.operation == .invertedThenSection
        switch try resolve(program, instruction) {
        case .pointer(let value):
            // A flag or a string, most of the time: decided here rather
            // than through a call, as
            // `renderSection(_:inverted:body:over:borrowed:at:)` would.
            if let flag = try Self.flag(at: value) {
                try renderSection(program, inverted: inverted, body: body, flag: flag, over: value, name: instruction.operand, at: instruction.offset)
            } else {
                try renderSection(program, inverted: inverted, body: body, over: value, at: instruction.offset)
            }
        case .made(let value):
            try withUnsafePointer(to: value) { value throws(DiagnosticError) in
                try renderSection(program, inverted: inverted, body: body, over: value, at: instruction.offset)
            }
        case .stream:
            guard let stream else { return }
            if inverted {
                if stream.count == 0 { try run(program, body) }
                return
            }
            if stream.count > 0 {
                streamedSections += 1
                if streamedSections > limits.streamedSections {
                    throw program.source.error(
                        "the template goes through '\(program.names[instruction.operand])' more than \(limits.streamedSections) times, "
                            + "making every element afresh each time", at: instruction.offset)
                }
            }
            for index in 0..<stream.count {
                try countPass(program, at: instruction.offset)
                try withUnsafePointer(to: stream.element(index)) { item throws(DiagnosticError) in
                    try renderBody(program, body, in: item, index: index, count: stream.count)
                }
            }
        }
    }

    /// Whether the flag or string at `value` is truthy (see `isTruthy`),
    /// or nil when it holds a list or an object: a section over either of
    /// the first two renders its body once or not at all.
    @inline(__always)
    private static func flag(at value: UnsafePointer<TemplateValue>) throws(DiagnosticError) -> Bool? {
        try borrow(value) { (value: inout TemplateValue) -> Bool? in
            switch value {
            case .bool(let flag): flag
            case .string(let text): !text.isEmpty
            case .list, .object: nil
            }
        }
    }

    /// `renderSection(_:inverted:body:over:at:)` over a flag or a string at
    /// `value` whose truth is `flag`, inlined where the section's name (`name`
    /// of `program`) was looked up.
    @inline(__always)
    private mutating func renderSection(
        _ program: TemplateProgram, inverted: Bool, body: Range<Int>, flag: Bool, over value: UnsafePointer<TemplateValue>,
        name: Int, at offset: Int
    ) throws(DiagnosticError) {
        guard flag != inverted else { return }
        try countPass(program, at: offset)
        if inverted || !links.frames.needed[firstName + name] {
            // Nothing reads the frame the value would get (see `TemplateFrames`).
            try run(program, body)
        } else {
            try renderBody(program, body, in: value, index: 0, count: -1)
        }
    }

    /// Renders a section whose tag is at `offset` of `program`.
    private mutating func renderSection(
        _ program: TemplateProgram, inverted: Bool, body: Range<Int>, over value: UnsafePointer<TemplateValue>, at offset: Int
    ) throws(DiagnosticError) {
        try Self.borrow(value) { (borrowed: inout TemplateValue) throws(DiagnosticError) in
            try renderSection(program, inverted: inverted, body: body, over: value, borrowed: &borrowed, at: offset)
        }
    }

    /// `renderSection(_:inverted:body:over:at:)` with the value at `value`
    /// lent as `borrowed`, which is only read.
    private mutating func renderSection(
        _ program: TemplateProgram, inverted: Bool, body: Range<Int>, over value: UnsafePointer<TemplateValue>,
        borrowed: inout TemplateValue, at offset: Int
    ) throws(DiagnosticError) {
        if inverted {
            if !borrowed.isTruthy {
                try countPass(program, at: offset)
                try run(program, body)
            }
        } else if case .list(let items) = borrowed {
            try items.withUnsafeBufferPointer { items throws(DiagnosticError) in
                for index in items.indices {
                    try countPass(program, at: offset)
                    try renderBody(program, body, in: items.baseAddress.unsafelyUnwrapped + index, index: index, count: items.count)
                }
            }
        } else if borrowed.isTruthy {
            try countPass(program, at: offset)
            try renderBody(program, body, in: value, index: 0, count: -1)
        }
    }

    private mutating func renderPartial(_ program: TemplateProgram, _ instruction: Instruction) throws(DiagnosticError) {
        let target = links.targets[firstPartial + instruction.operand]
        guard target >= 0 else {
            throw program.source.error("unknown partial '\(program.partials[instruction.operand].name)'", at: instruction.offset)
        }
        guard partialDepth < Self.maxPartialDepth else {
            throw program.source.error("partial recursion deeper than \(Self.maxPartialDepth) levels", at: instruction.offset)
        }
        try countPass(program, at: instruction.offset)
        let partialIndent = program.partials[instruction.operand].indent
        if !partialIndent.isEmpty {
            program.text.withUnsafeBufferPointer { text in indent.append(contentsOf: UnsafeBufferPointer(rebasing: text[partialIndent])) }
            // A standalone tag began its line, so the partial does too.
            atLineStart = true
        }
        guard nesting < Self.maxNesting else {
            throw program.source.error("sections and partials nest deeper than \(Self.maxNesting) levels", at: instruction.offset)
        }
        partialDepth += 1
        nesting += 1
        let callee = links.programs[target]
        let callerPartials = firstPartial
        let callerNames = firstName
        firstPartial = links.firstPartial[target]
        firstName = links.firstName[target]
        try run(callee, 0..<callee.instructions.count)
        firstPartial = callerPartials
        firstName = callerNames
        nesting -= 1
        partialDepth -= 1
        if !partialIndent.isEmpty { indent.removeLast(partialIndent.count) }
    }

    /// Finds what the name of a variable or section tag refers to, or throws
    /// an error located at the tag.
    ///
    /// Most tags name a member of the innermost object where it was found
    /// last time; that case is tried here, inlined into the tags, and
    /// everything else in `resolveAnywhere`, a call with the whole stack
    /// walk and its errors. In the bottom frame only a name that cannot be
    /// the streamed list's is looked up here (the walk checks that name
    /// first there).
    @inline(__always)
    private mutating func resolve(_ program: TemplateProgram, _ instruction: Instruction) throws(DiagnosticError) -> Resolved {
        let name = instruction.operand
        let kind = program.nameKinds[name]
        if kind != .key {
            // `.`, and `@first` or `@last` in the innermost frame when it
            // is a list element (as in `{{^@last}}, {{/@last}}`): read here
            // rather than through the call.
            let top = frames[frames.count - 1]
            if kind == .current { return .pointer(top.value) }
            if top.count >= 0 {
                if kind == .first { return .pointer(booleans + (top.index == 0 ? 1 : 0)) }
                if kind == .last { return .pointer(booleans + (top.index == top.count - 1 ? 1 : 0)) }
            }
        } else {
            // The innermost frame with members: frames without (a
            // section over a flag or a string) are skipped, as the walk
            // would.
            let level = objectLevel
            let frame = frames[level]
            let guess = Int(hints[firstName + name])
            // The fingerprints first, then the names, read in place.
            if guess < frame.keys.count, frame.keys[guess].fingerprint == program.firstKeys[name].fingerprint,
                level > 0 || streamKey?.fingerprint != program.firstKeys[name].fingerprint,
                frame.keys[guess].name == program.firstKeys[name].name
            {
                return .pointer(frame.values.unsafelyUnwrapped + guess)
            }
        }
        return try resolveAnywhere(program, instruction)
    }

    /// `resolve` through the whole context stack.
    ///
    /// Changes nothing, but is `mutating` so that the renderer is passed by
    /// reference: called from the mutating methods, a non-mutating method
    /// got a copy of the whole renderer (a `memcpy` per tag).
    @inline(never)
    private mutating func resolveAnywhere(_ program: TemplateProgram, _ instruction: Instruction) throws(DiagnosticError) -> Resolved {
        let name = instruction.operand
        let kind = program.nameKinds[name]
        switch kind {
        case .current:
            return .pointer(frames[frames.count - 1].value)

        case .first, .last, .index:
            var level = frames.count - 1
            while level >= 0 {
                let count = frames[level].count
                if count >= 0 {
                    let index = frames[level].index
                    switch kind {
                    case .first: return .pointer(booleans + (index == 0 ? 1 : 0))
                    case .last: return .pointer(booleans + (index == count - 1 ? 1 : 0))
                    default: return .made(.string(String(index)))
                    }
                }
                level -= 1
            }
            throw program.source.error("'\(program.names[name])' is only available inside a list section", at: instruction.offset)

        case .key, .path:
            // Only the first part walks the stack; the rest must be found
            // inside what it names, so `a.b` never picks up an outer `b`.
            // Read once for all the frames searched.
            let key = program.firstKeys[name]
            var level = frames.count - 1
            var found: UnsafePointer<TemplateValue>?
            while level >= 0 {
                // The streamed list is a member of the bottom context.
                if level == 0, streamKey == key {
                    break
                }
                if let value = frames[level].member(key, hint: &hints[firstName + name]) {
                    found = value
                    break
                }
                level -= 1
            }
            var value: TemplateValue
            if let found {
                guard kind == .path else { return .pointer(found) }
                value = found.pointee
            } else if level == 0, stream != nil {
                guard kind == .path else { return .stream }
                // Only for the error below: a list has no members.
                value = .list([])
            } else {
                throw program.source.error("unknown variable '\(program.names[name])'", at: instruction.offset)
            }
            guard case .path(let parts) = program.names[name] else { return .made(value) }
            for (position, part) in parts.enumerated().dropFirst() {
                guard case .object(let members) = value else {
                    let prefix = parts[..<position].map(\.name).joined(separator: ".")
                    throw program.source.error(
                        "cannot look up '\(program.names[name])': '\(prefix)' is \(value.kindName), not an object",
                        at: instruction.offset)
                }
                guard let member = members[part] else {
                    throw program.source.error("unknown variable '\(program.names[name])'", at: instruction.offset)
                }
                value = member
            }
            return .made(value)
        }
    }

    /// Writes a string's bytes from where they are: `withUTF8` needs a
    /// variable, and copying every variable tag's string into one cost a
    /// retain and a release each. Only a string that is not stored as
    /// UTF-8 (none that a view model makes) takes that way. Inlined into
    /// the variable tag, its only caller.
    @inline(__always)
    private mutating func write(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ write($0) }) != nil { return }
        var text = text
        text.withUTF8 { write($0) }
    }

    /// Appends text, inserting the current indentation at the start of
    /// every line that has content. Empty lines stay empty so indented
    /// partials never leave trailing whitespace.
    @inline(__always)
    private mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        if indent.isEmpty {
            output.append(bytes)
            return
        }
        writeIndented(bytes)
    }

    /// `write(_:)` under an indented partial, a call of its own so that the
    /// usual case stays small where it is inlined.
    private mutating func writeIndented(_ bytes: UnsafeBufferPointer<UInt8>) {
        var segmentStart = 0
        while let index = Self.lineFeed(in: bytes, from: segmentStart) {
            if segmentStart != index { writeIndent(UnsafeBufferPointer(rebasing: bytes[segmentStart..<index])) }
            // The line's content and its line feed in one copy.
            output.append(UnsafeBufferPointer(rebasing: bytes[segmentStart...index]))
            atLineStart = true
            segmentStart = index + 1
        }
        if segmentStart != bytes.count {
            let rest = UnsafeBufferPointer(rebasing: bytes[segmentStart...])
            writeIndent(rest)
            output.append(rest)
            atLineStart = false
        }
    }

    /// Writes literal text that has no line feed, or only one as its last
    /// byte (`endsLine`), as `write(_:)` would, without searching it: the
    /// program split its text that way when it was built.
    private mutating func writeLinePiece(_ bytes: UnsafeBufferPointer<UInt8>, endsLine: Bool) {
        if indent.isEmpty {
            output.append(bytes)
            return
        }
        let content = endsLine ? bytes.count - 1 : bytes.count
        if content > 0 { writeIndent(UnsafeBufferPointer(rebasing: bytes[..<content])) }
        output.append(bytes)
        // Unchanged by an empty piece, as `write(_:)` leaves it.
        if endsLine || content > 0 { atLineStart = endsLine }
    }

    /// The index of the first line feed in `bytes` at or after `start`.
    private static func lineFeed(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let count = bytes.count - start
        guard count > 0, let base = bytes.baseAddress else { return nil }
        // Most pieces are a few bytes, which a loop searches sooner than a call.
        if count <= 16 {
            for index in start..<bytes.count where bytes[index] == UInt8(ascii: "\n") { return index }
            return nil
        }
        // `memchr` reads only the `count` bytes from `base + start`, all
        // inside `bytes`, so the pointer it returns is inside `bytes` too.
        guard let found = memchr(base + start, Int32(UInt8(ascii: "\n")), count) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Appends the indentation if `text`, a non-empty piece of one line
    /// about to be written, begins that line and is content.
    private mutating func writeIndent(_ text: UnsafeBufferPointer<UInt8>) {
        // The `\r` of a CRLF line ending is not content.
        if atLineStart, !(text.count == 1 && text[0] == UInt8(ascii: "\r")) {
            indent.withUnsafeBufferPointer { output.append($0) }
        }
    }
}
