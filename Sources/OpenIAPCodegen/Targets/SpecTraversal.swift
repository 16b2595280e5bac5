/// Cheap ways for the JSON Schema and TypeScript targets to walk the spec.
/// Each renders one large file as one `RenderJob`, and builds its view model
/// in slices with `concurrentMap`. When that target runs alone the slices
/// use every core; inside the pipeline's pool, where other jobs already
/// keep the cores busy, Dispatch runs a nested `concurrentMap` on the
/// calling thread, so the slices cost nothing extra there. The targets read
/// the IR's structs in place.

extension Spec {
    /// The indices of `types` cut into a few slices of about equal size,
    /// enough to keep every core busy; small specs stay in one slice.
    func typeSlices() -> [Range<Int>] {
        let count = types.count
        let pieces = max(1, min(count / 256, 16))
        return (0..<pieces).map { piece in (count * piece / pieces)..<(count * (piece + 1) / pieces) }
    }
}

extension Array {
    /// Calls `body` with the address of every element in turn, so that it
    /// reads only the members it uses (`element.pointee.name`). Taking an
    /// element as a value copies all of it, retaining every string it holds,
    /// and while targets render on several threads those retains contend
    /// for the same shared reference counts.
    func forEachAddress(_ body: (UnsafePointer<Element>) -> Void) {
        withUnsafeBufferPointer { elements in
            guard let first = elements.baseAddress else { return }
            for index in elements.indices { body(first + index) }
        }
    }

    /// Calls `body` with the address of the element at `index`.
    func withAddress<Result>(at index: Int, _ body: (UnsafePointer<Element>) -> Result) -> Result {
        precondition(indices.contains(index), "index out of range")
        return withUnsafeBufferPointer { elements in body(elements.baseAddress! + index) }
    }
}
