import PlatformLayer
import JSONSyntax

/// Work spread over the machine's cores (`--jobs`; docs/commands.md "Many files, every core"):
/// each item is computed on some thread, and the results come back in the items' order, so
/// what a run prints never depends on which thread finished first.
package enum Parallel {
    /// The cores this process may use (at least 1), asked once: each `sysconf` reads
    /// /sys/devices/system/cpu/online on Linux (three system calls), and a lint asked nine times.
    package static let availableCores: Int = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// How many workers `jobs` asks for: `nil` means every core; never more than `count` items.
    package static func workers(_ jobs: Int?, count: Int) -> Int {
        max(1, min(jobs ?? availableCores, count))
    }

    /// `body` of every item, on at most `jobs` threads at once (`nil`: every core), in order.
    /// One worker (or one item) runs on the calling thread, exactly as a loop would. The other
    /// workers are threads of their own (not a shared pool), so `jobs` really run at once.
    package static func map<Item: Sendable, Result: Sendable>(_ items: [Item], jobs: Int?, _ body: @Sendable (Item) -> Result) -> [Result] {
        let workers = workers(jobs, count: items.count)
        if workers == 1 { return items.map(body) }
        let next = LockedValue(0)
        let results = LockedValue([Result?](repeating: nil, count: items.count))
        withoutActuallyEscaping(body) { body in
            let work = Work {
                while true {
                    let index: Int = next.withLock { value in
                        defer { value += 1 }
                        return value
                    }
                    guard index < items.count else { return }
                    let result = body(items[index])
                    results.withLock { $0[index] = result }
                }
            }
            // Every thread is joined before `body` goes out of scope.
            let threads = (1..<workers).compactMap { _ in start(work) }
            work.run()
            for thread in threads { join(thread) }
        }
        return results.withLock { $0.map { $0! } }
    }

    /// What a worker thread runs.
    final class Work: @unchecked Sendable {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    typealias Thread = NativeThread.Handle

    /// A thread running `work` with an 8 MiB stack (the main thread's on Linux: a deeply nested
    /// config is parsed on any of them); `nil` when none can be started (the caller's thread
    /// then does the work alone).
    static func start(_ work: Work) -> Thread? {
        NativeThread.start(stackSize: 8 << 20) { work.run() }
    }

    static func join(_ thread: Thread) {
        NativeThread.join(thread)
    }
}
