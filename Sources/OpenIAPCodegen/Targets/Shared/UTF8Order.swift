/// The order of two strings by their UTF-8 bytes, which is the order of
/// the Unicode scalars they encode: how Swift and Kotlin sort properties
/// and parameters (upstream's generators order by scalars). The bytes are
/// read where the strings keep them; comparing through the `utf8` views
/// checked every index, some 155 instructions a comparison.
enum UTF8Order {
    static func precedes(_ a: String, _ b: String) -> Bool {
        let inPlace = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in x.lexicographicallyPrecedes(y) }
        }
        return inPlace.flatMap { $0 } ?? a.utf8.lexicographicallyPrecedes(b.utf8)
    }
}
