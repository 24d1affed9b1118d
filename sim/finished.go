package sim

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Finished records which trials of a run have finished, so that an
// interrupted run can be resumed without fighting any trial twice or
// leaving one out. It is safe for concurrent use.
//
// The record is a sorted list of runs of finished trials. Workers take
// trials in order and record them in pieces that finish within a few of
// each other, so the list stays a few runs long however many trials a run
// has (10^14), and a worker stopped in the middle of a piece records
// exactly the trials it finished.
type Finished struct {
	mu         sync.Mutex
	first, end int64  // the run's trials are [first, end)
	runs       []span // disjoint, sorted, not adjacent
	count      int64  // trials in runs
}

// span is the trials lo..hi, inclusive.
type span struct{ lo, hi int64 }

// NewFinished returns an empty record for trials first … first+trials−1.
func NewFinished(first, trials int64) *Finished {
	return &Finished{first: first, end: first + trials}
}

// find returns the index of the first run that ends at or after i.
func (f *Finished) find(i int64) int {
	k, _ := slices.BinarySearchFunc(f.runs, i, func(s span, i int64) int {
		if s.hi < i {
			return -1
		}
		return 1
	})
	return k
}

// Done reports whether trial i finished.
func (f *Finished) Done(i int64) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	k := f.find(i)
	return k < len(f.runs) && f.runs[k].lo <= i
}

// Add records trials [lo, hi) as finished.
func (f *Finished) Add(lo, hi int64) {
	if lo >= hi {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.add(span{lo, hi - 1})
}

// add merges s into the runs.
func (f *Finished) add(s span) {
	k := f.find(s.lo - 1) // the first run that may touch s
	j := k
	for j < len(f.runs) && f.runs[j].lo <= s.hi+1 {
		f.count -= f.runs[j].hi - f.runs[j].lo + 1
		s.lo, s.hi = min(s.lo, f.runs[j].lo), max(s.hi, f.runs[j].hi)
		j++
	}
	f.count += s.hi - s.lo + 1
	f.runs = slices.Replace(f.runs, k, j, s)
}

// Count returns the number of finished trials.
func (f *Finished) Count() int64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.count
}

// Unfinished returns the ranges [lo, hi) of the run's trials not yet
// finished, in order.
func (f *Finished) Unfinished() [][2]int64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out [][2]int64
	at := f.first
	for _, s := range f.runs {
		if s.lo > at {
			out = append(out, [2]int64{at, s.lo})
		}
		at = s.hi + 1
	}
	if at < f.end {
		out = append(out, [2]int64{at, f.end})
	}
	return out
}

// String lists the finished trials as ranges, e.g. "0-17999,18200-40000".
func (f *Finished) String() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	parts := make([]string, len(f.runs))
	for k, s := range f.runs {
		if s.lo == s.hi {
			parts[k] = strconv.FormatInt(s.lo, 10)
		} else {
			parts[k] = fmt.Sprintf("%d-%d", s.lo, s.hi)
		}
	}
	return strings.Join(parts, ",")
}

// ParseFinished reads what String wrote for a run of trials first …
// first+trials−1.
func ParseFinished(s string, first, trials int64) (*Finished, error) {
	f := NewFinished(first, trials)
	if s == "" {
		return f, nil
	}
	for _, part := range strings.Split(s, ",") {
		a, b, isRange := strings.Cut(part, "-")
		lo, err1 := strconv.ParseInt(a, 10, 64)
		hi, err2 := lo, error(nil)
		if isRange {
			hi, err2 = strconv.ParseInt(b, 10, 64)
		}
		if err1 != nil || err2 != nil || lo < first || hi < lo || hi >= f.end {
			return nil, fmt.Errorf("bad trial range %q for trials %d..%d", part, first, f.end-1)
		}
		f.add(span{lo, hi})
	}
	return f, nil
}
