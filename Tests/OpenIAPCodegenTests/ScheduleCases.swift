@testable import OpenIAPCodegen

/// Spec pairs for removals measured against the old spec's `removeIn`
/// (both sides are release 1.0.0, see `CompatibilityCase.header`).
extension CompatibilityCase {
    static let schedules: [CompatibilityCase] = [
        .init(
            "deprecated field removed before its removeIn",
            old: """
                records:
                  Receipt:
                    fields:
                      id: String
                      token:
                        type: String?
                        deprecated: {removeIn: 2.0.0, replacement: Receipt.id}
                """,
            new: """
                records:
                  Receipt:
                    fields:
                      id: String
                """, [.removedBeforeSchedule, .fieldRemoved]),
        .init(
            "deprecated input field removed on schedule",
            old: """
                inputs:
                  Request:
                    fields:
                      sku: String
                      productId:
                        type: String?
                        deprecated: {since: 0.9.0, removeIn: 1.0.0, replacement: Request.sku}
                """,
            new: """
                inputs:
                  Request:
                    fields:
                      sku: String
                """, [.removedOnSchedule, .fieldRemoved, .inputFieldRemoved]),
        .init(
            "deprecated type removed on schedule, deprecated value before it",
            old: """
                enums:
                  Store:
                    values:
                      apple: App Store.
                      ios:
                        doc: The old spelling.
                        deprecated: {removeIn: 1.1.0, replacement: Store.apple}
                records:
                  Old:
                    deprecated: {since: 0.5.0, removeIn: 0.9.0}
                    fields:
                      id: String
                """,
            new: """
                enums:
                  Store:
                    values:
                      apple: App Store.
                """, [.removedOnSchedule, .typeRemoved, .removedBeforeSchedule, .enumValueRemoved, .openEnumValueRemoved]),
        .init(
            "deprecated field renamed, not removed",
            old: """
                records:
                  Receipt:
                    fields:
                      token:
                        type: String
                        doc: The token.
                        deprecated: {removeIn: 2.0.0}
                """,
            new: """
                records:
                  Receipt:
                    fields:
                      purchaseToken:
                        type: String
                        doc: The token.
                        renamedFrom: token
                """, [.fieldRenamedOldNameKept, .fieldWireNameChanged]),
    ]
}
