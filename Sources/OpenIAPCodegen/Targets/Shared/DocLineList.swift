import OpenIAPTemplates
import OpenIAPSpec

/// The doc comment lines of one element, collected as the value of a
/// `docLines` member: no line is an empty list, a single line is that string
/// alone, and more lines are a list of them. The Swift and Kotlin view models
/// fill it with their own comment syntax.
///
/// A section over a string renders its body once with the string as `.`,
/// just as over a list holding only that string, so the output is the same;
/// but most docs are one line, and each of those would otherwise allocate
/// (and later free) an array of one element. The difference shows only to a
/// template that asks for `@first`, `@last` or `@index` inside `docLines`,
/// which no built-in template does.
struct DocLineList {
    private var single: String?
    private var lines: [TemplateValue] = []

    mutating func append(line: String) {
        if !lines.isEmpty {
            lines.append(.string(line))
        } else if let single {
            lines = [.string(single), .string(line)]
            self.single = nil
        } else {
            single = line
        }
    }

    var isEmpty: Bool { single == nil && lines.isEmpty }

    var value: TemplateValue {
        if let single { return .string(single) }
        return .list(lines)
    }
}
