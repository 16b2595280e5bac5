import OpenIAPSpec
import OpenIAPTemplates

/// The operation types upstream's generated `types.ts` declares, which the
/// SDKs type their exports with (`export const fetchProducts:
/// QueryField<'fetchProducts'> = …`), under the same names and with the
/// same meaning:
///
/// - `Query` and `Mutation`: one member per operation, its result as a
///   promise (`fetchProducts: Promise<FetchProductsResult>`); a member whose
///   result may be null is optional, as upstream's is. `Subscription`: one
///   member per event, its payload;
/// - the arguments of each operation, named after the root and the
///   operation (`QueryFetchProductsArgs`, `QueryCurrentEntitlementIosArgs`:
///   `TypeScriptNames.pascalWords`): with one argument, that argument's own
///   type, which callers pass as itself (`QueryFetchProductsArgs =
///   ProductRequest`; `T | null | undefined` when it is optional); with
///   several, an interface of them, passed as one object; without any, no
///   type;
/// - `QueryArgsMap`, `MutationArgsMap`, `SubscriptionArgsMap` (an
///   operation's arguments type, `never` without arguments),
///   `QueryField<K>` / `MutationField<K>` / `SubscriptionField<K>` (the
///   function an SDK exports for it: no parameter, an optional one or a
///   required one) and the `…FieldMap`s of optional fields.
///
/// The client (`OpenIAPClient`) takes the same arguments; it maps them to
/// the JSON call, whose `args` keep the argument names.
struct TypeScriptUpstreamAPI {
    let spec: Spec
    let shapes: TypeScriptShapes

    /// The root name of each kind, as upstream's GraphQL schema names it.
    static func root(_ kind: OperationKind) -> String {
        switch kind {
        case .query: "Query"
        case .mutation: "Mutation"
        case .event: "Subscription"
        }
    }

    /// The names this section declares besides the per-operation ones.
    static let fixedNames: [String] = OperationKind.allCases.flatMap { kind in
        let root = root(kind)
        return [root, root + "ArgsMap", root + "Field", root + "FieldMap"]
    } + [fieldHelper, TypeScriptShapes.voidResultName]

    /// The helper that gives each root's `…Field` its meaning.
    static let fieldHelper = "OpenIAPField"

    /// `QueryFetchProductsArgs`, or nil for an operation without arguments.
    func argumentsType(_ operation: APIOperation) -> String? {
        operation.arguments.isEmpty ? nil : Self.argumentsTypeName(operation)
    }

    /// The name upstream gives an operation's arguments type.
    static func argumentsTypeName(_ operation: APIOperation) -> String {
        TypeScriptNames.pascalWords(root(operation.kind) + OperationNames.upperCamel(operation.name) + OperationNames.argumentsSuffix)
    }

    /// The members the `file` template reads for this section.
    func addMembers(to object: inout TemplateObject) {
        let roots: [TemplateValue] = OperationKind.allCases.map { kind in
            let operations = spec.operations.filter { $0.kind == kind }
            return [
                "name": .string(Self.root(kind)),
                "doc": .string(Self.rootDoc(kind)),
                "isEvent": .bool(kind == .event),
                "members": .list(operations.map(member)),
                "arguments": .list(operations.map(mapEntry)),
            ]
        }
        object.append(TemplateKey("roots"), .list(roots))
        object.append(TemplateKey("fieldHelper"), .string(Self.fieldHelper))
        object.append(TemplateKey("argumentTypes"), .list(spec.operations.compactMap(argumentsDeclaration)))
    }

    private static func rootDoc(_ kind: OperationKind) -> String {
        switch kind {
        case .query: "Every query, its result as a promise; a result that may be null makes the member optional, as in upstream's types."
        case .mutation: "Every mutation, its result as a promise; a result that may be null makes the member optional, as in upstream's types."
        case .event: "Every event, with the payload its listeners receive."
        }
    }

