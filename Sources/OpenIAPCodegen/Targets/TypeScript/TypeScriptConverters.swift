import OpenIAPSpec
import OpenIAPTemplates

/// How the client turns what callers pass into the JSON call, and replies
/// and payloads into what callers get: the expressions the client's methods
/// use and the functions they call (`TypeScriptShapes` says which types
/// differ).
///
/// - Arguments: an operation without arguments sends `{}`; one with a
///   single argument, which callers pass as itself, sends
///   `{ <name>: value }` (`{}` when an optional one is left out); one with
///   several sends the object as given.
/// - A record with a named choice goes out with each choice's case under
///   the case's own field (`{ request, type: "subs" }` becomes
///   `{ requestSubscription: request, type: "subs" }`).
/// - A `oneOf` record comes in as the value of its first field present
///   (`{ products: [...] }` becomes `[...]`), null when none is.
/// - Records, unions, lists and maps that hold such values convert them in
///   place and pass everything else through.
///
/// Only the functions some operation needs are generated, so that a client
/// compiled with `noUnusedLocals` stays clean.
struct TypeScriptConverters {
    let spec: Spec
    let shapes: TypeScriptShapes

    enum Direction {
        /// From what callers pass to the JSON sent.
        case toWire
        /// From the JSON received to what callers get.
        case fromWire
    }

    private func converted(_ direction: Direction) -> Set<String> {
        direction == .toWire ? shapes.convertedInputs : shapes.convertedOutputs
    }

    /// The record or union a type name stands for: aliases resolved.
    private func resolved(_ name: String) -> NamedType? {
        var current = spec[name]
        var steps = 0
        while case let .alias(alias)? = current, steps < spec.types.count {
            current = spec[alias.target]
            steps += 1
        }
        return current
    }

    /// `fetchProductsResultFromWire`: the function that converts a type.
    private func functionName(_ type: String, _ direction: Direction) -> String {
        let name = shapes.apiName(type)
        return name.prefix(1).lowercased() + name.dropFirst() + (direction == .toWire ? "ToWire" : "FromWire")
    }

    // MARK: - Expressions

    /// The expression that converts `value`, a value of `ref`, or nil when
    /// it goes as it is. `depth` names the variables of nested lists and maps.
    func expression(_ value: String, _ ref: TypeRef, _ direction: Direction, depth: Int = 0) -> String? {
        switch ref {
        case .scalar:
            return nil
        case let .named(name):
            guard converted(direction).contains(name), let type = resolved(name) else { return nil }
            return "\(functionName(type.name, direction))(\(value))"
        case let .list(element):
            let item = "item\(depth)"
            guard let inner = expression(item, element, direction, depth: depth + 1) else { return nil }
            return "\(value).map((\(item)) => \(inner))"
        case let .map(element):
            let item = "item\(depth)"
            guard let inner = expression(item, element, direction, depth: depth + 1) else { return nil }
            return "mapValues(\(value), (\(item)) => \(inner))"
        }
    }

    /// The `args` of the JSON call an operation (or an event's listener)
    /// sends, from `value`, what the caller passed.
    func argumentsExpression(_ operation: APIOperation, value: String) -> String {
        let arguments = operation.arguments
        guard !arguments.isEmpty else { return "{}" }
        if arguments.count == 1, let argument = arguments.first {
            let key = TypeScriptNames.propertyKey(argument.name)
            let converted = expression(value, argument.type, .toWire)
            if argument.isRequired { return "{ \(key): \(converted ?? value) }" }
            // Left out: no key. Null: sent as null, which readers take as absent.
            let sent = converted.map { "\(value) === null ? null : \($0)" } ?? value
            return "\(value) === undefined ? {} : { \(key): \(sent) }"
        }
        let changes = arguments.compactMap { argument -> String? in
            let key = TypeScriptNames.stringLiteral(argument.name)
            guard let sent = expression("\(value)[\(key)]", argument.type, .toWire) else { return nil }
            let property = TypeScriptNames.propertyKey(argument.name)
            return argument.isRequired
                ? "\(property): \(sent)"
                : "\(property): \(value)[\(key)] == null ? \(value)[\(key)] : \(sent)"
        }
        let optional = TypeScriptOperations.argumentsAreOptional(operation)
        if changes.isEmpty { return optional ? "\(value) ?? {}" : value }
        let object = "{ ...\(value), \(changes.joined(separator: ", ")) }"
        return optional ? "\(value) === undefined ? {} : \(object)" : object
    }

