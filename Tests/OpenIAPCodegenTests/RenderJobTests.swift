import Foundation
import Testing
@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// How the pipeline's job pool joins what jobs make, whatever order they
/// run in.
@Suite struct RenderJobTests {
    func file(_ path: String, _ contents: String) -> GeneratedFile {
        GeneratedFile(path: path, contents: contents)
    }

    @Test func piecesOfOnePathAreJoinedInJobOrder() throws {
        // Costs are chosen so that the pool starts the jobs in another order
        // than they are listed.
        let jobs = [
            RenderJob(cost: 1) { [file("a.txt", "head "), file("b.txt", "B")] },
            RenderJob(cost: 50) { [file("a.txt", "middle ")] },
            RenderJob(cost: 10) { [file("c.txt", "C"), file("a.txt", "tail")] },
        ]
        let files = try RenderJob.run(jobs)
        #expect(files.map(\.path) == ["a.txt", "b.txt", "c.txt"])
        #expect(files[0].contents == "head middle tail")
        #expect(files[1].contents == "B")
        #expect(files[2].contents == "C")
    }

    @Test func everyFailureIsReportedOnce() {
        let broken = DiagnosticError(.error("broken template", at: SourceLocation(file: "t.tmpl", line: 1, column: 1)))
        let other = DiagnosticError(.error("other", at: SourceLocation(file: "u.tmpl", line: 2, column: 1)))
        let jobs = [
            RenderJob(cost: 1) { () throws(DiagnosticError) in throw other },
            RenderJob(cost: 9) { [GeneratedFile(path: "ok.txt", contents: "fine")] },
            RenderJob(cost: 5) { () throws(DiagnosticError) in throw broken },
            RenderJob(cost: 7) { () throws(DiagnosticError) in throw broken },
        ]
        do {
            _ = try RenderJob.run(jobs)
            Issue.record("the jobs did not fail")
        } catch {
            #expect(error.description == "t.tmpl:1:1: error: broken template\nu.tmpl:2:1: error: other")
        }
    }

    @Test func sharedPreparationRunsOnceForEveryJobThatAsks() throws {
        final class Counter: @unchecked Sendable {
            // Read and written only with `lock` held.
            let lock = NSLock()
            var runs = 0
        }
        let counter = Counter()
        let shared = SharedPreparation { () -> [Int] in
            counter.lock.withLock { counter.runs += 1 }
            // Long enough that other jobs ask while it is under way.
            Thread.sleep(forTimeInterval: 0.05)
            return [1, 2, 3]
        }
        let jobs = (0..<8).map { index in
            RenderJob(cost: 1) { [file("\(index).txt", shared.value.map(String.init).joined())] }
        }
        let files = try RenderJob.run(jobs)
        #expect(files.count == 8)
        #expect(files.allSatisfy { $0.contents == "123" })
        #expect(counter.runs == 1)
    }

    @Test func sharedPreparationStartedInBackgroundStillRunsOnce() {
        final class Counter: @unchecked Sendable {
            // Read and written only with `lock` held.
            let lock = NSLock()
            var runs = 0
        }
        let counter = Counter()
        let shared = SharedPreparation { () -> String in
            counter.lock.withLock { counter.runs += 1 }
            Thread.sleep(forTimeInterval: 0.02)
            return "ready"
        }
        shared.startInBackground()
        // Asked at once, while the background thread may still be preparing
        // it or not have started yet: either way the caller gets its result.
        #expect(shared.value == "ready")
        Thread.sleep(forTimeInterval: 0.05)
        #expect(shared.value == "ready")
        #expect(counter.lock.withLock { counter.runs } == 1)
    }
}

