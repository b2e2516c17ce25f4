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
