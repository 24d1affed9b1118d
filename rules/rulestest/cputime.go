package rulestest

import "syscall"

// CPUTime is the CPU time the process has used, in nanoseconds (user and
// system, every thread: the collector's too). On a shared machine it moves
// far less with the load than the wall time does, so a test that bounds the
// work done after a cancel, or a benchmark that reports the CPU an op
// costs, reads this rather than a clock.
func CPUTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
