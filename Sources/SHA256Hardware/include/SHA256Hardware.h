// SHA-256's compression function on the CPU's own instructions (x86-64's SHA extensions), for
// Support/SHA256.swift. Everywhere else (another CPU, an x86-64 without them) the Swift code runs.
#ifndef SHA256_HARDWARE_H
#define SHA256_HARDWARE_H

#include <stddef.h>
#include <stdint.h>

/// 1 when `cc_sha256_hardware_blocks` may be called on this CPU, else 0.
int cc_sha256_hardware_available(void);

/// Compresses `blocks` 64-byte blocks at `data` into `state` (a, b, …, h). Call only when
/// `cc_sha256_hardware_available()` said 1.
void cc_sha256_hardware_blocks(uint32_t state[8], const uint8_t *data, size_t blocks);

#endif
