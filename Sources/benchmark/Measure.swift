import Foundation

/// Wall-clock timing and memory figures of this process.
enum Measure {
    /// Seconds `body` took, on the monotonic clock.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = ContinuousClock.now
        try body()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    /// Seconds `body` took on the monotonic clock, and the processor time
    /// this process used meanwhile, summed over its threads.
    static func secondsAndCPU(_ body: () throws -> Void) rethrows -> (wall: Double, cpu: Double) {
        let cpuStart = processorTime()
        let wall = try seconds(body)
        return (wall, processorTime() - cpuStart)
    }

    /// One timed run of a stage, or several added up or averaged: wall and
    /// processor seconds, and what the kernel counted meanwhile.
    struct Stage {
        var wall = 0.0
        var cpu = 0.0
        var kernelSeconds = 0.0
        var pageFaults = 0.0

        /// Slower than anything measured: where a best figure starts.
        static let unmeasured = Stage(wall: .infinity, cpu: .infinity)

        static func += (sum: inout Stage, run: Stage) {
            sum.wall += run.wall
            sum.cpu += run.cpu
            sum.kernelSeconds += run.kernelSeconds
            sum.pageFaults += run.pageFaults
        }

        static func / (sum: Stage, runs: Double) -> Stage {
            Stage(wall: sum.wall / runs, cpu: sum.cpu / runs, kernelSeconds: sum.kernelSeconds / runs, pageFaults: sum.pageFaults / runs)
        }
    }

    /// Times one run of `body`: wall and processor time, kernel time and
    /// page faults.
    static func stage(_ body: () throws -> Void) rethrows -> Stage {
        let before = KernelUsage.now()
        let (wall, cpu) = try secondsAndCPU(body)
        let kernel = KernelUsage.now() - before
        return Stage(wall: wall, cpu: cpu, kernelSeconds: kernel.systemSeconds, pageFaults: Double(kernel.pageFaults))
    }

    /// What the kernel counted for this process, all threads together:
    /// processor time spent in the kernel and minor page faults (first
    /// touches of memory the process did not have mapped). On a virtual
    /// machine that hands freed memory back to its host, each such fault can
    /// cost microseconds.
    struct KernelUsage {
        var systemSeconds: Double
        var pageFaults: Int

        static func now() -> KernelUsage {
            var usage = rusage()
            getrusage(RUSAGE_SELF.rawValue, &usage)
            return KernelUsage(
                systemSeconds: Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) * 1e-6,
                pageFaults: usage.ru_minflt)
        }

        static func - (end: KernelUsage, start: KernelUsage) -> KernelUsage {
            KernelUsage(systemSeconds: end.systemSeconds - start.systemSeconds, pageFaults: end.pageFaults - start.pageFaults)
        }
    }

    private static func processorTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    /// A line of `/proc/self/status` in bytes, such as `VmHWM` (the peak
    /// resident set size since the process started) or `VmRSS` (now).
    /// Nil where /proc is not available.
    static func statusBytes(_ key: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(key + ":") {
            let number = line.dropFirst(key.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) }
            return number.map { $0 * 1024 }
        }
        return nil
    }

    /// A fresh, empty directory under the system's temporary folder.
    static func temporaryDirectory(_ label: String) throws -> String {
        let path = NSTemporaryDirectory() + "openiap-bench-\(label)-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }
}
