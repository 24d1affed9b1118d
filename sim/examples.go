package sim

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/crucible-sim/crucible/rules"
)

// Examples keeps a few trials of each outcome bucket of a run — a winner,
// an end reason and a range of rounds — to replay as examples of how a
// battle ends so: in each bucket, the ExamplesPerBucket trials of smallest
// priority (Priority: a hash of seed, scenario key and trial index, of
// which the outcome knows nothing). Those are a uniform sample of the
// bucket's trials (bottom-k sampling), and the smallest of a union are the
// smallest of the smallest of its parts, so that merging two keeps the
// same trials in any order: a run's examples are the same for any workers,
// chunking, shards or resume, as its tally is.
//
// Offering a trial costs a hash, the bucket's index and one comparison
// with the bucket's threshold: the largest priority it keeps once full,
// which most trials are above.
type Examples struct {
	ends int
	// per is the most trials a bucket keeps.
	per int
	// thr[b] is the priority a trial must not be above to enter bucket
	// b: noPriority while b keeps fewer than per trials, its largest
	// priority once it keeps per (at that priority, a smaller trial
	// index enters).
	thr []uint64
	// kept[b] are bucket b's trials, by increasing priority (ties, which
	// a 53-bit hash makes rare, by trial index).
	kept [][]Example
	// touched lists the buckets that keep any trial, so that Reset is
	// as cheap as the buckets a chunk filled.
	touched []int
}

// Example is a trial kept as an example, with its priority.
type Example struct {
	Trial    int64
	Priority uint64
}

// ExamplesPerBucket is how many trials a run keeps of each bucket.
const ExamplesPerBucket = 4

// RoundRanges is the number of ranges of rounds the buckets tell apart:
// 0, 1, 2–3, 4–7, …, 2^13–2^14−1, and 2^14 or more (RoundRange).
const RoundRanges = 16

// noPriority is above every priority: priorities have 53 bits, which a
// JSON reader holds exactly in a double.
const noPriority = 1 << 53

// prioritySalt makes a trial's priority a hash of its own, apart from the
// two words that seed its stream.
const prioritySalt = 0x3c6ef372fe94f82b

// priority is the priority of the trial whose first seed word is w1.
func priority(w1 uint64) uint64 { return mix(w1^prioritySalt) >> 11 }

// Priority returns the priority of trial i of a run with the given seed
// and key: the order in which the trials of one bucket are taken as
// examples.
func Priority(seed, key uint64, i int64) uint64 {
	w1, _ := NewStreams(seed, key).Trial(i)
	return priority(w1)
}

// RoundRange returns the index of the range of rounds r falls in, and
// RoundBounds that range's bounds.
func RoundRange(r int64) int { return min(bits.Len64(uint64(r)), RoundRanges-1) }

// RoundBounds returns the rounds of range k, lo to hi (hi < 0: no bound).
func RoundBounds(k int) (lo, hi int64) {
	switch {
	case k == 0:
		return 0, 0
	case k == RoundRanges-1:
		return 1 << (k - 1), -1
	}
	return 1 << (k - 1), 1<<k - 1
}

// newExamples returns empty examples of a battle with the given number of
// end reasons.
func newExamples(ends int) *Examples {
	n := 3 * max(ends, 1) * RoundRanges
	e := &Examples{ends: ends, per: ExamplesPerBucket, thr: make([]uint64, n), kept: make([][]Example, n)}
	for b := range e.thr {
		e.thr[b] = noPriority
	}
	return e
}

// Bucket returns the index of the bucket of an outcome.
func (e *Examples) Bucket(winner rules.Side, end int, rounds int64) int {
	return (int(winner)*e.ends+end)*RoundRanges + RoundRange(rounds)
}

// BucketOf returns the winner, end and range of rounds of bucket b.
func (e *Examples) BucketOf(b int) (winner rules.Side, end, rounds int) {
	return rules.Side(b / RoundRanges / e.ends), b / RoundRanges % e.ends, b % RoundRanges
}

// offer considers trial i, whose outcome is o and whose first seed word
// is w1.
func (e *Examples) offer(w1 uint64, i int64, o *rules.Outcome) {
	p := priority(w1)
	b := e.Bucket(o.Winner, o.End, o.Rounds)
	if p <= e.thr[b] { // at equal priorities the trial index decides, in keep
		e.keep(b, Example{i, p})
	}
}

// keep adds x to bucket b, dropping the bucket's largest once it holds
// more than per.
func (e *Examples) keep(b int, x Example) {
	k := e.kept[b]
	at, found := slices.BinarySearchFunc(k, x, compareExamples)
	if found {
		return // the same trial, from two parts that overlap
	}
	if at == e.per {
		return // after the per smallest
	}
	if len(k) == 0 {
		e.touched = append(e.touched, b)
	}
	k = slices.Insert(k, at, x)
	if len(k) > e.per {
		k = k[:e.per]
	}
	if len(k) == e.per {
		e.thr[b] = k[len(k)-1].Priority
	}
	e.kept[b] = k
}

func compareExamples(a, b Example) int {
	switch {
	case a.Priority != b.Priority:
		if a.Priority < b.Priority {
			return -1
		}
		return 1
	case a.Trial != b.Trial:
		if a.Trial < b.Trial {
			return -1
		}
		return 1
	}
	return 0
}

