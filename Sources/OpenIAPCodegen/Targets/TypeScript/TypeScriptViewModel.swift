import OpenIAPSpec
import OpenIAPTemplates

// The view model in four files: this one (the frame and which declaration
// each type gets), TypeScriptRecordDeclarations.swift,
// TypeScriptAliasDeclarations.swift and TypeScriptDeclarationDocs.swift.
// The target is TypeScriptTarget.swift, the JSDoc builder
// TypeScriptDocComment.swift.

/// Turns the spec into template values. Every name, type, literal and doc
/// line is final text here; templates add only punctuation and layout.
struct TypeScriptViewModel {
    let spec: Spec
    let shapes: TypeScriptShapes
    /// Which shape of the types this model renders.
    let view: View

    enum View {
        /// The types as apps and SDKs use them, under their names.
        case api
        /// The JSON, as bridges read and write it: a type's twin where it
        /// has one, under the twin's name (`TypeScriptShapes`).
        case wire
    }

    init(spec: Spec, shapes: TypeScriptShapes? = nil, view: View = .api) {
        self.spec = spec
        self.shapes = shapes ?? TypeScriptShapes(spec: spec)
        self.view = view
    }

    /// The name this view gives a spec type.
    func name(_ specName: String) -> String {
        view == .api ? shapes.apiName(specName) : shapes.wireName(specName)
    }

    /// A spec type expression as this view writes it.
    func typeText(_ ref: TypeRef) -> String {
        view == .api ? shapes.apiType(ref) : shapes.wireType(ref)
    }

    /// The `file` template's context without its `declarations`, which the
    /// target streams: `declaration(_:)` of each type in turn.
    func frame(header: GeneratedHeader) -> TemplateObject {
        var object = TemplateObject(capacity: 13)
        // One comment line: a stray line break must not end the comment.
        object.append(Key.header, .string(header.text.split(whereSeparator: \.isNewline).joined(separator: " ")))
        // A file without exports would not be a module.
        object.append(Key.isEmpty, .bool(spec.types.isEmpty && spec.operations.isEmpty))
        return object
    }

    /// The member names of the objects built here, made once rather than
    /// per object.
    enum Key {
        static let header = TemplateKey("header")
        static let isEmpty = TemplateKey("isEmpty")
        static let name = TemplateKey("name")
        static let isInterface = TemplateKey("isInterface")
        static let isIntersection = TemplateKey("isIntersection")
        static let isAlias = TemplateKey("isAlias")
        static let extendsClause = TemplateKey("extendsClause")
        static let fields = TemplateKey("fields")
        static let parts = TemplateKey("parts")
        static let hasOwnFields = TemplateKey("hasOwnFields")
        static let groups = TemplateKey("groups")
        static let variants = TemplateKey("variants")
        static let single = TemplateKey("single")
        static let members = TemplateKey("members")
        static let constant = TemplateKey("constant")
        static let key = TemplateKey("key")
        static let optionalMark = TemplateKey("optionalMark")
        static let type = TemplateKey("type")
        static let nullSuffix = TemplateKey("nullSuffix")
        static let value = TemplateKey("value")
    }

    /// The names of a property's object and of a declaration's, in the
    /// order they are added: every object of a kind shares its list (see
    /// `TemplateObject.init(keys:)`).
    static let fieldKeys = DocComment.templateKeys + [Key.key, Key.optionalMark, Key.type, Key.nullSuffix]
    static let declarationKeys =
        DocComment.templateKeys + [
            Key.name, Key.isInterface, Key.isIntersection, Key.isAlias, Key.extendsClause, Key.fields, Key.parts,
            Key.hasOwnFields, Key.groups, Key.single, Key.members, Key.constant,
        ]

    /// A spec type's declaration in this view's shape. The wire view is
    /// asked only for the types that have a twin.
    func declaration(_ type: NamedType) -> TemplateValue {
        switch type {
        case let .record(record):
            if view == .api {
                if shapes.voidResultIsNothing, record.name == TypeScriptShapes.voidResultName { return nothingAlias(record) }
                if record.isOneOf { return oneOfAlias(record) }
                if record.exactlyOne.contains(where: { $0.choice != nil }) { return choiceDeclaration(record) }
                return recordInterface(record)
            }
            return record.exactlyOne.isEmpty && record.atLeastOne.isEmpty ? recordInterface(record) : groupIntersection(record)
        case let .fieldSet(set):
            return fieldSetInterface(set)
        case let .enumeration(enumeration):
            return enumAlias(enumeration)
        case let .opaqueString(opaque):
            return opaqueAlias(opaque)
        case let .union(union):
            return unionAlias(union)
        case let .alias(alias):
            // `export type PurchaseInput = Purchase;`: the very type.
            return self.alias(
                name(alias.name), doc: typeDoc(alias.annotations, of: alias.name), members: [.string(name(alias.target))])
        }
    }

    /// The arguments record of an operation, under its own name: only
    /// bridges use it, so it holds the JSON of its arguments.
    func argumentsDeclaration(_ record: RecordType) -> TemplateValue {
        recordInterface(record, declaredAs: record.name)
    }

    /// `export type PromotionalOfferJWSInputIOS = PromotionalOfferJwsInputIOS;`:
    /// the spec's spelling of a type that upstream's TypeScript spells
    /// otherwise, kept for code written against an earlier output.
    func spellingAlias(_ type: NamedType) -> TemplateValue {
        let apiName = shapes.apiName(type.name)
        var doc = DocComment("The spec's spelling of {@link \(apiName)}.")
        doc.addTag("@deprecated", "Use \(apiName), as upstream's TypeScript names it.")
        return alias(type.name, doc: doc, members: [.string(apiName)])
    }
}
