import Testing
import TestSupport
@testable import JSONSyntax

/// Large buffers are advised for huge pages before they are written (docs/performance.md "One big
/// file: the reader"), read back from the kernel's memory map; small ones are left alone.
@Suite struct LargePagesTests {
    static let mapped = MemoryMap.isReadable
    /// Whether the whole page `offset` bytes into the array's elements is advised.
    static func advised<Element>(_ array: inout [Element], at offset: Int = 0) -> Bool? {
        array.withUnsafeMutableBufferPointer { buffer in
            // A whole page inside the buffer (its first bytes may share a page with its header).
            MemoryMap.flags(at: (UInt(bitPattern: buffer.baseAddress!) + UInt(offset) + 8191) & ~4095).map { $0.contains("hg") }
        }
    }

    @Test(.enabled(if: mapped, "skipped: no /proc/self/smaps (not Linux)"))
    func aLargeReservationIsAdvisedPastItsFirstPart() {
        var tape: [UInt64] = []
        tape.reserveCapacityInLargePages(1 << 20)
        #expect(tape.capacity >= 1 << 20)
        // Its first 2 MiB stay in small pages (a reservation is often filled far less than its
        // bound): that is read from what is advised, not from the memory map, where the buffer
        // may lie in memory an earlier buffer of another test had advised. The rest is advised.
        let base = tape.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress!) }
        let pages = LargePages.reservationPages(base, count: tape.capacity * 8)
        #expect(pages.map { $0.start >= base + UInt(LargePages.smallPagesFirst) } == true)
        #expect(pages.map { $0.start + UInt($0.length) <= base + UInt(tape.capacity * 8) } == true)
        #expect(LargePages.reservationPages(base, count: LargePages.smallPagesFirst) == nil)
        #expect(Self.advised(&tape, at: LargePages.smallPagesFirst) == true)
        #expect(Self.advised(&tape, at: 6 << 20) == true)
        // Filled in place as before.
        tape.append(contentsOf: 0..<1000)
        #expect(tape.count == 1000 && tape[999] == 999)
    }

    @Test func onlyWholePagesOfALargeBufferAreAdvised() {
        // (Small buffers are not advised; that memory may still lie in a mapping advised for an
        // earlier buffer, so it is checked here, not in the memory map.)
        #expect(LargePages.pages(0x1000, count: LargePages.threshold - 1) == nil)
        #expect(LargePages.pages(0x1000, count: 0) == nil)
        let aligned = LargePages.pages(0x10_0000, count: LargePages.threshold)
        #expect(aligned?.start == 0x10_0000 && aligned?.length == LargePages.threshold)
        let unaligned = LargePages.pages(0x10_0010, count: LargePages.threshold)
        #expect(unaligned?.start == 0x10_1000 && unaligned?.length == LargePages.threshold - 4096)
        let ragged = LargePages.pages(0x10_0fff, count: LargePages.threshold + 2)
        #expect(ragged?.start == 0x10_1000 && ragged?.length == LargePages.threshold)
    }

    @Test(.enabled(if: mapped, "skipped: no /proc/self/smaps (not Linux)"))
    func anyPointerAndLengthIsSafe() {
        // Unaligned starts and ends, and lengths under a page: only whole pages inside are advised.
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 9 << 20, alignment: 1)
        defer { buffer.deallocate() }
        for (offset, count) in [(1, 5 << 20), (4095, 4097), (17, 8 << 20), (0, 0), (3, 100)] {
            LargePages.advise(buffer + offset, count: count)
        }
        buffer.storeBytes(of: 42, toByteOffset: 6 << 20, as: UInt8.self)
        #expect(buffer.load(fromByteOffset: 6 << 20, as: UInt8.self) == 42)
        #expect(MemoryMap.flags(at: (UInt(bitPattern: buffer) + 8191) & ~4095)?.contains("hg") == true)
    }
}
