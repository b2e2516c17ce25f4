/// How a run spends its threads (docs/performance.md, "One big file: the reader"; docs/commands.md
/// "Many files, every core"): how many files go side by side, how many threads one file's stages
/// may use, and from what size each stage takes its threaded path. One value is made from
/// `--jobs` and handed in once; each stage reads its own field, and none reads a switch of its
/// own. What a file's check reports never depends on the plan, only how long it takes: tests
/// lower the thresholds so that small files take every threaded path.
package struct ExecutionPlan: Sendable, Equatable {
    /// How many files are checked at once (`--jobs`); `nil`: one per core.
    package var files: Int?
    /// How many threads one file's check may use: with 1, everything runs on the calling
    /// thread, as a loop would; with more, a large file's stages may run side by side, with the
    /// same findings in the same order. A run gives each file its share of `files`
    /// (``forEach(ofFiles:)``).
    package var threadsPerFile = Parallel.availableCores
    /// From this many bytes up, a file's stages after the parse run on `threadsPerFile` threads
    /// (smaller files are done before a second thread would have started).
    package var threadsFromBytes = 256 << 10
    /// From this many bytes up, a regular file read on two threads is read in two halves.
    package var readHalvesFromBytes = 8 << 20
    /// From this many bytes of document up, the decoder reads the members other than the
    /// screens on a thread beside them.
    package var decodeBesideFromBytes = 256 << 10
    /// A screen's paths are decoded on several threads when there are at least this many a thread.
    package var pathsPerThread = 256
    /// The fewest bytes of string table left (as the parser guesses its end) for a second
    /// thread to read part of it.
    package var tableSplitFromBytes = 1 << 19
    /// Where the second thread reading the string table looks for a member to start at, instead
    /// of near the middle; the first thread then waits for it to stop by itself, so what each
    /// read is the same however the threads are scheduled (tests).
    package var tableSplitNear: Int?
    /// The fewest keys of a string table decoded and indexed on a thread of their own while the
    /// parser reads what follows the table.
    package var prepareKeysFrom = 4096

    /// The plan of a run with `--jobs` `files` (`nil`: every core): one file alone gets every thread.
    package init(files: Int? = nil) {
        self.files = files
        threadsPerFile = Parallel.workers(files, count: .max)
    }

    /// `threads` threads for one file's check, the thresholds as built in.
    package init(threadsPerFile threads: Int) {
        self.init(files: 1)
        threadsPerFile = threads
    }

    /// Everything on the calling thread.
    package static var oneThread: ExecutionPlan {
        var plan = ExecutionPlan(files: 1)
        plan.threadsPerFile = 1
        return plan
    }

    /// The plan of each of `count` files checked in one run: the run's threads when it checks
    /// one file at a time, one each when files go side by side.
    package func forEach(ofFiles count: Int) -> ExecutionPlan {
        var plan = self
        plan.threadsPerFile = Parallel.workers(files, count: count) > 1 ? 1 : Parallel.workers(files, count: .max)
        return plan
    }

    /// Whether the stages after the parse of a file of `bytes` bytes run on several threads.
    package func threadsWithinFile(bytes: Int) -> Bool {
        threadsPerFile >= 2 && bytes >= threadsFromBytes
    }
}

extension ExecutionPlan {
    /// This plan's threads with `other`'s size thresholds.
    package func withThresholds(of other: ExecutionPlan) -> ExecutionPlan {
        var plan = other
        (plan.files, plan.threadsPerFile) = (files, threadsPerFile)
        return plan
    }
}
