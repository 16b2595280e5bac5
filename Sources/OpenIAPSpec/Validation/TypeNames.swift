extension SpecValidator {
    /// `spec.position(of:)` and `spec[name]`, found by the name's bytes when
    /// it is ASCII: the checks look up the type of every field, some more
    /// than once. Made once per run and shared by all jobs. Only a spec
    /// whose names are distinct gets a table: a name found among its ASCII
    /// names is then the only type of that name.
    struct TypeNames: Sendable {
        let spec: Spec
        private var table: ASCIINameTable<Int>?
        /// Whether every type name is ASCII and so in `table`: a name missing
        /// there is then no type at all.
        private var holdsAll = true

        /// Without a table: every name is looked up in `spec`.
        init(plain spec: Spec) {
            self.spec = spec
        }

        init(_ spec: Spec) {
            self.spec = spec
            guard spec.hasDistinctNames else { return }
            (table, holdsAll) = Self.table(count: spec.types.count) { spec.types[$0].name }
        }

        /// The index of `spec`, whose names are distinct, from a table made
        /// beforehand by `table(count:name:)` over its names in `spec.types`
        /// order: the builder makes it on another thread while it completes
        /// the records.
        init(_ spec: Spec, table: ASCIINameTable<Int>, holdsAll: Bool) {
            precondition(spec.hasDistinctNames, "a table is only for distinct names")
            self.spec = spec
            self.table = table
            self.holdsAll = holdsAll
        }

        /// Whether `position(of:)` has a table to look in; without one, `run` makes it.
        var hasTable: Bool { table != nil }

        /// The ASCII names among `name(0)`, `name(1)`, … `name(count - 1)`,
        /// each with its number, and whether that was all of them.
        static func table(count: Int, name: (Int) -> String) -> (ASCIINameTable<Int>, holdsAll: Bool) {
            var table = ASCIINameTable<Int>(minimumCapacity: count)
            var holdsAll = true
            for position in 0..<count {
                let inserted = name(position).withUTF8Bytes { bytes in
                    ASCIINameTable<Int>.hash(ofASCII: bytes).map { table.insert(bytes, hash: $0, value: position) }
                }
                if inserted == nil { holdsAll = false }
            }
            return (table, holdsAll)
        }

        func position(of name: String) -> Int? {
            guard let table else { return spec.position(of: name) }
            let found: Int?? = name.withUTF8Bytes { bytes in
                ASCIINameTable<Int>.hash(ofASCII: bytes).map { table.value(for: bytes, hash: $0) }
            }
            if let found, found != nil || holdsAll { return found }
            return spec.position(of: name)
        }

        subscript(name: String) -> NamedType? {
            position(of: name).map { spec.types[$0] }
        }
    }
}
