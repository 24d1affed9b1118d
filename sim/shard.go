package sim

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// Shard is part K of N of a run's trials (K from 0 to N−1). The zero value
// is the whole run.
type Shard struct{ K, N int64 }

// ParseShard reads "K/N"; the empty string is the whole run.
func ParseShard(s string) (Shard, error) {
	if s == "" {
		return Shard{}, nil
	}
	a, b, ok := strings.Cut(s, "/")
	k, err1 := strconv.ParseInt(a, 10, 64)
	n, err2 := strconv.ParseInt(b, 10, 64)
	if !ok || err1 != nil || err2 != nil || n < 1 || k < 0 || k >= n {
		return Shard{}, fmt.Errorf("--shard %q: want K/N with 0 ≤ K < N, e.g. 0/4", s)
	}
	return Shard{K: k, N: n}, nil
}

// Whole reports whether s is the whole run.
func (s Shard) Whole() bool { return s.N <= 1 }

// String returns "K/N", or "" for the whole run.
func (s Shard) String() string {
	if s.Whole() {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.K, s.N)
}

// Range returns the first trial and the number of trials of the shard in a
// run of total trials: trials ⌊total·K/N⌋ to ⌊total·(K+1)/N⌋ − 1, so the
// shards of a run are disjoint, cover it, and differ in size by at most one.
func (s Shard) Range(total int64) (first, trials int64) {
	if s.Whole() {
		return 0, total
	}
	first, end := mulDiv(total, s.K, s.N), mulDiv(total, s.K+1, s.N)
	return first, end - first
}

// mulDiv returns ⌊a·b/c⌋ for 0 ≤ b ≤ c without overflow.
func mulDiv(a, b, c int64) int64 {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	q, _ := bits.Div64(hi, lo, uint64(c))
	return int64(q)
}
