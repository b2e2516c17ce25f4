// Glibc only (not Musl, not Darwin, whose start-up sections are named otherwise): in the
// platform layer, linked into every program that uses it (the tool, its tests, the benchmarks).
#if canImport(Glibc) && !canImport(Darwin)

// Swift reads `CommandLine.arguments` on Linux from /proc/self/cmdline; where /proc is not
// mounted (a chroot, a minimal container, a build sandbox) it finds none, and every command
// would print the help and exit 2. glibc hands each function of `.init_array` the process's
// argc and argv before `main`: this one gives them to the Swift runtime, which then never
// looks in /proc. (musl calls these functions with no arguments: Glibc only.)

@_silgen_name("_swift_stdlib_overrideUnsafeArgvArgc")
private func overrideArguments(_ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ argc: Int32)

@section(".init_array") @used
private let captureArguments: @convention(c) (Int32, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Void = {
    argc, argv, _ in
    if argc > 0, let argv, argv[0] != nil { overrideArguments(argv, argc) }
}
#endif
