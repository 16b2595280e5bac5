import Foundation

/// Bytes in memory of their own, freed when the last file that holds them
/// goes away. The template renderer hands over the buffer it rendered into,
/// so a rendered file is never copied between rendering and writing.
package final class FileBytes: @unchecked Sendable {
    // `@unchecked`: the bytes are written only while the object is being
    // made (by `init(adopting:count:)`'s caller, or `append` before the
    // object is shared) and are read-only after that.
    private let start: UnsafeMutablePointer<UInt8>
    package private(set) var count: Int
    private let capacity: Int

    /// Takes ownership of `count` bytes at `start`, which must come from
    /// `malloc` (or `realloc`); they are freed with this object.
    init(adopting start: UnsafeMutablePointer<UInt8>, count: Int) {
        self.start = start
        self.count = count
        capacity = count
    }

    /// Room for `capacity` bytes, to be filled with `append`.
    package init(capacity: Int) {
        self.capacity = capacity
        start = malloc(max(capacity, 1)).unsafelyUnwrapped.assumingMemoryBound(to: UInt8.self)
        count = 0
    }

    deinit { free(start) }

    /// Adds `bytes` after the ones already held; there must be room.
    package func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        precondition(bytes.count <= capacity - count, "FileBytes was made too small")
        guard let source = bytes.baseAddress else { return }
        (start + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    package func withBuffer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        // The buffer stays allocated while `self` is alive, which the call keeps it.
        try withExtendedLifetime(self) { try body(UnsafeBufferPointer(start: start, count: count)) }
    }
}
