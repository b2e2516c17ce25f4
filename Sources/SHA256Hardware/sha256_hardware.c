// The code is in include/SHA256Hardware.h (static inline, compiled into the Swift module that
// calls it: see there why); SwiftPM needs one source file for a C target.
#include "SHA256Hardware.h"
