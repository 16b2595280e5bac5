/// Walking an array of large structs by address, so that only the members
/// used are read. Only the Swift and Kotlin view models still use it: they
/// are being rewritten to move their emitted lines into templates (issue
/// #24), and go through the IR with plain `for` loops after that, as every
/// other target already does. Delete this file then.

extension Array {
    /// Calls `body` with the address of every element in turn.
    package func forEachAddress(_ body: (UnsafePointer<Element>) -> Void) {
        withUnsafeBufferPointer { elements in
            guard let first = elements.baseAddress else { return }
            for index in elements.indices { body(first + index) }
        }
    }
}
