/// Whether a reader on one side of `SpecComparison` still reads what a
/// writer on the other sends (type expressions compared under renames),
/// and which readers see each type on the wire (its usage).

import OpenIAPSpec
import OpenIAPCodegen

extension SpecComparison {
    // MARK: - Wire readability

    /// The old type expression with renamed types written under their new names.
    func mapped(_ type: TypeRef) -> TypeRef {
        switch type {
        case .scalar: type
        case let .named(name): .named(typeMap[name] ?? name)
        case let .list(element): .list(mapped(element))
        case let .map(value): .map(mapped(value))
        }
    }

    /// Whether every value a writer of `writer` produces decodes as `reader`.
    /// `readerIsOld` tells which spec each side's names belong to.
    func accepts(reader: TypeRef, readerIsOld: Bool, writer: TypeRef) -> Bool {
        let readerSpec = readerIsOld ? old : new
        let writerSpec = readerIsOld ? new : old
        switch (reader, writer) {
        case let (.scalar(r), .scalar(w)):
            if r == w { return true }
            let numbers: Set<Scalar> = [.int, .double, .timestamp]
            return (r == .double || r == .timestamp) && numbers.contains(w)
        case let (.list(r), .list(w)), let (.map(r), .map(w)):
            return accepts(reader: r, readerIsOld: readerIsOld, writer: w)
        case let (.named(r), .named(w)):
            let same = readerIsOld ? typeMap[r] == w : typeMap[w] == r
            if same { return true }
            guard let readerType = readerSpec[r], let writerType = writerSpec[w] else { return false }
            return stringTypeAccepts(reader: readerType, writer: writerType)
        case let (.named(r), .scalar(.string)):
            guard let readerType = readerSpec[r] else { return false }
            return Self.acceptsAnyString(readerType)
        case let (.scalar(.string), .named(w)):
            guard let writerType = writerSpec[w] else { return false }
            return Self.isStringLike(writerType)
        default:
            return false
        }
    }

    /// String-valued types read each other when the reader takes any string,
    /// or when a closed reader lists every value a closed writer can send.
    func stringTypeAccepts(reader: NamedType, writer: NamedType) -> Bool {
        guard Self.isStringLike(reader), Self.isStringLike(writer) else { return false }
        if Self.acceptsAnyString(reader) { return true }
        guard case let .enumeration(r) = reader, case let .enumeration(w) = writer, w.isClosed else { return false }
        return Set(w.values.map(\.wire)).isSubset(of: Self.spellings(of: r))
    }

    static func isStringLike(_ type: NamedType) -> Bool {
        switch type {
        case .enumeration, .opaqueString: true
        default: false
        }
    }

    static func acceptsAnyString(_ type: NamedType) -> Bool {
        switch type {
        case .opaqueString: true
        case let .enumeration(e): !e.isClosed
        default: false
        }
    }

    /// Same JSON either way: equal after renames, or Timestamp against Double
    /// (both a JSON number read as a Double).
    func sameWireForm(_ a: TypeRef, _ b: TypeRef) -> Bool {
        switch (mapped(a), b) {
        case let (x, y) where x == y: return true
        case let (.scalar(x), .scalar(y)): return Set([x, y]).isSubset(of: [.double, .timestamp])
        case let (.list(x), .list(y)), let (.map(x), .map(y)): return sameWireForm(x, y)
        default: return false
        }
    }

    // MARK: - Usage

    func usage(old oldName: String, new newName: String) -> Set<RecordDirection> {
        (oldUsage[oldName] ?? []).union(newUsage[newName] ?? [])
    }

    /// Which readers see each type on the wire: `.output` when it is, or is
    /// reachable from, an output record (old apps read it); `.input` when it
    /// is, or is reachable from, an input record (new servers read it).
    /// Unions no record refers to are results (outputs); enums and opaque
    /// strings no record refers to may travel either way. An operation's
    /// arguments count as an input record and its result or payload as an
    /// output one (`operationRecords`).
    static func usage(in spec: Spec) -> [String: Set<RecordDirection>] {
        let types = spec.types + operationRecords(in: spec)
        var references: [String: [String]] = [:]
        var referenced: Set<String> = []
        for type in types {
            let names: [String]
            switch type {
            case let .record(r): names = r.fields.compactMap(\.type.namedLeaf) + r.includes
            case let .fieldSet(s): names = s.fields.compactMap(\.type.namedLeaf)
            case let .union(u): names = u.members.map(\.typeName)
            case let .alias(a): names = [a.target]
            case .enumeration, .opaqueString: names = []
            }
            references[type.name] = names
            referenced.formUnion(names)
        }
        var result: [String: Set<RecordDirection>] = [:]
        for type in types {
            switch type {
            case let .record(r): result[r.name] = [r.direction]
            // An input: callers send its target's JSON.
            case .alias: result[type.name] = [.input]
            case .union where !referenced.contains(type.name): result[type.name] = [.output]
            case .enumeration where !referenced.contains(type.name), .opaqueString where !referenced.contains(type.name):
                result[type.name] = [.output, .input]
            default: break
            }
        }
        var changed = true
        while changed {
            changed = false
            for type in types {
                guard let context = result[type.name] else { continue }
                for name in references[type.name] ?? [] where !(result[name] ?? []).isSuperset(of: context) {
                    result[name, default: []].formUnion(context)
                    changed = true
                }
            }
        }
        return result
    }
}
