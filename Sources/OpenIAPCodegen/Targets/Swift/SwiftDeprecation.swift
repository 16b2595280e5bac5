/// The Swift side of deprecations: `@available(*, deprecated, ...)` with a
/// fix-it, and the old names a `renamedFrom:` keeps compiling.
///
/// A replacement the compiler can substitute in place (another property of
/// the same type, another type) becomes `renamed:`, which Xcode offers as a
/// fix-it and swiftc prints as "use 'X' instead"; any other replacement is
/// named in the message.

import OpenIAPSpec
import OpenIAPTemplates

extension SwiftViewModel {
    /// The `deprecation` member (`deprecationContext`) of an element whose
    /// annotations these are, declared in `owner` (nil for a type or an
    /// operation); false when not deprecated.
    func deprecationContext(_ annotations: Annotations, owner: String? = nil) -> TemplateValue {
        guard let message = annotations.deprecated else { return .bool(false) }
        guard let replacement = spec.replacement(of: annotations) else { return deprecationContext(message) }
        let renamed: String?
        var use: String
        switch replacement.kind {
        case .type:
            renamed = replacement.name
            use = replacement.name
        case .field where replacement.owner == owner:
            renamed = SwiftNames.name(replacement.name, in: .property)
            use = renamed!
        case .field:
            renamed = nil
            use = "\(replacement.owner!).\(SwiftNames.name(replacement.name, in: .property))"
        case .value where replacement.owner == owner:
            renamed = Self.caseName(replacement, in: spec)
            use = renamed!
        case .value:
            renamed = nil
            use = "\(replacement.owner!).\(Self.caseName(replacement, in: spec))"
        case .operation, .argument:
            renamed = nil
            use = replacement.id
        }
        use = "Use `\(use)`."
        if let renamed {
            // swiftc prints the message when there is one and the rename as
            // a note; without a reason it says "renamed to 'X'".
            return deprecationContext(message, renamed: renamed)
        }
        return deprecationContext(message.isEmpty ? use : "\(message) \(use)")
    }

    /// The Swift case of an enum value or the constant of a known string value.
    static func caseName(_ value: SpecElement, in spec: Spec) -> String {
        switch spec[value.owner ?? ""] {
        case let .enumeration(e)?: SwiftNames.name(value.name, in: e.isClosed ? .closedEnumCase : .openEnumCase)
        default: SwiftNames.name(value.name, in: .opaqueConstant)
        }
    }

    /// What keeps the old names of `renamedFrom:` compiling until they go:
    /// a deprecated typealias for a renamed type, a deprecated forwarding
    /// property (in an extension) for each renamed field of a record and
    /// initializers with the old labels (`SwiftRenamedInitializers.swift`),
    /// and for an enum what `enumDeclarations` says.
    /// Each entry is one declaration, written after the type.
    func oldNameDeclarations(of type: NamedType) -> [TemplateValue] {
        var result: [TemplateValue] = []
        if let old = type.annotations.renamedFrom, canKeepOldTypeName(type) {
            result.append(Self.oldNameEntry(typeAlias: [
                "name": .string(type.name), "nameLiteral": .string(SwiftEscaping.stringLiteral(type.name)),
                "oldName": .string(old),
            ]))
        }
        if case let .enumeration(enumeration) = type {
            return result + enumDeclarations(of: enumeration)
        }
        guard case let .record(record) = type, !record.isOneOf, type.name != "VoidResult" else { return result }
        var members: [TemplateValue] = []
        // Only a renamed field is copied out of the record.
        for index in record.fields.indices where record.fields[index].annotations.renamedFrom != nil {
            let field = record.fields[index]
            guard let old = field.annotations.renamedFrom else { continue }
            let newProperty = SwiftNames.name(field.name, in: .property)
            members.append(Self.oldNameMember(property: [
                "newName": .string(newProperty), "newLiteral": .string(SwiftEscaping.stringLiteral(newProperty)),
                "newEscaped": .string(SwiftNames.escaped(newProperty)),
                "oldName": .string(SwiftNames.escaped(SwiftNames.name(old, in: .property))),
                "type": .string(SwiftTypeMapping.swiftType(of: field)),
            ]))
        }
        members += renamedLabelInitializers(of: record)
        if !members.isEmpty {
            result.append(Self.oldNameEntry(extension: ["typeName": .string(type.name), "members": .list(members)]))
        }
        return result
    }