    // MARK: - Functions

    /// The records and unions whose functions the operations need, with
    /// their direction, in spec order (inputs' first).
    private func neededTypes() -> [(NamedType, Direction)] {
        var roots: [Direction: [TypeRef]] = [.toWire: [], .fromWire: []]
        for operation in spec.operations {
            roots[.toWire, default: []] += operation.arguments.map(\.type)
            if let type = operation.result.type { roots[.fromWire, default: []].append(type) }
        }
        var result: [(NamedType, Direction)] = []
        for direction in [Direction.toWire, .fromWire] {
            var needed: Set<String> = []
            var queue = (roots[direction] ?? []).compactMap(\.namedLeaf)
            while let name = queue.popLast() {
                guard converted(direction).contains(name), let type = resolved(name), needed.insert(type.name).inserted else {
                    continue
                }
                switch type {
                case let .record(record): queue += record.fields.compactMap(\.type.namedLeaf)
                case let .union(union): queue += union.members.map(\.typeName)
                default: break
                }
            }
            result += spec.types.filter { needed.contains($0.name) }.map { ($0, direction) }
        }
        return result
    }

    /// The converter functions, as the `client` template reads them.
    func functions() -> [TemplateValue] {
        neededTypes().compactMap { type, direction in
            switch type {
            case let .record(record): recordFunction(record, direction)
            case let .union(union): unionFunction(union, direction)
            default: nil
            }
        }
    }

    /// The type names the functions' signatures and casts use, sorted: what
    /// the client imports besides its fixed names.
    var importedNames: [String] {
        var names: Set<String> = []
        for (type, direction) in neededTypes() {
            names.insert(shapes.apiName(type.name))
            names.insert(shapes.wireName(type.name))
            // The members a union's function casts to: those it converts.
            if case let .union(union) = type {
                for member in union.members where expression("value", .named(member.typeName), direction) != nil {
                    names.insert(direction == .toWire ? shapes.apiName(member.typeName) : shapes.wireName(member.typeName))
                }
            }
        }
        return names.sorted()
    }

    /// Whether some converter reads a map, so the client needs `mapValues`.
    var needsMapValues: Bool {
        func hasMap(_ ref: TypeRef, _ direction: Direction) -> Bool {
            switch ref {
            case .scalar, .named: false
            case let .list(element): hasMap(element, direction)
            case let .map(element): expression("x", element, direction) != nil || hasMap(element, direction)
            }
        }
        var refs: [(TypeRef, Direction)] = []
        for operation in spec.operations {
            refs += operation.arguments.map { ($0.type, .toWire) }
            if let type = operation.result.type { refs.append((type, .fromWire)) }
        }
        for (type, direction) in neededTypes() {
            if case let .record(record) = type { refs += record.fields.map { ($0.type, direction) } }
        }
        return refs.contains { hasMap($0.0, $0.1) }
    }

