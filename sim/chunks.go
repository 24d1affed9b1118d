package sim

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// Chunks records which chunks of a run have finished, so that an
// interrupted run can be resumed without fighting any trial twice. It is
// safe for concurrent use.
type Chunks struct {
	mu   sync.Mutex
	done []bool
}

// NewChunks returns an empty record for n chunks.
func NewChunks(n int64) *Chunks { return &Chunks{done: make([]bool, n)} }

// Len returns the number of chunks recorded.
func (c *Chunks) Len() int64 { return int64(len(c.done)) }

// Done reports whether chunk i finished.
func (c *Chunks) Done(i int64) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.done[i]
}

func (c *Chunks) mark(i int64) {
	c.mu.Lock()
	c.done[i] = true
	c.mu.Unlock()
}

// Count returns the number of finished chunks.
func (c *Chunks) Count() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	var n int64
	for _, d := range c.done {
		if d {
			n++
		}
	}
	return n
}

// String lists the finished chunks as ranges, e.g. "0-17,19,21-40".
func (c *Chunks) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var parts []string
	for i := 0; i < len(c.done); {
		if !c.done[i] {
			i++
			continue
		}
		j := i
		for j+1 < len(c.done) && c.done[j+1] {
			j++
		}
		if i == j {
			parts = append(parts, strconv.Itoa(i))
		} else {
			parts = append(parts, fmt.Sprintf("%d-%d", i, j))
		}
		i = j + 1
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
		for i := lo; i <= hi; i++ {
			c.done[i] = true
		}
	}
	return c, nil
}
