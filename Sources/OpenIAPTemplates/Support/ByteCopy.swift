extension UnsafeMutableRawPointer {
    /// Copies `count` bytes from `source`, memory that does not overlap
    /// this. The renderer and the view models copy many pieces of a few
    /// bytes; up to 16 bytes take a couple of moves, which costs less than
    /// a call to `memcpy`, and longer pieces are left to it.
    ///
    /// The caller guarantees what `copyMemory` needs: `count` readable bytes
    /// at `source` and `count` writable bytes here.
    @inline(__always)
    package func copyBytes(from source: UnsafeRawPointer, count: Int) {
        switch count {
        case 8...16: copyAsTwoWords(UInt64.self, from: source, count: count)
        case 4..<8: copyAsTwoWords(UInt32.self, from: source, count: count)
        case 0..<4:
            for index in 0..<count {
                storeBytes(of: source.load(fromByteOffset: index, as: UInt8.self), toByteOffset: index, as: UInt8.self)
            }
        default: copyMemory(from: source, byteCount: count)
        }
    }

    /// Copies `count` bytes, at least one and at most two `Word`s, as two
    /// words: the first and the last, which meet or overlap in the middle,
    /// so both loads and both stores stay inside the `count` bytes.
    @inline(__always)
    private func copyAsTwoWords<Word: FixedWidthInteger>(_: Word.Type, from source: UnsafeRawPointer, count: Int) {
        let size = MemoryLayout<Word>.size
        let head = source.loadUnaligned(as: Word.self)
        let tail = source.loadUnaligned(fromByteOffset: count - size, as: Word.self)
        storeBytes(of: head, as: Word.self)
        storeBytes(of: tail, toByteOffset: count - size, as: Word.self)
    }
}
