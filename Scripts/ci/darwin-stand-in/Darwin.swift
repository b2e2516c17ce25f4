// The Swift half of the stand-in Darwin module (Scripts/ci/check-darwin.sh): what Swift's own
// Darwin overlay adds over the C headers (swift/stdlib/public/Platform), with its signatures.
@_exported import DarwinStandInC

/// `errno`, through `__error()` as on Apple systems.
public var errno: Int32 {
    get { __error().pointee }
    set { __error().pointee = newValue }
}

/// `SIG_DFL`: no handler.
public var SIG_DFL: sig_t? { nil }
/// `SIG_IGN`: the handler that ignores.
public var SIG_IGN: sig_t { unsafeBitCast(1, to: sig_t.self) }

/// `fcntl` with no argument.
public func fcntl(_ fd: Int32, _ cmd: Int32) -> Int32 { __stand_in_fcntl(fd, cmd, 0) }
/// `fcntl` with an integer argument.
public func fcntl(_ fd: Int32, _ cmd: Int32, _ value: Int32) -> Int32 { __stand_in_fcntl(fd, cmd, value) }

/// `fork` is unavailable to Swift on Apple systems.
@available(*, unavailable, message: "Please use threads or posix_spawn*()")
public func fork() -> Int32 { fatalError("unavailable function can't be called") }
