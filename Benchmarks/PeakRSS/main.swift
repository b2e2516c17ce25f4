// peak-rss COMMAND [ARGS...]: runs COMMAND and prints its peak resident memory in KiB.
//
// Linux carries a process's memory high-water mark across exec, so measuring a child spawned
// by a large process reports the parent. This helper is tiny, so what it prints is the child's.
#if canImport(Glibc)
import Glibc
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
guard !arguments.isEmpty else {
    print("usage: peak-rss COMMAND [ARGS...]")
    exit(2)
}
let pid = fork()
if pid == 0 {
    let devNull = open("/dev/null", O_WRONLY)
    dup2(devNull, 1)
    dup2(devNull, 2)
    let argv = arguments.map { strdup($0) } + [nil]
    execv(arguments[0], argv)
    _exit(127)
}
var status: Int32 = 0
var usage = rusage()
wait4(pid, &status, 0, &usage)
print(usage.ru_maxrss)
exit((status >> 8) & 0xFF)
