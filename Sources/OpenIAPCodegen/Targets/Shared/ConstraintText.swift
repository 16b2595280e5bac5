import OpenIAPSpec

/// Wording about constraints that more than one target writes into its
/// docs, in one place so that the targets say the same thing.
enum ConstraintText {
    /// "From 3 to 256 characters", "At least 3 characters", "At most 256
    /// characters", "Exactly 4 characters", or nil without limits.
    static func length(minimum: Int?, maximum: Int?) -> String? {
        switch (minimum, maximum) {
        case let (minimum?, maximum?): minimum == maximum ? "Exactly \(minimum) characters" : "From \(minimum) to \(maximum) characters"
        case let (minimum?, nil): "At least \(minimum) characters"
        case let (nil, maximum?): "At most \(maximum) characters"
        case (nil, nil): nil
        }
    }
}
