import Foundation
import Testing
import TestSupport
@testable import CustomerCenterCompiler

/// A file is read whole into one buffer; a large one into memory advised for huge pages before
/// the bytes arrive (docs/performance.md "One big file: the reader").
@Suite struct FileReadTests {
    static func write(_ bytes: [UInt8], named name: String) throws -> String {
        let path = try Scratch.directory("cc-read").appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(arguments: [0, 1, 4095, 4096, 65_537, 5 << 20])
    func everyByteArrives(size: Int) throws {
        var generator = SeededGenerator(seed: UInt64(size))
        let bytes = (0..<size).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        #expect(try FileSystem.read(Self.write(bytes, named: "f.json")) == bytes)
    }

    /// Read in two halves side by side (any file from the threshold up; here every size): the
    /// same bytes, odd sizes and a file of one byte included.
    @Test(arguments: [1, 2, 3, 4097, 65_537, 1 << 20])
    func aFileReadInHalvesIsWhole(size: Int) throws {
        var generator = SeededGenerator(seed: UInt64(size) + 7)
        let bytes = (0..<size).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        let path = try Self.write(bytes, named: "halves.json")
        var two = ExecutionPlan(threadsPerFile: 2), one = ExecutionPlan.oneThread
        (two.readHalvesFromBytes, one.readHalvesFromBytes) = (1, 1)
        let (halves, whole) = (try FileSystem.read(path, plan: two), try FileSystem.read(path, plan: one))
        #expect(halves == bytes)
        // One thread: one plain read, whatever the size.
        #expect(whole == bytes)
    }

    @Test(.enabled(if: MemoryMap.isReadable, "skipped: no /proc/self/smaps (not Linux)"))
    func aLargeFileIsReadIntoAdvisedMemory() throws {
        let large = try FileSystem.read(Self.write([UInt8](repeating: 0x20, count: 6 << 20), named: "large.json"))
        func advised(_ bytes: [UInt8]) -> Bool? {
            bytes.withUnsafeBufferPointer { MemoryMap.flags(at: (UInt(bitPattern: $0.baseAddress!) + 8191) & ~4095)?.contains("hg") }
        }
        #expect(advised(large) == true)
    }
}
