// peak-rss COMMAND [ARGS...]: runs COMMAND and prints its peak resident memory in KiB.
//
// Linux carries a process's memory high-water mark across exec, so measuring a child spawned
// by a large process reports the parent. This helper is tiny, so what it prints is the child's
// (OS.spawnForPeakMemory: fork and exec on Linux, posix_spawn on Apple systems).
import PeakRSSPlatform

let arguments = Array(CommandLine.arguments.dropFirst())
guard let executable = arguments.first else {
    print("usage: peak-rss COMMAND [ARGS...]")
    exit(2)
}
guard let pid = OS.spawnForPeakMemory(executable, Array(arguments.dropFirst())) else {
    print("peak-rss: cannot run \(executable)")
    exit(127)
}
var status: Int32 = 0
var usage = rusage()
wait4(pid, &status, 0, &usage)
print(OS.peakMemoryBytes(usage) / 1024)
exit((status >> 8) & 0xFF)