    /// An entry of `oldNames`, for `oldName.tmpl`: one of its three kinds
    /// set, the others false, so that no name is looked up outside it.
    private static func oldNameEntry(
        typeAlias: TemplateObject? = nil, casesListing: TemplateObject? = nil, extension: TemplateObject? = nil
    ) -> TemplateValue {
        .object([
            "typeAlias": typeAlias.map(TemplateValue.object) ?? .bool(false),
            "casesListing": casesListing.map(TemplateValue.object) ?? .bool(false),
            "extension": `extension`.map(TemplateValue.object) ?? .bool(false),
        ])
    }

    /// A member of an `oldNames` extension: one of its three kinds set.
    static func oldNameMember(
        property: TemplateObject? = nil, enumCase: TemplateObject? = nil, initializer: TemplateObject? = nil
    ) -> TemplateValue {
        .object([
            "property": property.map(TemplateValue.object) ?? .bool(false),
            "enumCase": enumCase.map(TemplateValue.object) ?? .bool(false),
            "initializer": initializer.map(TemplateValue.object) ?? .bool(false),
        ])
    }

    /// Whether the old name of a renamed type may become a typealias: any
    /// type but one whose Swift name is not its spec name.
    private func canKeepOldTypeName(_ type: NamedType) -> Bool {
        type.name != "VoidResult"
    }

    /// What an enum adds for its deprecated and renamed values:
    ///
    /// - The list of its cases where naming a deprecated case does not warn:
    ///   a deprecated declaration, read through a private protocol whose
    ///   requirement is not deprecated (the enum's `knownCases`, or a
    ///   closed enum's `allCases`, which the compiler no longer synthesizes
    ///   once a case is deprecated, read it).
    /// - For each value `renamedFrom:` an old name, a deprecated static
    ///   member of that name, which code written against the old case
    ///   keeps compiling with (also in `case .old:` patterns, which match
    ///   it by equality).
    private func enumDeclarations(of type: EnumType) -> [TemplateValue] {
        var result: [TemplateValue] = []
        // Most enums have neither: their case names are not worked out.
        guard type.values.contains(where: { $0.annotations.deprecated != nil || $0.annotations.renamedFrom != nil }) else {
            return result
        }
        let place: SwiftNames.Place = type.isClosed ? .closedEnumCase : .openEnumCase
        let names = type.values.map { SwiftNames.escaped(SwiftNames.name($0.wire, in: place)) }
        if type.values.contains(where: { $0.annotations.deprecated != nil }) {
            result.append(Self.oldNameEntry(casesListing: [
                "enumName": .string(type.name), "protocolName": .string(Self.casesListingProtocol(type.name)),
                "cases": .list(names.map { .string($0) }),
            ]))
        }
        var members: [TemplateValue] = []
        for (index, value) in type.values.enumerated() {
            guard let old = value.annotations.renamedFrom else { continue }
            let oldName = SwiftNames.escaped(SwiftNames.name(old, in: place))
            guard !names.contains(oldName) else { continue }
            let newName = SwiftNames.name(value.wire, in: place)
            members.append(Self.oldNameMember(enumCase: [
                "newName": .string(newName), "newLiteral": .string(SwiftEscaping.stringLiteral(newName)),
                "oldName": .string(oldName), "type": .string(type.name), "caseName": .string(names[index]),
            ]))
        }
        if !members.isEmpty {
            result.append(Self.oldNameEntry(extension: ["typeName": .string(type.name), "members": .list(members)]))
        }
        return result
    }

    /// The private protocol through which an enum's cases are listed
    /// (`enum.tmpl` and `closedEnum.tmpl` spell it as well).
    static func casesListingProtocol(_ enumName: String) -> String {
        "_\(enumName)CasesListing"
    }
}