    /// A record's function: a `oneOf` record's value, or a copy of the
    /// record with its choices and converted fields written over.
    private func recordFunction(_ record: RecordType, _ direction: Direction) -> TemplateValue {
        let from = direction == .toWire ? shapes.apiName(record.name) : shapes.wireName(record.name)
        let to = direction == .toWire ? shapes.wireName(record.name) : shapes.apiName(record.name)
        var object: [String: TemplateValue] = [
            "name": .string(functionName(record.name, direction)),
            "from": .string(from),
            "to": .string(to),
            "isOneOf": .bool(false),
            "isRecord": .bool(false),
            "isUnion": .bool(false),
        ]
        if record.isOneOf, direction == .fromWire {
            object["isOneOf"] = true
            object["doc"] = .string("Reads a {@link \(to)} from its JSON: the first field present, null when none is.")
            object["fields"] = .list(record.fields.map { field in
                [
                    "key": .string(TypeScriptNames.stringLiteral(field.name)),
                    "value": .string(expression("field", field.type, direction) ?? "field"),
                ]
            })
            return .object(TemplateObject(object))
        }
        object["isRecord"] = true
        let choices = direction == .toWire ? record.exactlyOne.compactMap(\.choice) : []
        let chosen = Set(choices.flatMap { $0.cases.map(\.field) })
        object["doc"] = .string(
            direction == .toWire
                ? "Writes a {@link \(from)} as its JSON\(choices.isEmpty ? "" : ": each choice's case under the case's own field")."
                : "Reads a {@link \(to)} from its JSON.")
        var fields: [TemplateValue] = []
        for field in record.fields where !chosen.contains(field.name) {
            guard let converted = expression("field", field.type, direction) else { continue }
            for key in [field.name] + field.aliases {
                fields.append(["key": .string(TypeScriptNames.stringLiteral(key)), "value": .string(converted)])
            }
        }
        object["fields"] = .list(fields)
        object["choices"] = .list(choices.map { choice in choiceValue(choice, in: record, direction) })
        return .object(TemplateObject(object))
    }

    private func choiceValue(_ choice: FieldChoice, in record: RecordType, _ direction: Direction) -> TemplateValue {
        let property = TypeScriptNames.stringLiteral(choice.property)
        let cases: [TemplateValue] = choice.cases.compactMap { item in
            guard let field = record.field(item.field) else { return nil }
            let value = choice.tagField == nil
                ? "choice[\(TypeScriptNames.stringLiteral(item.name))]" : "value[\(property)]"
            return [
                "tagValue": .string(TypeScriptNames.stringLiteral(item.tagValue ?? "")),
                "caseKey": .string(TypeScriptNames.stringLiteral(item.name)),
                "field": .string(TypeScriptNames.stringLiteral(item.field)),
                "value": .string(expression(value, field.type, direction) ?? value),
            ]
        }
        return [
            "property": .string(property),
            "tag": choice.tagField.map { .string(TypeScriptNames.stringLiteral($0)) } ?? false,
            "cases": .list(cases),
        ]
    }

    /// A union's function: the members that convert, chosen by the
    /// discriminator; any other value passes as it is.
    private func unionFunction(_ union: UnionType, _ direction: Direction) -> TemplateValue {
        let from = direction == .toWire ? shapes.apiName(union.name) : shapes.wireName(union.name)
        let to = direction == .toWire ? shapes.wireName(union.name) : shapes.apiName(union.name)
        let cases: [TemplateValue] = union.members.compactMap { member in
            let memberFrom = direction == .toWire ? shapes.apiName(member.typeName) : shapes.wireName(member.typeName)
            guard let converted = expression("value as \(memberFrom)", .named(member.typeName), direction) else { return nil }
            return ["tagValue": .string(TypeScriptNames.stringLiteral(member.tag)), "value": .string(converted)]
        }
        return [
            "name": .string(functionName(union.name, direction)),
            "doc": .string("Converts the members of {@link \(shapes.apiName(union.name))} that hold values to convert."),
            "from": .string(from),
            "to": .string(to),
            "isOneOf": false,
            "isRecord": false,
            "isUnion": true,
            "discriminator": .string(TypeScriptNames.stringLiteral(union.discriminator)),
            "cases": .list(cases),
        ]
    }
}
