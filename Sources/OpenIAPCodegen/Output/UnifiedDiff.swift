import OpenIAPSpec

/// A short, line-based unified diff showing where two texts first differ.
///
/// It is meant as a preview, not a patch of the whole file: it prints a single
/// hunk around the first differing region, merging changes that are no more
/// than `2 * context` lines apart the way `diff -u` does, and cuts the text off
/// with a `...` line once it reaches `maxLines`.
///
/// Hunk headers always spell out both counts (`@@ -3,2 +3,4 @@`, also when a
/// count is 1). An empty range is numbered after the line it follows, so an
/// insertion at the top of a file reads `@@ -0,0 +1,2 @@`.
enum UnifiedDiff {
    /// Above this many cells the LCS table is not built for the whole middle
    /// region; only the first `windowLines` lines of each side are compared.
    static let maxTableCells = 250_000
    static let windowLines = 400

    /// The diff of `old` against `new` for `path`, or `nil` when the texts are equal.
    static func make(path: String, old: String, new: String, context: Int = 3, maxLines: Int = 20) -> String? {
        let a = lines(of: old)
        let b = lines(of: new)

        // The common prefix is printed only as leading context.
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        if prefix == a.count, prefix == b.count { return nil }

        // The common suffix is never part of the LCS; it only supplies trailing context.
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix,
              a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }

        var middleA = prefix..<(a.count - suffix)
        var middleB = prefix..<(b.count - suffix)
        var windowed = false
        if middleA.count * middleB.count > maxTableCells {
            middleA = prefix..<min(middleA.upperBound, prefix + windowLines)
            middleB = prefix..<min(middleB.upperBound, prefix + windowLines)
            windowed = true
        }

        // Every operation of the region that can appear in the hunk, in order:
        // leading context, the compared middle, then (unless cut) the suffix.
        let start = max(0, prefix - context)
        var ops: [Op] = (start..<prefix).map { .equal(a[$0]) }
        ops += diffOps(a[middleA], b[middleB])
        if !windowed {
            ops += (a.count - suffix..<a.count).map { .equal(a[$0]) }
        }

        // The hunk runs from the first op to `context` lines after the last change
        // that is followed by no more than `2 * context` unchanged lines.
        var end = 0
        var lastChange = -1
        var equalRun = 0
        for (index, op) in ops.enumerated() {
            if case .equal = op {
                equalRun += 1
                if lastChange >= 0, equalRun > 2 * context { break }
            } else {
                equalRun = 0
                lastChange = index
            }
            end = index + 1
        }
        let hunk = ops[..<min(end, lastChange + 1 + context)]

        var oldCount = 0
        var newCount = 0
        var body: [String] = []
        for op in hunk {
            switch op {
            case let .equal(line):
                oldCount += 1
                newCount += 1
                body.append(" " + line.text)
                if !line.terminated { body.append(noNewline) }
            case let .delete(line):
                oldCount += 1
                body.append("-" + line.text)
                if !line.terminated { body.append(noNewline) }
            case let .insert(line):
                newCount += 1
                body.append("+" + line.text)
                if !line.terminated { body.append(noNewline) }
            }
        }

        var out = [
            "--- a/\(path)",
            "+++ b/\(path)",
            "@@ -\(rangeStart(start, oldCount)),\(oldCount) +\(rangeStart(start, newCount)),\(newCount) @@",
        ]
        // A hunk that runs into the end of a cut window is incomplete as well.
        let room = max(1, maxLines - out.count - 1)
        let reachesWindowEnd = windowed && hunk.endIndex == ops.endIndex
        out += body.prefix(room)
        if body.count > room || reachesWindowEnd { out.append("...") }
        return out.joined(separator: "\n") + "\n"
    }

    /// The marker `diff` prints after a line that has no final newline.
    static let noNewline = "\\ No newline at end of file"

    /// A line's text without its `\n`, and whether the `\n` was there. Two
    /// lines that differ only in the final newline are different lines.
    struct Line: Hashable {
        var text: String
        var terminated: Bool
    }

    enum Op {
        case equal(Line)
        case delete(Line)
        case insert(Line)
    }

    /// Splits on `\n` bytes only, so `\r\n` endings keep their `\r` in the text.
    static func lines(of text: String) -> [Line] {
        if text.isEmpty { return [] }
        let parts = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        var result = parts.map { Line(text: String(decoding: $0, as: UTF8.self), terminated: true) }
        // A trailing `\n` leaves one empty part behind; without it the last line is open.
        if result.last?.text.isEmpty == true {
            result.removeLast()
        } else {
            result[result.count - 1].terminated = false
        }
        return result
    }

    /// 1-based first line of a range, or the line before it when the range is empty.
    private static func rangeStart(_ zeroBasedStart: Int, _ count: Int) -> Int {
        count == 0 ? zeroBasedStart : zeroBasedStart + 1
    }

    /// An edit script from a longest common subsequence table. Deletions are
    /// listed before insertions at the same place, as `diff` prints them.
    static func diffOps(_ a: ArraySlice<Line>, _ b: ArraySlice<Line>) -> [Op] {
        let a = Array(a), b = Array(b)
        let m = a.count, n = b.count
        let width = n + 1
        // table[i * width + j] is the LCS length of a[i...] and b[j...].
        var table = [Int32](repeating: 0, count: (m + 1) * (n + 1))
        if m > 0, n > 0 {
            for i in stride(from: m - 1, through: 0, by: -1) {
                for j in stride(from: n - 1, through: 0, by: -1) {
                    table[i * width + j] = a[i] == b[j]
                        ? table[(i + 1) * width + j + 1] + 1
                        : max(table[(i + 1) * width + j], table[i * width + j + 1])
                }
            }
        }
        var ops: [Op] = []
        ops.reserveCapacity(m + n)
        var i = 0, j = 0
        while i < m || j < n {
            if i < m, j < n, a[i] == b[j] {
                ops.append(.equal(a[i])); i += 1; j += 1
            } else if i < m, j == n || table[(i + 1) * width + j] >= table[i * width + j + 1] {
                ops.append(.delete(a[i])); i += 1
            } else {
                ops.append(.insert(b[j])); j += 1
            }
        }
        return ops
    }
}
