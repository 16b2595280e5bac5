import OpenIAPSpec
import OpenIAPCodegen

/// One rule triggered by one change between two specs.
public struct CompatibilityFinding: Hashable, Sendable {
    /// Which spec the location points into: removals point at the OLD spec,
    /// everything else at the NEW one.
    public enum Side: String, Sendable {
        case old
        case new
    }

    public var rule: CompatibilityRule
    public var message: String
    public var location: SourceLocation?
    public var side: Side

    public init(rule: CompatibilityRule, message: String, location: SourceLocation?, side: Side) {
        self.rule = rule
        self.message = message
        self.location = location
        self.side = side
    }

    public var id: CompatibilityRule.ID { rule.id }
    public var axis: CompatibilityAxis { rule.axis }
    public var severity: CompatibilitySeverity { rule.severity }
}