    /// `fetchProducts: Promise<…>;`, `currentEntitlementIOS?: Promise<… | null>;`,
    /// `purchaseUpdated: Purchase;`.
    private func member(_ operation: APIOperation) -> TemplateValue {
        var object = TemplateObject(capacity: 6)
        DocComment.addTemplateMembers(doc: operation.annotations.doc.map(TypeScriptViewModel.oneLine), to: &object)
        object.append(TemplateKey("key"), .string(operation.name))
        if operation.kind == .event {
            object.append(TemplateKey("optionalMark"), "")
            object.append(TemplateKey("type"), .string(shapes.apiType(operation.payloadType)))
        } else {
            let result = TypeScriptOperations(spec: spec, shapes: shapes).resultType(operation, wire: false)
            object.append(TemplateKey("optionalMark"), operation.result.isRequired || operation.result.isNothing ? "" : "?")
            object.append(TemplateKey("type"), .string("Promise<\(result)>"))
        }
        return .object(object)
    }

    /// `fetchProducts: QueryFetchProductsArgs;`, `getStorefront: never;`.
    private func mapEntry(_ operation: APIOperation) -> TemplateValue {
        ["key": .string(operation.name), "type": .string(argumentsType(operation) ?? "never")]
    }

    /// The declaration of an operation's arguments type: an alias of the one
    /// argument's type, or an interface of several.
    private func argumentsDeclaration(_ operation: APIOperation) -> TemplateValue? {
        guard let name = argumentsType(operation) else { return nil }
        var object = TemplateObject(capacity: 8)
        let what = "\(operation.kind.rawValue) \(TypeScriptNames.docCode(operation.name))"
        object.append(TemplateKey("name"), .string(name))
        if operation.arguments.count == 1, let argument = operation.arguments.first {
            var doc = DocComment(
                "The argument of the \(what), \(TypeScriptNames.docCode(argument.name)), which callers pass as itself.")
            if let text = argument.annotations.doc { doc.addParagraph(text) }
            doc.addTemplateMembers(to: &object)
            let type = shapes.apiType(argument.type)
            object.append(TemplateKey("type"), .string(argument.isRequired ? type : type + " | null | undefined"))
            object.append(TemplateKey("fields"), .list([]))
            object.append(TemplateKey("isInterface"), false)
        } else {
            DocComment("The arguments of the \(what), which callers pass as one object.").addTemplateMembers(to: &object)
            object.append(TemplateKey("type"), "")
            object.append(TemplateKey("fields"), .list(operation.arguments.flatMap(argumentFields)))
            object.append(TemplateKey("isInterface"), true)
        }
        return .object(object)
    }

    /// One argument as a property (`name?: T | null` when optional), then
    /// an optional, deprecated property per decode-only alias, which the
    /// client sends on as given and the bridge reads.
    private func argumentFields(_ argument: Field) -> [TemplateValue] {
        var object = TemplateObject(capacity: 8)
        var doc = DocComment(argument.annotations.doc)
        if let value = argument.defaultValue {
            doc.addTag("@defaultValue", TypeScriptNames.docCode(TypeScriptViewModel.literal(value)))
        }
        doc.addLifecycle(argument.annotations)
        doc.addTemplateMembers(to: &object)
        let type = shapes.apiType(argument.type)
        object.append(TemplateKey("key"), .string(TypeScriptNames.propertyKey(argument.name)))
        object.append(TemplateKey("optionalMark"), argument.isRequired ? "" : "?")
        object.append(TemplateKey("type"), .string(type))
        object.append(TemplateKey("nullSuffix"), argument.isRequired ? "" : .string(TypeScriptTypeMapping.nullSuffix))
        var fields: [TemplateValue] = [.object(object)]
        let code = TypeScriptNames.docCode(argument.name)
        for alias in argument.aliases {
            var aliasObject = TemplateObject(capacity: 8)
            var aliasDoc = DocComment("A decode-only alias of \(code): the bridge reads it when \(code) is absent.")
            aliasDoc.addTag("@deprecated", "Pass \(code).")
            aliasDoc.addTemplateMembers(to: &aliasObject)
            aliasObject.append(TemplateKey("key"), .string(TypeScriptNames.propertyKey(alias)))
            aliasObject.append(TemplateKey("optionalMark"), "?")
            aliasObject.append(TemplateKey("type"), .string(type))
            aliasObject.append(TemplateKey("nullSuffix"), argument.isRequired ? "" : .string(TypeScriptTypeMapping.nullSuffix))
            fields.append(.object(aliasObject))
        }
        return fields
    }
}
