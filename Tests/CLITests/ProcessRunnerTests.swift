import Foundation
import ProcessSupport
import Testing
import TestSupport

/// The one way the tool starts another program (curl for `pull`, a browser for `preview --check`).
@Suite struct ProcessRunnerTests {
    @Test func capturesOutputAndStatusAndFeedsInput() throws {
        let outcome = try #require(ProcessRunner.run("/bin/sh", ["-c", "cat; echo oops >&2; exit 7"], input: Array("hello".utf8),
                                                     captureErrors: true, timeout: 20))
        #expect(outcome.status == 7)
        #expect(String(decoding: outcome.output, as: UTF8.self) == "hello")
        #expect(String(decoding: outcome.errorOutput, as: UTF8.self) == "oops\n")
    }

    @Test func withoutInputTheChildReadsEndOfFileAndErrorsAreDiscarded() throws {
        let outcome = try #require(ProcessRunner.run("/bin/sh", ["-c", "wc -c; echo noise >&2"], timeout: 20))
        #expect(outcome.status == 0)
        #expect(String(decoding: outcome.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        #expect(outcome.errorOutput.isEmpty)
    }

    @Test func aHelperLeftHoldingTheOutputDoesNotKeepTheRunWaiting() throws {
        // The child exits at once; its background helper would hold stdout open for 30 s.
        let started = Date()
        let outcome = try #require(ProcessRunner.run("/bin/sh", ["-c", "sleep 30 & echo done"], timeout: 25))
        #expect(outcome.status == 0)
        #expect(String(decoding: outcome.output, as: UTF8.self) == "done\n")
        #expect(Date().timeIntervalSince(started) < 20, "waited for the helper instead of ending it")
    }

    @Test func theTimeLimitEndsTheWholeGroup() throws {
        let marker = try Scratch.directory("cc-runner").appendingPathComponent("late")
        let outcome = try #require(ProcessRunner.run("/bin/sh", ["-c", "(sleep 2; touch '\(marker.path)') & sleep 30"], timeout: 0.5))
        #expect(outcome.status == nil)
        #expect(!outcome.outputLimitReached)
        Thread.sleep(forTimeInterval: 2.5)
        #expect(!FileManager.default.fileExists(atPath: marker.path), "a process of the group outlived the time limit")
    }

    @Test func tooMuchOutputStopsTheChildAndSaysWhy() throws {
        let outcome = try #require(ProcessRunner.run("/usr/bin/yes", [], timeout: 20, maxOutput: 100_000))
        #expect(outcome.status == nil)
        #expect(outcome.outputLimitReached)
        #expect(outcome.output.count > 100_000)
    }

    @Test func aMissingProgramIsNotStarted() {
        #expect(ProcessRunner.run("/nonexistent/program", [], timeout: 5) == nil)
        #expect(ProcessRunner.find(["sh"]) != nil)
        #expect(ProcessRunner.find(["no-such-program-\(UUID().uuidString)"]) == nil)
    }

    /// A child spoken to over its descriptors 3 and 4 (Chromium's `--remote-debugging-pipe`).
    @Test func aPipedChildExchangesNulTerminatedMessages() throws {
        // It says hello twice, then echoes what it reads on 3 to 4.
        let child = try #require(PipedChild.start("/bin/sh", ["-c", #"printf 'hello\000world\000' >&4; exec cat <&3 >&4"#]))
        let deadline = ProcessRunner.monotonicSeconds() + 20
        #expect(child.receive(until: deadline) == .message(Array("hello".utf8)))
        #expect(child.receive(until: deadline) == .message(Array("world".utf8)))
        #expect(child.send(Array("ping".utf8), until: deadline))
        #expect(child.receive(until: deadline) == .message(Array("ping".utf8)))
        #expect(child.receive(until: ProcessRunner.monotonicSeconds() + 0.3) == .timedOut)
        child.finish(grace: 0)
        #expect(child.receive(until: deadline) == .closed)
        #expect(!child.send(Array("late".utf8), until: deadline))
    }

    @Test func aPipedChildThatExitsIsClosedEvenWhenAHelperHoldsThePipe() throws {
        let started = Date()
        // The helper inherits descriptor 4 and would hold it open for 30 s.
        let child = try #require(PipedChild.start("/bin/sh", ["-c", "sleep 30 & exit 0"]))
        #expect(child.receive(until: ProcessRunner.monotonicSeconds() + 25) == .closed)
        #expect(Date().timeIntervalSince(started) < 20, "waited for the helper instead of ending it")
        child.finish(grace: 0)
        #expect(PipedChild.start("/nonexistent/program", []) == nil)
    }

    @Test func finishingAPipedChildEndsItsWholeGroup() throws {
        let marker = try Scratch.directory("cc-runner").appendingPathComponent("late")
        let child = try #require(PipedChild.start("/bin/sh", ["-c", "(sleep 2; touch '\(marker.path)') & sleep 30"]))
        #expect(child.receive(until: ProcessRunner.monotonicSeconds() + 0.3) == .timedOut)
        child.finish(grace: 0.2)
        Thread.sleep(forTimeInterval: 2.5)
        #expect(!FileManager.default.fileExists(atPath: marker.path), "a process of the group outlived finish")
    }
}
