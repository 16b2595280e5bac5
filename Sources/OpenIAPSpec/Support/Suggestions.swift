/// "Did you mean" support: the closest candidate by edit distance, when it is
/// close enough to be a plausible typo.
enum Suggestions {
    static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        // Every name in a spec is short; a long word is no typo of one, and
        // the edit distance of a huge one would cost time for nothing.
        guard word.utf8.count <= 256 else { return nil }
        let target = Array(word.lowercased().unicodeScalars)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            // The distance is at least the difference in length.
            guard abs(candidate.unicodeScalars.count - target.count) <= 3 else { continue }
            let distance = editDistance(target, Array(candidate.lowercased().unicodeScalars))
            if distance < (best?.distance ?? .max) || (distance == best?.distance && candidate < best!.name) {
                best = (candidate, distance)
            }
        }
        guard let best else { return nil }
        // A suggestion must keep part of what was typed: one edit per three
        // characters, at least one, at most three, and never a full rewrite.
        let allowed = max(1, min(3, target.count / 3))
        return best.distance <= allowed && best.distance < target.count ? best.name : nil
    }

    /// `; did you mean 'X'?` or an empty string.
    static func didYouMean(_ word: String, in candidates: some Sequence<String>) -> String {
        closest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Edit distance where swapping two neighbouring characters (`tpye`)
    /// counts as one edit, like deleting, inserting or replacing one.
    private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
