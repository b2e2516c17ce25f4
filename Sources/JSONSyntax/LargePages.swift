import PlatformLayer

/// Asks the kernel to back a large buffer with 2 MiB pages before it is first written
/// (docs/performance.md "One big file: the reader"). Every 4 KiB page of a fresh buffer costs a
/// fault when first touched: reading a 44 MB config into memory is 11,000 of them, about as long as
/// simdjson takes to parse it. With transparent huge pages enabled for advised memory (Linux's
/// default "madvise" mode), 2 MiB pages need 1/512 as many faults. Elsewhere, and for buffers
/// under 4 MiB, it does nothing; the kernel falls back to small pages when it has no large one.
package enum LargePages {
    /// The smallest buffer worth advising.
    package static let threshold = 4 << 20

    /// Advises the whole pages of `count` bytes from `base`; call it before the first write.
    package static func advise(_ base: UnsafeMutableRawPointer, count: Int) {
        guard let (start, length) = pages(UInt(bitPattern: base), count: count),
              let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
        OS.adviseHugePages(pointer, length)
    }

    /// The whole 4 KiB pages inside `count` bytes from `address`, or `nil` under the threshold.
    static func pages(_ address: UInt, count: Int) -> (start: UInt, length: Int)? {
        guard count >= threshold else { return nil }
        let page: UInt = 4096
        let start = (address + page - 1) & ~(page - 1)
        let end = (address + UInt(count)) & ~(page - 1)
        return end > start ? (start, Int(end - start)) : nil
    }
}

extension Array {
    /// Reserves room for `capacity` elements and advises it (``LargePages``): for buffers
    /// reserved at their largest size once and then filled in place.
    package mutating func reserveCapacityInLargePages(_ capacity: Int) {
        reserveCapacity(capacity)
        let bytes = self.capacity * MemoryLayout<Element>.stride
        guard bytes >= LargePages.threshold, isEmpty else { return }
        withUnsafeMutableBufferPointer { buffer in
            if let base = buffer.baseAddress { LargePages.advise(UnsafeMutableRawPointer(base), count: bytes) }
        }
    }
}
