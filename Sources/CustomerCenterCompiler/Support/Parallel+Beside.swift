extension Parallel {
    /// `background` on a thread of its own while `foreground` runs on the calling thread: two
    /// stages of one file at once (docs/performance.md, "One big file: the reader"). Returns
    /// when both are done. When no thread can be started, both run here, `background` first.
    static func beside<Background: Sendable, Foreground>(
        _ background: @Sendable () -> Background, _ foreground: () -> Foreground
    ) -> (background: Background, foreground: Foreground) {
        let result = LockedValue<Background?>(nil)
        return withoutActuallyEscaping(background) { background in
            let work = Work {
                let value = background()
                result.withLock { $0 = value }
            }
            // The thread is joined before `background` goes out of scope.
            guard let thread = start(work) else {
                work.run()
                return (result.withLock { $0! }, foreground())
            }
            let front = foreground()
            join(thread)
            return (result.withLock { $0! }, front)
        }
    }
}

extension Parallel {
    /// Frees `value` on a thread of its own, which nothing waits for: a large file's model is
    /// millions of references, and releasing them one by one took the run 15-20 ms after its
    /// report was ready (44 MB). Freed here when no thread can be started.
    static func release<Value: Sendable>(_ value: consuming Value) {
        let holder = LockedValue<Value?>(value)
        guard let thread = NativeThread.start(stackSize: 1 << 20, { holder.withLock { $0 = nil } }) else {
            holder.withLock { $0 = nil }
            return
        }
        NativeThread.detach(thread)
    }
}

/// A value handed to one other thread that alone uses it until it is joined: the caller's
/// promise, which the compiler cannot check (a class that is not `Sendable`).
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
