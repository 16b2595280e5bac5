/// Walking an array of large structs (the IR's fields, values and types)
/// by address, so that only the members used are read; the targets and
/// the view models use it wherever they go through the IR.

extension Array {
    /// Calls `body` with the address of every element in turn, so that it
    /// reads only the members it uses (`element.pointee.name`). Taking an
    /// element as a value copies all of it, retaining every string it holds,
    /// and while targets render on several threads those retains contend
    /// for the same shared reference counts.
    package func forEachAddress(_ body: (UnsafePointer<Element>) -> Void) {
        withUnsafeBufferPointer { elements in
            guard let first = elements.baseAddress else { return }
            for index in elements.indices { body(first + index) }
        }
    }

    /// Calls `body` with the address of the element at `index`.
    package func withAddress<Result>(at index: Int, _ body: (UnsafePointer<Element>) -> Result) -> Result {
        precondition(indices.contains(index), "index out of range")
        return withUnsafeBufferPointer { elements in body(elements.baseAddress! + index) }
    }
}
