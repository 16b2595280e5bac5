extension SpecValidator {
    /// The spec's types by name, as the checks look them up (the type of
    /// every field, some more than once): `spec.position(of:)` and
    /// `spec[name]`.
    struct TypeNames: Sendable {
        let spec: Spec

        init(_ spec: Spec) {
            self.spec = spec
        }

        func position(of name: String) -> Int? {
            spec.position(of: name)
        }

        subscript(name: String) -> NamedType? {
            spec[name]
        }
    }
}
