package sim

import "github.com/crucible-sim/crucible/rules"

// chunkCounts tallies a worker's chunk of trials into the chunk's Tally at
// the least cost a trial can bear, for the cheapest battles (a duel of one
// Interceptor a side is some 80 ns): a histogram's Add, its bin, extremes
// and 128-bit sums, cost some 50 instructions a counter, a tenth of such
// a trial.
//
// A distribution counter's value, or a trial's rounds, that is below the
// length of its small array is only counted there, one increment; the
// histogram (its bin, count, extremes and exact sums) and the counter's
// sums take it once per value, at the end of the chunk (fold). The range
// check of the increment is also the check that the value is not
// negative, which a histogram cannot hold. Every sum is an integer's and
// every extreme exact, neither depending on the order the values come
// in, so the tally is the one Tally.Add would give, trial by trial.
type chunkCounts struct {
	plain    []int        // the indices of the counters that are no distribution
	dists    [][]int64    // per Tally.Dists: the trials that gave each value below the length
	winDists [][3][]int64 // per Tally.WinDists, per winner
	rounds   []int64      // the trials that lasted each number of rounds below the length
}

// The lengths of the small arrays: survivors of a type or a task force
// are fewer than smallDist, the rounds of most battles fewer than
// smallRounds. Larger values take Hist.Add at once.
const (
	smallDist   = 64
	smallRounds = 256
)

func newChunkCounts(t *Tally) *chunkCounts {
	c := &chunkCounts{dists: make([][]int64, len(t.Dists)), winDists: make([][3][]int64, len(t.WinDists)), rounds: make([]int64, smallRounds)}
	for i := range t.Counters {
		if !t.isDist(i) {
			c.plain = append(c.plain, i)
		}
	}
	for k := range c.dists {
		c.dists[k] = make([]int64, smallDist)
	}
	for k := range c.winDists {
		for s := range c.winDists[k] {
			c.winDists[k][s] = make([]int64, smallDist)
		}
	}
	return c
}

// add tallies outcome o, whose end and winner are valid, into t, and
// reports false, tallying nothing, for an outcome with negative rounds or
// a negative value of a distribution counter.
func (c *chunkCounts) add(t *Tally, o *rules.Outcome) bool {
	if uint64(o.Rounds) >= smallRounds {
		return c.addRare(t, o)
	}
	for _, i := range t.DistOf {
		if uint64(o.Counters[i]) >= smallDist {
			return c.addRare(t, o)
		}
	}
	c.addTrial(t, o)
	for k, i := range t.DistOf {
		c.dists[k][o.Counters[i]]++
	}
	for k, i := range t.WinDistOf {
		c.winDists[k][o.Winner][o.Counters[i]]++
	}
	c.rounds[o.Rounds]++
	return true
}

// addRare is add for an outcome with a value no small array holds:
// refused when negative, counted by Hist.Add at once when large.
func (c *chunkCounts) addRare(t *Tally, o *rules.Outcome) bool {
	if o.Rounds < 0 {
		return false
	}
	for _, i := range t.DistOf {
		if o.Counters[i] < 0 {
			return false
		}
	}
	c.addTrial(t, o)
	for k, i := range t.DistOf {
		if v := o.Counters[i]; v < smallDist {
			c.dists[k][v]++
		} else {
			t.Dists[k].Add(v)
			t.sum(i, v)
		}
	}
	for k, i := range t.WinDistOf {
		if v := o.Counters[i]; v < smallDist {
			c.winDists[k][o.Winner][v]++
		} else {
			t.WinDists[k][o.Winner].Add(v)
		}
	}
	if o.Rounds < smallRounds {
		c.rounds[o.Rounds]++
	} else {
		t.Rounds.Add(o.Rounds)
	}
	return true
}

// addTrial counts the trial, its winner and end, and the sums of the
// counters that are no distribution.
func (c *chunkCounts) addTrial(t *Tally, o *rules.Outcome) {
	t.Trials++
	t.Wins[o.Winner]++
	t.Ends[o.End]++
	for _, i := range c.plain {
		t.sum(i, o.Counters[i])
	}
}

// fold brings t up to date with the values counted in the small arrays,
// and empties them.
func (c *chunkCounts) fold(t *Tally) {
	for k, i := range t.DistOf {
		for v, n := range c.dists[k] {
			if n != 0 {
				t.Dists[k].AddN(int64(v), n)
				t.sumN(i, int64(v), n)
				c.dists[k][v] = 0
			}
		}
	}
	for k := range t.WinDistOf {
		for s := range c.winDists[k] {
			for v, n := range c.winDists[k][s] {
				if n != 0 {
					t.WinDists[k][s].AddN(int64(v), n)
					c.winDists[k][s][v] = 0
				}
			}
		}
	}
	for r, n := range c.rounds {
		if n != 0 {
			t.Rounds.AddN(int64(r), n)
			c.rounds[r] = 0
		}
	}
}
