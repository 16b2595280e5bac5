import OpenIAPSpec

/// TypeScript's own check of the names its module declares, which the
/// target's `check` runs when the spec loads, so that a spec that loads renders:
/// every spec type is exported under upstream's spelling of its name
/// (`TypeScriptNames.typeName`), the spec's own spelling too when that
/// differs, and a `…Wire` twin where its JSON differs (`TypeScriptShapes`);
/// beside them the module declares names of its own (`Query`,
/// `QueryFetchProductsArgs`, `OpenIAPClient`, …). A spec type that takes a
/// name already taken is a located error.
enum TypeScriptNameCheck {
    static func check(_ spec: Spec, into diagnostics: inout Diagnostics) {
        // The twins alone: the check needs no more of `TypeScriptShapes`.
        let twins = TypeScriptShapes.twinNames(spec)
        // Name -> what the module declares under it.
        var taken: [String: String] = [:]
        // The arguments records and replies, whose names the validator
        // already keeps spec types off (`APIOperation.generatedTypeNames`).
        var generated: Set<String> = []
        if !spec.operations.isEmpty {
            for name in TypeScriptOperations.fixedNames + TypeScriptUpstreamAPI.fixedNames
            where name != TypeScriptShapes.voidResultName {
                taken[name] = "a type of the TypeScript API"
            }
            for operation in spec.operations {
                let what = "the arguments of the \(operation.kind.rawValue) '\(operation.name)' in TypeScript"
                if !operation.arguments.isEmpty { taken[TypeScriptUpstreamAPI.argumentsTypeName(operation)] = what }
                for name in operation.generatedTypeNames {
                    taken[name] = "a type generated for '\(operation.name)'"
                    generated.insert(name)
                }
            }
        }
        // Spec types in order: the first to take a name keeps it.
        var owners: [String: NamedType] = [:]
        for type in spec.types {
            let apiName = TypeScriptNames.typeName(type.name)
            var names = [(apiName, "its name")]
            if apiName != type.name { names.append((type.name, "the spelling kept for it")) }
            if twins.contains(type.name) { names.append((apiName + TypeScriptShapes.wireSuffix, "the type of its JSON")) }
            for (name, role) in names {
                if let owner = owners[name] {
                    guard owner.name != type.name else { continue }
                    diagnostics.error(
                        "type '\(type.name)' collides with '\(owner.name)' in TypeScript: \(role) is '\(name)', which '\(owner.name)' already takes",
                        at: type.location, notes: [.note("'\(owner.name)' declared here", at: owner.location)])
                } else if let what = taken[name], name != type.name || !generated.contains(name) {
                    diagnostics.error(
                        "type '\(type.name)' cannot be declared in TypeScript: \(role) is '\(name)', the name of \(what)",
                        at: type.location)
                } else {
                    owners[name] = type
                }
            }
        }
    }
}