// Kept returns the trials bucket b keeps, by increasing priority, and
// whether it keeps every trial of the run that fell in it (it holds fewer
// than it could): else it holds the bucket's per trials of smallest
// priority, all below Threshold(b).
func (e *Examples) Kept(b int) (trials []Example, all bool) {
	return e.kept[b], len(e.kept[b]) < e.per
}

// Buckets returns the number of buckets.
func (e *Examples) Buckets() int { return len(e.kept) }

// merge adds o's examples into e; the two must be of battles with as many
// end reasons.
func (e *Examples) merge(o *Examples) {
	e.per = min(e.per, o.per)
	for _, b := range o.touched {
		for _, x := range o.kept[b] {
			if x.Priority <= e.thr[b] {
				e.keep(b, x)
			}
		}
	}
	for _, b := range e.touched {
		if len(e.kept[b]) > e.per { // o kept fewer a bucket
			e.kept[b] = e.kept[b][:e.per]
			e.thr[b] = e.kept[b][e.per-1].Priority
		}
	}
	slices.Sort(e.touched)
}

// reset empties e, keeping its storage.
func (e *Examples) reset() {
	for _, b := range e.touched {
		e.kept[b] = e.kept[b][:0]
		e.thr[b] = noPriority
	}
	e.touched = e.touched[:0]
}

// clone returns a deep copy of e.
func (e *Examples) clone() *Examples {
	c := newExamples(e.ends)
	c.per = e.per
	c.merge(e)
	return c
}

// examplesJSON is the examples of a tally in its JSON: the buckets that
// keep any trial, in bucket order.
type examplesJSON struct {
	PerBucket int                 `json:"per_bucket"`
	Buckets   []exampleBucketJSON `json:"buckets"`
}

// exampleBucketJSON is one bucket: its winner, end and rounds (to: absent
// for the last range, which has no bound), and its trials with their
// priorities.
type exampleBucketJSON struct {
	Winner     string   `json:"winner"`
	End        string   `json:"end"`
	RoundsFrom int64    `json:"rounds_from"`
	RoundsTo   *int64   `json:"rounds_to,omitempty"`
	Trials     []int64  `json:"trials"`
	Priorities []uint64 `json:"priorities"`
}

// marshal writes e, the end reasons being named by endNames.
func (e *Examples) marshal(endNames []string) examplesJSON {
	j := examplesJSON{PerBucket: e.per, Buckets: []exampleBucketJSON{}}
	for _, b := range slices.Sorted(slices.Values(e.touched)) {
		w, end, r := e.BucketOf(b)
		lo, hi := RoundBounds(r)
		x := exampleBucketJSON{Winner: w.String(), End: endNames[end], RoundsFrom: lo}
		if hi >= 0 {
			x.RoundsTo = &hi
		}
		for _, k := range e.kept[b] {
			x.Trials = append(x.Trials, k.Trial)
			x.Priorities = append(x.Priorities, k.Priority)
		}
		j.Buckets = append(j.Buckets, x)
	}
	return j
}

// unmarshalExamples reads the examples of a tally whose end reasons are
// endNames, checking that each bucket is one a run fills.
func unmarshalExamples(j *examplesJSON, endNames []string) (*Examples, error) {
	if j.PerBucket < 1 || j.PerBucket > ExamplesPerBucket {
		return nil, fmt.Errorf("examples: per_bucket %d (allowed: 1 to %d)", j.PerBucket, ExamplesPerBucket)
	}
	e := newExamples(len(endNames))
	e.per = j.PerBucket
	for _, x := range j.Buckets {
		b, err := bucketOfJSON(e, x, endNames)
		if err != nil {
			return nil, err
		}
		if len(e.kept[b]) > 0 || len(x.Trials) != len(x.Priorities) || len(x.Trials) == 0 || len(x.Trials) > e.per {
			return nil, fmt.Errorf("examples: bucket %s/%s/%d: repeated, or not 1 to %d trials each with its priority", x.Winner, x.End, x.RoundsFrom, e.per)
		}
		for k, i := range x.Trials {
			p := x.Priorities[k]
			if i < 0 || i >= MaxTrials || p >= noPriority || k > 0 && compareExamples(Example{x.Trials[k-1], x.Priorities[k-1]}, Example{i, p}) >= 0 {
				return nil, fmt.Errorf("examples: bucket %s/%s/%d: trials out of range or not in order of priority", x.Winner, x.End, x.RoundsFrom)
			}
			e.keep(b, Example{i, p})
		}
	}
	return e, nil
}

// bucketOfJSON returns the index of a bucket read from JSON.
func bucketOfJSON(e *Examples, x exampleBucketJSON, endNames []string) (int, error) {
	w := slices.Index([]string{"none", "a", "b"}, x.Winner)
	end := slices.Index(endNames, x.End)
	r := RoundRange(x.RoundsFrom)
	lo, hi := RoundBounds(r)
	if w < 0 || end < 0 || x.RoundsFrom < 0 || lo != x.RoundsFrom || (x.RoundsTo == nil) != (hi < 0) || x.RoundsTo != nil && *x.RoundsTo != hi {
		return 0, fmt.Errorf("examples: no bucket of winner %q, end %q and rounds from %d", x.Winner, x.End, x.RoundsFrom)
	}
	return e.Bucket(rules.Side(w), end, x.RoundsFrom), nil
}
