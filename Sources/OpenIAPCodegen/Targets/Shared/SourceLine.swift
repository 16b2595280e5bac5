extension String {
    /// The text of an interpolated literal of generated source,
    /// `String(source: "case \(name)")`: an ordinary string interpolation.
    ///
    /// Only the Swift and Kotlin view models still write it this way; the
    /// source lines they build are moving into templates (issue #24), and
    /// this goes with them. It once composed the text in a stack buffer;
    /// plain interpolation renders the 10,000-type spec as fast within the
    /// noise of this machine (Docs/Performance.md).
    init(source: String) {
        self = source
    }
}
