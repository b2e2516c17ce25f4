import PlatformLayer

/// A thread of its own running one closure: the string table's second reader here, the workers
/// of `Parallel` in the modules above (which cannot lend this module theirs).
package enum NativeThread {
    package typealias Handle = OS.ThreadHandle

    /// Starts `body` on a new thread with a stack of `stackSize` bytes; `nil` when none can be
    /// started (the caller then does the work itself).
    package static func start(stackSize: Int, _ body: @escaping @Sendable () -> Void) -> Handle? {
        OS.startThread(stackSize: stackSize, body)
    }

    /// Lets `thread` end on its own: nothing joins it, and what it holds is freed when it does.
    package static func detach(_ thread: Handle) {
        pthread_detach(thread)
    }

    /// Waits for `thread` to end.
    package static func join(_ thread: Handle) {
        pthread_join(thread, nil)
    }
}
