import Foundation

/// A rendered file's bytes, shared by every copy of the file that holds
/// them: the template renderer hands them over once and the writer puts
/// them on disk as they are.
///
/// The bytes are either an array or the very block of memory a renderer
/// wrote them into (`init(takingOwnershipOf:count:)`), which this object
/// then owns and frees. Handing the block over is what saves a copy of
/// every rendered file: the copy into an array cost a `memmove` of the
/// whole output and as many fresh pages again (see `TemplateOutput.take`).
/// Nothing writes to either once the object is made, which is why sharing
/// it between threads is safe.
package final class FileBytes: @unchecked Sendable {
    private let array: [UInt8]
    /// The block handed over by a renderer, or nil when the bytes are in
    /// `array`; `count` bytes long.
    private let block: UnsafeMutablePointer<UInt8>?
    package let count: Int

    package init(_ bytes: [UInt8]) {
        array = bytes
        block = nil
        count = bytes.count
    }

    /// Takes over `block`, memory from `malloc` holding `count` bytes; it is
    /// freed with this object.
    init(takingOwnershipOf block: UnsafeMutablePointer<UInt8>, count: Int) {
        array = []
        self.block = block
        self.count = count
    }

    deinit {
        free(block)
    }

    package func withBuffer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        guard let block else { return try array.withUnsafeBufferPointer(body) }
        return try body(UnsafeBufferPointer(start: block, count: count))
    }
}
