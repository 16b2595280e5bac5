import OpenIAPSpec

/// How the Kotlin target shapes each union, worked out once per spec.
///
/// Upstream's SDKs treat a union as the supertype of its records: a
/// `PurchaseAndroid` *is* a `Purchase`, `when (purchase) { is PurchaseIOS ->
/// … }` tells them apart, and `purchase.productId` reads a field every
/// member shares. Kotlin 1.3 has no sealed interfaces, so a union is a
/// `sealed class` that its member records extend, and a class extends one
/// class only: a union is rendered that way (`direct`) when every member is
/// a record listed directly by no other union. Any other union (one whose
/// members are unions, as `ProductOrSubscription`, or share a record with
/// another union) wraps each member type in a class of its own, named
/// `<Type>Item` as upstream names them (`ProductOrSubscription.ProductItem`).
///
/// Kotlin 1.3 also wants a sealed class's subclasses in its file, so a
/// record that extends a union is written in the union's file (`homeFile`).
struct KotlinUnionShapes: Sendable {
    /// The unions their member records extend.
    private(set) var direct: Set<String> = []
    /// Record name -> the union it extends.
    private(set) var superclass: [String: String] = [:]
    /// Union name -> the shared field sets that every record it resolves to
    /// includes, in the order the first member includes them: the
    /// interfaces the union implements (`Purchase : PurchaseCommon`).
    private(set) var sharedSets: [String: [String]] = [:]

    init(_ spec: Spec) {
        var unionsListing: [String: Set<String>] = [:]
        for union in spec.unions {
            for member in union.members { unionsListing[member.typeName, default: []].insert(union.name) }
        }
        for union in spec.unions {
            let records = union.members.map(\.typeName)
            if records.allSatisfy({ name in spec.record(name) != nil && unionsListing[name]?.count == 1 }) {
                direct.insert(union.name)
                for name in records { superclass[name] = union.name }
            }
        }
        sharedSets = Self.sharedSets(spec)
    }

    /// The sets every record a union resolves to includes, worked out for
    /// each union once, members before the unions that hold them (without
    /// recursion: a spec may nest thousands of unions), so that a chain of
    /// unions costs its length, not its square.
    private static func sharedSets(_ spec: Spec) -> [String: [String]] {
        var shared: [String: [String]] = [:]
        func isUnion(_ name: String) -> Bool { if case .union? = spec[name] { true } else { false } }
        for union in spec.unions where shared[union.name] == nil {
            var stack: [(name: String, membersDone: Bool)] = [(union.name, false)]
            while let (name, membersDone) = stack.popLast() {
                guard shared[name] == nil, case let .union(u)? = spec[name] else { continue }
                let pending = u.members.map(\.typeName).filter { isUnion($0) && shared[$0] == nil }
                if !membersDone && !pending.isEmpty {
                    stack.append((name, true))
                    stack += pending.map { ($0, false) }
                    continue
                }
                // The first member's sets, in its order, that every member has.
                var result: [String]?
                for member in u.members {
                    let sets: [String] =
                        if let record = spec.record(member.typeName) {
                            record.includes.enumerated().filter { !record.includes[..<$0.offset].contains($0.element) }.map(\.element)
                        } else {
                            shared[member.typeName] ?? []
                        }
                    result = result.map { $0.filter(sets.contains) } ?? sets
                }
                shared[name] = result ?? []
            }
        }
        return shared
    }

    /// The class name of the member type `typeName` of a union that wraps
    /// its members: `ProductOrSubscription.ProductItem` holds a `Product`.
    static func wrapperName(_ typeName: String) -> String {
        KotlinNames.typeName(typeName) + "Item"
    }

    /// The spec file whose Kotlin file declares the type at `position`: the
    /// file of the union a record extends, otherwise its own.
    func homeFile(of type: NamedType, in spec: Spec) -> String {
        if case .record = type, let union = superclass[type.name], let declared = spec[union] {
            return declared.location.file
        }
        return type.location.file
    }
}
