// SHA-256's compression function on x86-64's SHA extensions (SHA-NI: sha256rnds2, sha256msg1,
// sha256msg2), for Support/SHA256.swift, after the sequence Intel documents ("Intel SHA
// Extensions", 2013): the state kept as ABEF and CDGH, two rounds an instruction, the message
// schedule four words at a time. The blocks function is compiled for those instructions alone
// (`target` attribute) and called only when CPUID reports them, so the package still builds for
// the baseline x86-64 and for every other CPU, where the Swift code hashes.
//
// Everything is `static inline` here, compiled into the Swift module that calls it (the target's
// .c file defines nothing): this toolchain's clang writes DWARF 5 for a .c file, which valgrind
// 3.19 cannot read, and callgrind is how the benchmarks count instructions (docs/performance.md);
// the Swift compiler emits the functions with its own debug information.
#ifndef SHA256_HARDWARE_H
#define SHA256_HARDWARE_H

#include <stddef.h>
#include <stdint.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <immintrin.h>

/// 1 when `cc_sha256_hardware_blocks` may be called on this CPU, else 0.
static inline int cc_sha256_hardware_available(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    int ssse3 = (ecx >> 9) & 1, sse41 = (ecx >> 19) & 1;
    if (__get_cpuid_max(0, 0) < 7) return 0;
    __cpuid_count(7, 0, eax, ebx, ecx, edx);
    int sha = (ebx >> 29) & 1;
    return ssse3 && sse41 && sha;
}

static const uint32_t cc_sha256_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

/// Compresses `blocks` 64-byte blocks at `data` into `state` (a, b, …, h). Call only when
/// `cc_sha256_hardware_available()` said 1.
__attribute__((target("sha,sse4.1,ssse3")))
static inline void cc_sha256_hardware_blocks(uint32_t state[8], const uint8_t *data, size_t blocks) {
    // Big-endian words: each 4-byte group of the block reversed.
    const __m128i byteSwap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    __m128i dcba = _mm_loadu_si128((const __m128i *)&state[0]);
    __m128i hgfe = _mm_loadu_si128((const __m128i *)&state[4]);
    __m128i cdab = _mm_shuffle_epi32(dcba, 0xB1);
    __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1B);
    __m128i abef = _mm_alignr_epi8(cdab, efgh, 8);
    __m128i cdgh = _mm_blend_epi16(efgh, cdab, 0xF0);

    for (; blocks > 0; blocks--, data += 64) {
        const __m128i abefBefore = abef, cdghBefore = cdgh;
        // w[j % 4]: the schedule's words 4j…4j+3; from j = 4 on, built three steps ahead.
        __m128i w[4];
        for (int j = 0; j < 16; j++) {
            if (j < 4) w[j] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * j)), byteSwap);
            __m128i words = _mm_add_epi32(w[j % 4], _mm_loadu_si128((const __m128i *)&cc_sha256_k[4 * j]));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, words);
            if (j >= 3 && j <= 14) {
                // Words 4(j+1)…: w[(j+1) % 4] holds sha256msg1 of words 4(j-3)… and 4(j-2)….
                __m128i sum = _mm_add_epi32(w[(j + 1) % 4], _mm_alignr_epi8(w[j % 4], w[(j + 3) % 4], 4));
                w[(j + 1) % 4] = _mm_sha256msg2_epu32(sum, w[j % 4]);
            }
            abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(words, 0x0E));
            if (j >= 1 && j <= 12) w[(j + 3) % 4] = _mm_sha256msg1_epu32(w[(j + 3) % 4], w[j % 4]);
        }
        abef = _mm_add_epi32(abef, abefBefore);
        cdgh = _mm_add_epi32(cdgh, cdghBefore);
    }

    __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(feba, dchg, 0xF0));
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(dchg, feba, 8));
}

#else

// Another CPU (Apple silicon, 32-bit x86, …): the Swift code hashes.
static inline int cc_sha256_hardware_available(void) { return 0; }

static inline void cc_sha256_hardware_blocks(uint32_t state[8], const uint8_t *data, size_t blocks) {
    (void)state;
    (void)data;
    (void)blocks;
}

#endif

#endif
