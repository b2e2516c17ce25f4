/// SHA-256 (FIPS 180-4), for the manifest's digests; the toolchain has no portable one on Linux.

import JSONSyntax
import PlatformLayer
// Implementation-only: the C module stays out of the library's module file, so a reader of that
// file (a client, the API digester of Scripts/ci/check-api.sh) need not build it (its header
// includes the compiler's intrinsics). The compiler warns that this needs library evolution to be
// stable; that is about a hidden module's types in the library's layout, and only two C functions
// on plain pointers are used here.
@_implementationOnly import SHA256Hardware

package enum SHA256 {
    /// Whether the blocks go to the CPU's SHA instructions (`SHA256Hardware`, x86-64 with the SHA
    /// extensions: about 4 instructions a byte instead of 64), asked of the CPU once. Not under
    /// valgrind (its preload library is in `LD_PRELOAD`): it reports the CPU's SHA extensions but
    /// cannot run them, and callgrind is how instructions are counted (docs/performance.md).
    static let hardware = cc_sha256_hardware_available() != 0 && !underValgrind

    private static var underValgrind: Bool {
        guard let preload = getenv("LD_PRELOAD") else { return false }
        return String(cString: preload).contains("vgpreload")
    }

    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    /// The digest of `bytes` as 64 lower-case hex digits.
    package static func hex<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        hex(digest: digest(bytes))
    }

    private static func hex(digest: [UInt8]) -> String {
        String(unsafeUninitializedCapacity: 64) { out in
            for (index, byte) in digest.enumerated() {
                out[index * 2] = hexDigit(byte >> 4)
                out[index * 2 + 1] = hexDigit(byte & 0x0F)
            }
            return 64
        }
    }

    @inline(__always) private static func hexDigit(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 + value : 0x61 + value - 10 }

    /// The 32-byte digest of `bytes`. Contiguous bytes (an array, a native string's UTF-8) are
    /// read where they are, not copied.
    package static func digest<C: Collection>(_ bytes: C) -> [UInt8] where C.Element == UInt8 {
        if let digest = bytes.withContiguousStorageIfAvailable({ digest(of: UnsafeRawBufferPointer($0)) }) { return digest }
        return Array(bytes).withUnsafeBytes { digest(of: $0) }
    }

    /// The digest of `bytes` as hex, from the Swift code (`hardware: false`) or the CPU's
    /// instructions (only where ``hardware`` is `true`): tests compare the two.
    static func hex(of bytes: UnsafeRawBufferPointer, hardware: Bool) -> String {
        hex(digest: digest(of: bytes, hardware: hardware))
    }

    /// The digest of `bytes`: every whole block in place, then the last bytes and the padding
    /// (one or two blocks) from a buffer on the stack. The message schedule lives on the stack too:
    /// nothing is allocated per block.
    static func digest(of bytes: UnsafeRawBufferPointer, hardware: Bool = hardware) -> [UInt8] {
        var h: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
            (0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19)
        let whole = bytes.count / 64
        k.withUnsafeBufferPointer { k in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 16) { w in
                /// `count` blocks from `start` into `h`.
                func compress(_ start: UnsafeRawPointer, blocks count: Int) {
                    if hardware {
                        // A tuple of one type is laid out as a C array.
                        withUnsafeMutableBytes(of: &h) { state in
                            guard let words = state.baseAddress?.assumingMemoryBound(to: UInt32.self) else { return }
                            cc_sha256_hardware_blocks(words, start.assumingMemoryBound(to: UInt8.self), count)
                        }
                    } else {
                        for block in 0..<count { Self.compress(start + block * 64, into: &h, schedule: w, k: k) }
                    }
                }
                if let base = bytes.baseAddress, whole > 0 { compress(base, blocks: whole) }
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { tail in
                    tail.initialize(repeating: 0)
                    let rest = bytes.count - whole * 64
                    for index in 0..<rest { tail[index] = bytes[whole * 64 + index] }
                    tail[rest] = 0x80
                    let blocks = rest < 56 ? 1 : 2
                    let bitLength = UInt64(bytes.count) &* 8
                    for index in 0..<8 { tail[blocks * 64 - 1 - index] = UInt8(truncatingIfNeeded: bitLength >> UInt64(index * 8)) }
                    guard let tailBase = tail.baseAddress else { return }
                    compress(UnsafeRawPointer(tailBase), blocks: blocks)
                }
            }
        }
        var out = [UInt8](repeating: 0, count: 32)
        for (index, word) in [h.0, h.1, h.2, h.3, h.4, h.5, h.6, h.7].enumerated() {
            out[index * 4] = UInt8(truncatingIfNeeded: word >> 24)
            out[index * 4 + 1] = UInt8(truncatingIfNeeded: word >> 16)
            out[index * 4 + 2] = UInt8(truncatingIfNeeded: word >> 8)
            out[index * 4 + 3] = UInt8(truncatingIfNeeded: word)
        }
        return out
    }

    /// One 64-byte block at `block` into the state `h`. The rounds are unrolled eight at a time
    /// with the working variables renamed instead of shifted (no moves between rounds), and the
    /// schedule is a 16-word window extended as the rounds need it.
    @inline(__always)
    private static func compress(_ block: UnsafeRawPointer, into h: inout (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32),
                                 schedule w: UnsafeMutableBufferPointer<UInt32>, k: UnsafeBufferPointer<UInt32>) {
        let w = w.baseAddress.unsafelyUnwrapped, k = k.baseAddress.unsafelyUnwrapped
        for i in 0..<16 { w[i] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)) }
        var (a, b, c, d, e, f, g, hh) = h
        var i = 0
        while i < 64 {
            if i >= 16 {
                for j in i..<(i + 8) { w[j & 15] = scheduled(w, j) }
            }
            round(a, b, c, &d, e, f, g, &hh, k[i] &+ w[i & 15])
            round(hh, a, b, &c, d, e, f, &g, k[i + 1] &+ w[(i + 1) & 15])
            round(g, hh, a, &b, c, d, e, &f, k[i + 2] &+ w[(i + 2) & 15])
            round(f, g, hh, &a, b, c, d, &e, k[i + 3] &+ w[(i + 3) & 15])
            round(e, f, g, &hh, a, b, c, &d, k[i + 4] &+ w[(i + 4) & 15])
            round(d, e, f, &g, hh, a, b, &c, k[i + 5] &+ w[(i + 5) & 15])
            round(c, d, e, &f, g, hh, a, &b, k[i + 6] &+ w[(i + 6) & 15])
            round(b, c, d, &e, f, g, hh, &a, k[i + 7] &+ w[(i + 7) & 15])
            i += 8
        }
        h = (h.0 &+ a, h.1 &+ b, h.2 &+ c, h.3 &+ d, h.4 &+ e, h.5 &+ f, h.6 &+ g, h.7 &+ hh)
    }

    /// Word `j` (16 or more) of the message schedule, from the window of the last 16.
    @inline(__always)
    private static func scheduled(_ w: UnsafeMutablePointer<UInt32>, _ j: Int) -> UInt32 {
        let x = w[(j - 15) & 15], y = w[(j - 2) & 15]
        let s0 = x.rotatedRight(7) ^ x.rotatedRight(18) ^ (x >> 3)
        let s1 = y.rotatedRight(17) ^ y.rotatedRight(19) ^ (y >> 10)
        return w[j & 15] &+ s0 &+ w[(j - 7) & 15] &+ s1
    }

    /// One round: `d` and `h` take their new values; the caller renames the others.
    /// `kw` is the round constant plus the schedule word.
    @inline(__always)
    private static func round(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
                              _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32, _ kw: UInt32) {
        let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
        let choice = g ^ (e & (f ^ g))
        let t1 = h &+ s1 &+ choice &+ kw
        let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
        let majority = (a & b) | (c & (a | b))
        d = d &+ t1
        h = t1 &+ s0 &+ majority
    }
}

extension UInt32 {
    @inline(__always) func rotatedRight(_ n: UInt32) -> UInt32 { (self >> n) | (self << (32 - n)) }
}
