package sim

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Chunks records which chunks of a run have finished, so that an
// interrupted run can be resumed without fighting any trial twice. It is
// safe for concurrent use.
//
// The record is a sorted list of runs of finished chunks. Chunks are started
// in order and finish within a few of each other, so the list stays a few
// runs long however many chunks a run has (10^11 for 10^14 trials).
type Chunks struct {
	mu   sync.Mutex
	n    int64
	runs []span // disjoint, sorted, not adjacent
}

// span is the chunks lo..hi, inclusive.
type span struct{ lo, hi int64 }

// NewChunks returns an empty record for n chunks.
func NewChunks(n int64) *Chunks { return &Chunks{n: n} }

// Len returns the number of chunks recorded.
func (c *Chunks) Len() int64 { return c.n }

// find returns the index of the first run that ends at or after i.
func (c *Chunks) find(i int64) int {
	k, _ := slices.BinarySearchFunc(c.runs, i, func(s span, i int64) int {
		if s.hi < i {
			return -1
		}
		return 1
	})
	return k
}

// Done reports whether chunk i finished.
func (c *Chunks) Done(i int64) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	k := c.find(i)
	return k < len(c.runs) && c.runs[k].lo <= i
}

// NextUndone returns the first chunk at or after i that has not finished
// (Len if none).
func (c *Chunks) NextUndone(i int64) int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	if k := c.find(i); k < len(c.runs) && c.runs[k].lo <= i {
		return c.runs[k].hi + 1
	}
	return i
}

func (c *Chunks) mark(i int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.add(span{i, i})
}

// add merges s into the runs.
func (c *Chunks) add(s span) {
	k := c.find(s.lo - 1) // the first run that may touch s
	j := k
	for j < len(c.runs) && c.runs[j].lo <= s.hi+1 {
		s.lo, s.hi = min(s.lo, c.runs[j].lo), max(s.hi, c.runs[j].hi)
		j++
	}
	c.runs = slices.Replace(c.runs, k, j, s)
}

// Count returns the number of finished chunks.
func (c *Chunks) Count() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	var n int64
	for _, s := range c.runs {
		n += s.hi - s.lo + 1
	}
	return n
}

// String lists the finished chunks as ranges, e.g. "0-17,19,21-40".
func (c *Chunks) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	parts := make([]string, len(c.runs))
	for k, s := range c.runs {
		if s.lo == s.hi {
			parts[k] = strconv.FormatInt(s.lo, 10)
		} else {
			parts[k] = fmt.Sprintf("%d-%d", s.lo, s.hi)
		}
	}
	return strings.Join(parts, ",")
}

// ParseChunks reads what String wrote for a run of n chunks.
func ParseChunks(s string, n int64) (*Chunks, error) {
	c := NewChunks(n)
	if s == "" {
		return c, nil
	}
	for _, part := range strings.Split(s, ",") {
		a, b, isRange := strings.Cut(part, "-")
		lo, err1 := strconv.ParseInt(a, 10, 64)
		hi, err2 := lo, error(nil)
		if isRange {
			hi, err2 = strconv.ParseInt(b, 10, 64)
		}
		if err1 != nil || err2 != nil || lo < 0 || hi < lo || hi >= n {
			return nil, fmt.Errorf("bad chunk range %q for %d chunks", part, n)
		}
		c.add(span{lo, hi})
	}
	return c, nil
}
