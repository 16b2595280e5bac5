/// The memberwise initializers a record had before fields were renamed
/// (`renamedFrom:`), kept compiling until the old names go: each takes the
/// old labels, is deprecated and forwards to the initializer of today.
///
/// A record gets one for each order of the initializers it had: the
/// alphabetical order of the old property names and the spec's order (the
/// second `@_disfavoredOverload`, as today's second initializer is, and
/// left out when both orders are one). Where today's initializers have the
/// same parameters in the same order under the new labels, the attribute is
/// `renamed: "init(…)"`, which Xcode applies as a fix-it; otherwise its
/// message names the new labels.
///
/// Records with a choice (`exactlyOne` with `choice:`) or a discriminator
/// that defaults to the record's own tag get none: their initializers take
/// other parameters than their fields, and code calling them with a
/// renamed label breaks (Docs/Releases.md says so).

import OpenIAPSpec
import OpenIAPTemplates

extension SwiftViewModel {
    /// One parameter of an old-label initializer.
    private struct OldLabelParameter {
        var oldLabel: String
        var newLabel: String
        var declaration: String
        /// The value passed on to today's initializer.
        var argument: String
    }

    func renamedLabelInitializers(of record: RecordType) -> [TemplateValue] {
        guard record.fields.contains(where: { $0.annotations.renamedFrom != nil }),
            !record.exactlyOne.contains(where: { $0.choice != nil }),
            (impliedTags[record.name] ?? [:]).isEmpty
        else { return [] }
        let parameters = record.fields.map { field in
            let newLabel = SwiftNames.name(field.name, in: .property)
            let oldLabel = field.annotations.renamedFrom.map { SwiftNames.name($0, in: .property) } ?? newLabel
            let internalName = SwiftNames.parameterInternalName(oldLabel)
            let escaped = SwiftNames.escaped(oldLabel)
            let initDefault: String
            if let value = field.defaultValue {
                initDefault = " = " + SwiftTypeMapping.literal(value, type: field.type, spec: spec)
            } else {
                initDefault = field.isRequired ? "" : " = nil"
            }
            return OldLabelParameter(
                oldLabel: oldLabel, newLabel: newLabel,
                declaration: (internalName.map { "\(escaped) \($0)" } ?? escaped) + ": " + SwiftTypeMapping.swiftType(of: field) + initDefault,
                argument: internalName ?? escaped)
        }
        // A rename that keeps the Swift name keeps the initializers too.
        guard parameters.contains(where: { $0.oldLabel != $0.newLabel }) else { return [] }
        // Today's initializers: alphabetical by the new names, then in spec order.
        let today = Self.alphabeticalOrder(parameters.map(\.newLabel))
        let todayOrders = [today.map { parameters[$0].newLabel }, parameters.map(\.newLabel)]
        let alphabetical = Self.alphabeticalOrder(parameters.map(\.oldLabel)).map { parameters[$0] }
        var orders = [alphabetical]
        if alphabetical.map(\.oldLabel) != parameters.map(\.oldLabel) { orders.append(parameters) }
        return orders.enumerated().map { index, order in
            let oldSignature = "init(" + order.map { SwiftNames.callLabel($0.oldLabel) + ":" }.joined() + ")"
            let newLabels = order.map(\.newLabel)
            let newSignature = "init(" + newLabels.map { SwiftNames.callLabel($0) + ":" }.joined() + ")"
            let replaceable = todayOrders.contains(newLabels)
            return Self.oldNameMember(initializer: [
                "oldSignature": .string(oldSignature),
                "renamed": replaceable ? .string(SwiftEscaping.stringLiteral(newSignature)) : .bool(false),
                "message": replaceable ? .bool(false) : .string(SwiftEscaping.stringLiteral("Fields were renamed: use \(newSignature).")),
                "disfavored": .bool(index > 0),
                "parameters": .list(order.map { .string($0.declaration) }),
                "arguments": .list(today.map { .string(SwiftNames.callLabel(parameters[$0].newLabel) + ": " + parameters[$0].argument) }),
            ])
        }
    }
}
