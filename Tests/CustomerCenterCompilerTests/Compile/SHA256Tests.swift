import Foundation
import Testing
@testable import CustomerCenterCompiler
import TestSupport

/// The manifest's SHA-256 (blocks read in place, the schedule on the stack; the CPU's SHA
/// instructions where it has them) against the NIST vectors, against `sha256sum` on random buffers
/// of every length around the block and padding edges, and the two ways against each other.
@Suite struct SHA256Tests {
    @Test func nistVectors() {
        #expect(SHA256.hex(Array("".utf8)) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex(Array("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu".utf8))
                == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
        #expect(SHA256.hex([UInt8](repeating: 0x61, count: 1_000_000)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// A string's UTF-8 (read in place) and a collection that is not contiguous hash as their bytes do.
    @Test func everyKindOfCollectionHashesItsBytes() {
        let text = String(repeating: "Kündigen Sie jederzeit. ", count: 40)
        let bytes = Array(text.utf8)
        #expect(SHA256.hex(text.utf8) == SHA256.hex(bytes))
        #expect(SHA256.hex(bytes.lazy.map { $0 }) == SHA256.hex(bytes))
        #expect(SHA256.hex(bytes[3...]) == SHA256.hex(Array(bytes[3...])))
    }

    /// Where the CPU has SHA instructions (`SHA256Hardware`), they and the Swift code give the
    /// same digest for every length around the block and padding edges, and for every alignment
    /// of the start (blocks are read in place).
    @Test func theCPUsInstructionsAndTheSwiftCodeAgree() {
        guard SHA256.hardware else {
            print("skipped: SHA256Tests.theCPUsInstructionsAndTheSwiftCodeAgree: this CPU has no SHA instructions (the Swift code is the only one)")
            return
        }
        var random = SeededGenerator(seed: 4)
        let bytes = (0..<70_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        bytes.withUnsafeBytes { all in
            for length in Array(0...300) + [4095, 4096, 4097, 65_536, 69_990] {
                for start in [0, 1, 3] {
                    let part = UnsafeRawBufferPointer(rebasing: all[start..<(start + length)])
                    #expect(SHA256.hex(of: part, hardware: true) == SHA256.hex(of: part, hardware: false), "length \(length) from \(start)")
                }
            }
        }
        Array("abc".utf8).withUnsafeBytes { abc in
            #expect(SHA256.hex(of: abc, hardware: true) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        }
    }

    static let sha256sum = ["/usr/bin/sha256sum", "/bin/sha256sum", "/usr/local/bin/sha256sum"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    static var runsAgainstSha256sum: Bool {
        if sha256sum != nil { return true }
        print("skipped: SHA256Tests.matchesSha256sum needs sha256sum (coreutils), which is not installed; CUSTOMER_CENTER_REQUIRE_TOOLS=1 makes its absence a failure")
        return ProcessInfo.processInfo.environment["CUSTOMER_CENTER_REQUIRE_TOOLS"] == "1"
    }

    @Test(.enabled(if: runsAgainstSha256sum, "skipped: needs sha256sum (coreutils)"))
    func matchesSha256sum() throws {
        let tool = try #require(Self.sha256sum, "sha256sum is not installed (CUSTOMER_CENTER_REQUIRE_TOOLS=1)")
        var random = SeededGenerator(seed: 57)
        let lengths = Array(0...200) + [447, 448, 449, 511, 512, 513, 4095, 4096, 65_537, 1_000_003]
        let directory = try Scratch.directory("sha256")
        var paths: [String] = []
        var expected: [String] = []
        for length in lengths {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let url = directory.appendingPathComponent("\(length).bin")
            try Data(bytes).write(to: url)
            paths.append(url.path)
            expected.append(SHA256.hex(bytes))
        }
        let result = try Subprocess.run(URL(fileURLWithPath: tool), paths)
        #expect(result.status == 0, "\(result.stderr)")
        let digests = result.stdout.split(separator: "\n").map { String($0.prefix(64)) }
        #expect(digests.count == lengths.count)
        for (index, digest) in digests.enumerated() where index < expected.count {
            #expect(digest == expected[index], "length \(lengths[index])")
        }
    }
}
