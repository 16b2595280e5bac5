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
            result.append(.string("""
                /// The name `\(type.name)` had before; kept so that code written against it still compiles.
                @available(*, deprecated, renamed: \(SwiftEscaping.stringLiteral(type.name)))
                public typealias \(old) = \(type.name)
                """))
        }
        if case let .enumeration(enumeration) = type {
            return result + enumDeclarations(of: enumeration)
        }
        guard case let .record(record) = type, !record.isOneOf, type.name != "VoidResult" else { return result }
        var members: [String] = []
        // Only a renamed field is copied out of the record.
        for index in record.fields.indices where record.fields[index].annotations.renamedFrom != nil {
            let field = record.fields[index]
            guard let old = field.annotations.renamedFrom else { continue }
            let oldProperty = SwiftNames.escaped(SwiftNames.name(old, in: .property))
            let newProperty = SwiftNames.name(field.name, in: .property)
            members.append("""
                    /// The name `\(newProperty)` had before; kept so that code written against it still compiles.
                    @available(*, deprecated, renamed: \(SwiftEscaping.stringLiteral(newProperty)))
                    public var \(oldProperty): \(SwiftTypeMapping.swiftType(of: field)) {
                        get { \(SwiftNames.escaped(newProperty)) }
                        set { \(SwiftNames.escaped(newProperty)) = newValue }
                    }
                """)
        }
        members += renamedLabelInitializers(of: record)
        if !members.isEmpty {
            result.append(.string("extension \(type.name) {\n" + members.joined(separator: "\n\n") + "\n}"))
        }
        return result
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
            let protocolName = Self.casesListingProtocol(type.name)
            var lines = [
                "/// Lists the cases of `\(type.name)`, deprecated ones too, without a warning.",
                "private protocol \(protocolName) {",
                "    static var _casesListing: [\(type.name)] { get }",
                "}", "",
                "extension \(type.name): \(protocolName) {",
                "    @available(*, deprecated, message: \"Names deprecated cases; read them through the protocol.\")",
                "    fileprivate static var _casesListing: [\(type.name)] {",
                "        [",
            ]
            lines += names.map { "            .\($0)," }
            lines += ["        ]", "    }", "}"]
            result.append(.string(lines.joined(separator: "\n")))
        }
        var members: [String] = []
        for (index, value) in type.values.enumerated() {
            guard let old = value.annotations.renamedFrom else { continue }
            let oldName = SwiftNames.escaped(SwiftNames.name(old, in: place))
            guard !names.contains(oldName) else { continue }
            let newName = SwiftNames.name(value.wire, in: place)
            members.append("""
                    /// The name of `\(newName)` before it was renamed; kept so that code written against it still compiles.
                    @available(*, deprecated, renamed: \(SwiftEscaping.stringLiteral(newName)))
                    public static var \(oldName): \(type.name) { .\(names[index]) }
                """)
        }
        if !members.isEmpty {
            result.append(.string("extension \(type.name) {\n" + members.joined(separator: "\n\n") + "\n}"))
        }
        return result
    }

    /// The private protocol through which an enum's cases are listed
    /// (`enum.tmpl` and `closedEnum.tmpl` spell it as well).
    static func casesListingProtocol(_ enumName: String) -> String {
        "_\(enumName)CasesListing"
    }
}
