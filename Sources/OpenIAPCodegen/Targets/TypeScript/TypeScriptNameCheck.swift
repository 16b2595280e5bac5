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
        let twins = TypeScriptShapes.twinPositions(spec)
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
        // Spec types in order: the first to take a name keeps it. Owners
        // are kept by position, so that filling the table copies no type.
        var owners: [String: Int] = [:]
        owners.reserveCapacity(spec.types.count)
        for position in spec.types.indices {
            let typeName = spec.types[position].name
            let apiName = TypeScriptNames.typeName(typeName)
            // Most types take their name alone, which is looked at without
            // a list of names being made for it.
            // The name is taken at once, one hash for the usual name that
            // is free, and given back to its first owner in the rare case.
            func take(_ name: String, _ role: @autoclosure () -> String) {
                if let owner = owners.updateValue(position, forKey: name) {
                    owners[name] = owner
                    let (ownerName, type) = (spec.types[owner].name, spec.types[position])
                    guard ownerName != typeName else { return }
                    diagnostics.error(
                        "type '\(typeName)' collides with '\(ownerName)' in TypeScript: \(role()) is '\(name)', which '\(ownerName)' already takes",
                        at: type.location, notes: [.note("'\(ownerName)' declared here", at: spec.types[owner].location)])
                } else if !taken.isEmpty, let what = taken[name], name != typeName || !generated.contains(name) {
                    owners[name] = nil
                    diagnostics.error(
                        "type '\(typeName)' cannot be declared in TypeScript: \(role()) is '\(name)', the name of \(what)",
                        at: spec.types[position].location)
                }
            }
            take(apiName, "its name")
            if apiName != typeName { take(typeName, "the spelling kept for it") }
            if twins[spec.firstPosition(ofNameAt: position)] {
                take(apiName + TypeScriptShapes.wireSuffix, "the type of its JSON")
            }
        }
    }
}
