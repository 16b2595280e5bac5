/// A rendered file's bytes, shared by every copy of the file that holds
/// them: the template renderer hands them over once and the writer puts
/// them on disk as they are.
package final class FileBytes: Sendable {
    private let bytes: [UInt8]

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    package var count: Int { bytes.count }

    package func withBuffer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBufferPointer(body)
    }
}
