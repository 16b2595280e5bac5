extension Template {
    /// The names of the partials this template includes anywhere, sections
    /// included.
    var includedPartials: Set<String> {
        var names = Set<String>()
        var pending = [nodes]
        while let list = pending.popLast() {
            for node in list {
                switch node {
                case .partial(let name, _, _): names.insert(name)
                case .section(_, _, let body, _): pending.append(body)
                case .text, .variable: break
                }
            }
        }
        return names
    }
}

extension TemplateSet {
    /// The names of every partial some template of the set includes.
    package var includedPartials: Set<String> {
        templates.values.reduce(into: Set<String>()) { $0.formUnion($1.includedPartials) }
    }
}
