/// Which sections over a flag or a string need a frame of their own.
///
/// The renderer pushes a frame for a section's value while its body runs.
/// For a flag or a string that frame has no members and is not a list
/// element, so the only tag that can see it is `{{.}}` (which reads the
/// top frame). A body with no such tag, directly or through its partials,
/// renders the same without the frame, and the renderer skips pushing it.
/// Worked out for a set of linked templates, since a partial tag's template
/// depends on the set (overrides replace templates by name).
struct TemplateFrames {
    /// Per name of every unit, laid out as the renderer's lookup hints
    /// (name `i` of unit `u` at `firstName[u] + i`): for the name of a
    /// section, whether its body reads `.` from the frame the section would
    /// push; `true` for the rest. Every tag has a name of its own.
    let needed: [Bool]

    init(programs: [TemplateProgram], firstPartial: [Int], targets: [Int], nameCount: Int) {
        // Whether running a whole template reads `.` from the frame it runs
        // in, for partials: found by repeating the scan until nothing changes,
        // since templates can include one another in a cycle. A template
        // only turns from `false` to `true`, so this ends.
        var readsCurrent = Array(repeating: false, count: programs.count)
        var changed = true
        while changed {
            changed = false
            for unit in programs.indices where !readsCurrent[unit] {
                let scan = Scan(program: programs[unit], firstPartial: firstPartial[unit], targets: targets, readsCurrent: readsCurrent)
                if scan.readsCurrent(0..<programs[unit].instructions.count) {
                    readsCurrent[unit] = true
                    changed = true
                }
            }
        }
        var needed = Array(repeating: true, count: nameCount)
        var firstName = 0
        for unit in programs.indices {
            let program = programs[unit]
            let scan = Scan(program: program, firstPartial: firstPartial[unit], targets: targets, readsCurrent: readsCurrent)
            for (position, instruction) in program.instructions.enumerated() {
                switch instruction.operation {
                case .section, .invertedSection, .sectionThenInverted, .invertedThenSection:
                    needed[firstName + instruction.operand] = scan.readsCurrent(position + 1..<instruction.end)
                case .text, .line, .variable, .partial:
                    break
                }
            }
            firstName += program.names.count
        }
        self.needed = needed
    }

    private struct Scan {
        let program: TemplateProgram
        let firstPartial: Int
        let targets: [Int]
        let readsCurrent: [Bool]

        /// Whether the instructions in `range`, run in a frame, read `.`
        /// from it: a `.` tag, or a partial whose template does (an unknown
        /// one counts too; it stops the render anyway). The body of an
        /// inverted section runs in the same frame, so it is searched; the
        /// body of any other section runs in a frame of its own, or, when it
        /// skips that, reads no `.` (as worked out for it), so only its
        /// tag's name counts.
        func readsCurrent(_ range: Range<Int>) -> Bool {
            var position = range.lowerBound
            while position < range.upperBound {
                let instruction = program.instructions[position]
                switch instruction.operation {
                case .text, .line:
                    position += 1
                case .partial:
                    let target = targets[firstPartial + instruction.operand]
                    if target < 0 || readsCurrent[target] { return true }
                    position += 1
                case .variable, .invertedSection, .invertedThenSection:
                    if program.names[instruction.operand] == .current { return true }
                    position += 1
                case .section, .sectionThenInverted:
                    if program.names[instruction.operand] == .current { return true }
                    position = instruction.end
                }
            }
            return false
        }
    }
}
