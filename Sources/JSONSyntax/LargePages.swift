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

    /// How much of a reservation stays in small pages (``adviseReservation(_:count:)``).
    package static let smallPagesFirst = 2 << 20

    /// Advises a buffer reserved at the largest size it may need, past its first
    /// `smallPagesFirst` bytes. A 2 MiB page is resident whole from its first write, and a
    /// reservation is an upper bound that a config often fills far less (the keys of a table, a
    /// tape whose table went to columns): advised whole, each such buffer held up to 2 MiB it never
    /// used (about 5 MB of a 41 MB lint's peak). Past its first 2 MiB, a buffer that is filled far
    /// still takes its faults in large pages.
    package static func adviseReservation(_ base: UnsafeMutableRawPointer, count: Int) {
        guard let (start, length) = reservationPages(UInt(bitPattern: base), count: count),
              let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
        OS.adviseHugePages(pointer, length)
    }

    /// The whole pages ``adviseReservation(_:count:)`` advises: those past the first
    /// `smallPagesFirst` bytes, or `nil` when what is left is under the threshold.
    static func reservationPages(_ address: UInt, count: Int) -> (start: UInt, length: Int)? {
        guard count > smallPagesFirst else { return nil }
        return pages(address + UInt(smallPagesFirst), count: count - smallPagesFirst)
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
    /// Reserves room for `capacity` elements and advises it past its first 2 MiB
    /// (``LargePages/adviseReservation(_:count:)``): for buffers reserved at their largest size
    /// once and then filled in place.
    package mutating func reserveCapacityInLargePages(_ capacity: Int) {
        reserveCapacity(capacity)
        let bytes = self.capacity * MemoryLayout<Element>.stride
        guard bytes >= LargePages.threshold, isEmpty else { return }
        withUnsafeMutableBufferPointer { buffer in
            if let base = buffer.baseAddress { LargePages.adviseReservation(UnsafeMutableRawPointer(base), count: bytes) }
        }
    }
}
