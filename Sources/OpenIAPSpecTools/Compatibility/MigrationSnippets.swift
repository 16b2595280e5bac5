/// The before and after snippets of a migration guide entry, one pair per
/// language, each a whole file that compiles on its own against the code
/// generated from its side (scripts/releases.sh compiles them). Each
/// language writes its own names (`SwiftMigration`, `KotlinMigration`,
/// `TypeScriptMigration`); `number` keeps the functions of one guide apart.

import OpenIAPSpec
import OpenIAPCodegen

enum MigrationSnippets {
    static func pairs(_ move: MigrationGuide.Move, old: Spec, new: Spec, number: Int) -> [(String, String, String)] {
        [
            ("Swift", SwiftMigration.snippet(move.old, in: old, number: number), SwiftMigration.snippet(move.new, in: new, number: number)),
            ("Kotlin", KotlinMigration.snippet(move.old, in: old, number: number), KotlinMigration.snippet(move.new, in: new, number: number)),
            (
                "TypeScript", TypeScriptMigration.snippet(move.old, in: old, number: number),
                TypeScriptMigration.snippet(move.new, in: new, number: number)
            ),
        ]
    }
}
