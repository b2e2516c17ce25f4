@testable import CustomerCenterCompiler
import Testing
import PlatformLayer

/// `Parallel.map` (`--jobs`): results in the items' order, and really side by side.
@Suite struct ParallelTests {
    @Test(arguments: [1, 2, 3, 64])
    func resultsComeBackInOrder(_ jobs: Int) {
        let items = Array(0..<500)
        let results = Parallel.map(items, jobs: jobs) { item in
            // Uneven work, so that later items often finish first.
            var sum = 0
            for step in 0..<((item * 7919) % 300) { sum &+= step }
            return "\(item):\(sum % 2)"
        }
        #expect(results.map { Int($0.split(separator: ":")[0])! } == items)
    }

    /// Two items that each wait for the other to start can only both finish when two threads
    /// run them at once (the wait is bounded: a serial run gives up and the test fails).
    @Test func twoJobsRunSideBySide() {
        let started = LockedValue(0)
        let met = Parallel.map([0, 1], jobs: 2) { _ -> Bool in
            started.withLock { $0 += 1 }
            for _ in 0..<2_000 {
                if started.withLock({ $0 }) == 2 { return true }
                usleep(1_000)
            }
            return false
        }
        #expect(met == [true, true])
    }

    /// A value handed to `Parallel.release` is freed, and on another thread than the caller's.
    @Test func aReleasedValueIsFreedOnAnotherThread() {
        final class Watched: Sendable {
            let freedOn: LockedValue<OS.ThreadHandle?>
            init(_ freedOn: LockedValue<OS.ThreadHandle?>) { self.freedOn = freedOn }
            deinit { freedOn.withLock { $0 = pthread_self() } }
        }
        let freedOn = LockedValue<OS.ThreadHandle?>(nil)
        Parallel.release([Watched(freedOn), Watched(freedOn)])
        var waited = 0
        while freedOn.withLock({ $0 }) == nil, waited < 5_000 {
            usleep(1_000)
            waited += 1
        }
        let thread = freedOn.withLock { $0 }
        #expect(thread != nil, "the value was never freed")
        #expect(thread.map { pthread_equal($0, pthread_self()) == 0 } == true, "freed on the caller's thread")
    }

    @Test func workersNeverExceedItemsOrJobs() {
        #expect(Parallel.workers(1, count: 10) == 1)
        #expect(Parallel.workers(8, count: 3) == 3)
        #expect(Parallel.workers(nil, count: 1000) == Parallel.availableCores)
        #expect(Parallel.workers(4, count: 0) == 1)
    }

    /// `--jobs` is the run's thread count: one file alone may use them all; files checked side
    /// by side use one each; `--jobs 1` keeps everything on one thread.
    @Test func filesShareTheRunsThreads() {
        func threadsPerFile(jobs: Int?, files: Int) -> Int { ExecutionPlan(files: jobs).forEach(ofFiles: files).threadsPerFile }
        #expect(threadsPerFile(jobs: 1, files: 1) == 1)
        #expect(threadsPerFile(jobs: 1, files: 9) == 1)
        #expect(threadsPerFile(jobs: 3, files: 1) == 3)
        #expect(threadsPerFile(jobs: 3, files: 2) == 1)
        #expect(threadsPerFile(jobs: nil, files: 1) == Parallel.availableCores)
        let file = SourceFile(path: "f", text: "{}")
        var settings = RunSettings()
        settings.jobs = 1
        var policy = Policy(settings: settings, configuration: nil)
        #expect(policy.request(for: file).plan.threadsPerFile == 1)
        settings.plan.threadsFromBytes = 7
        settings.jobs = 4
        #expect(settings.plan.threadsFromBytes == 7, "--jobs keeps the plan's thresholds")
        policy = Policy(settings: settings, configuration: nil)
        #expect(policy.request(for: file).plan.threadsPerFile == 4 && policy.request(for: file).plan.threadsFromBytes == 7)
        policy.plan = .oneThread
        #expect(policy.request(for: file).plan.threadsPerFile == 1)
        policy = Policy(options: LintOptions(), settings: settings)
        #expect(policy.request(for: file).plan == settings.plan, "options given whole run on the run's plan")
    }
}
