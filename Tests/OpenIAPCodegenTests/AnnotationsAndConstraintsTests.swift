import Testing

@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// `Annotations` and `Constraints` are plain values: what is set reads back,
/// copies are independent, and equality is by value.
@Suite struct AnnotationsAndConstraintsTests {
    @Test func annotationsReadBackWhatWasSetAndCompareByValue() {
        var annotations = Annotations(doc: "A purchase.")
        annotations.since = "3.1.0"
        annotations.deprecated = "use Purchase2"
        #expect(annotations.since == "3.1.0")
        #expect(annotations.deprecated == "use Purchase2")
        #expect(annotations.upstream == nil)
        #expect(annotations == Annotations(doc: "A purchase.", deprecated: "use Purchase2", since: "3.1.0"))
        #expect(annotations != Annotations(doc: "A purchase.", since: "3.1.0"))

        // Unset again, it equals (and hashes like) annotations that never had them.
        annotations.since = nil
        annotations.deprecated = nil
        #expect(annotations == Annotations(doc: "A purchase."))
        #expect(Set([annotations, Annotations(doc: "A purchase.")]).count == 1)
    }

    @Test func copiesDoNotShareChanges() {
        let original = Annotations(since: "3.0.0")
        var copy = original
        copy.since = "3.2.0"
        #expect(original.since == "3.0.0")
        #expect(copy.since == "3.2.0")
    }

    @Test func constraintsAreEmptyOnlyWithoutLimits() {
        var constraints = Constraints()
        #expect(constraints.isEmpty)
        constraints.maxBytes = 128
        constraints.minimum = 0
        #expect(!constraints.isEmpty)
        #expect(constraints == Constraints(maxBytes: 128, minimum: 0))
        constraints.maxBytes = nil
        constraints.minimum = nil
        #expect(constraints.isEmpty)
        #expect(constraints == Constraints())
        // A NaN bound is unequal to itself, as a Double is.
        #expect(Constraints(maximum: .nan) != Constraints(maximum: .nan))
    }
}
