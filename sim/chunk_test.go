package sim

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/crucible-sim/crucible/rules"
)

// chunkSpec has a plain counter, a distribution counter and one by
// winner.
func chunkSpec() rules.Spec {
	var cs rules.Counters
	cs.Add("plain", "any integer")
	cs.Dist("dist", "a distribution")
	cs.DistByWinner("by-winner", "a distribution by winner")
	return rules.Spec{Ends: []string{"one", "two"}, Counters: cs.List(), RoundsUnit: "rounds"}
}

// chunkCounts tallies a chunk to the very tally Tally.Add gives trial by
// trial, whatever the values: below the small arrays' lengths, at them
// and far above (Hist.Add at once), for the counters and the rounds; and
// an outcome with a negative distribution value or rounds is refused with
// nothing of it tallied.
func TestChunkCountsAsAdd(t *testing.T) {
	spec := chunkSpec()
	r := rand.New(rand.NewPCG(1, 2))
	value := func(small int64) int64 {
		switch r.IntN(10) {
		case 0:
			return small - 1 + r.Int64N(3) // about the length
		case 1:
			return r.Int64N(1 << 20) // binned
		}
		return r.Int64N(small)
	}
	want, got := NewTally(spec), NewTally(spec)
	c := newChunkCounts(got)
	for trial := range 5000 {
		o := &rules.Outcome{Winner: rules.Side(r.IntN(3)), End: r.IntN(2), Rounds: value(smallRounds),
			Counters: []int64{r.Int64N(1<<21) - 1<<20, value(smallDist), value(smallDist)}}
		want.Add(o)
		if !c.add(got, o) {
			t.Fatalf("trial %d refused: %+v", trial, o)
		}
		if trial%700 == 0 {
			c.fold(got) // chunk ends
		}
	}
	for _, bad := range []rules.Outcome{
		{Rounds: -1, Counters: []int64{0, 0, 0}},
		{Rounds: 3, Counters: []int64{0, -1, 0}},
		{Rounds: 3, Counters: []int64{0, 2, -5}},
		{Rounds: 1 << 20, Counters: []int64{0, 1 << 20, -5}},
	} {
		if c.add(got, &bad) {
			t.Errorf("%+v was tallied", bad)
		}
	}
	c.fold(got)
	w, _ := json.Marshal(want)
	g, _ := json.Marshal(got)
	if string(w) != string(g) || want.Overflow() != nil || got.Overflow() != nil {
		t.Errorf("chunk counts:\n%s\nTally.Add:\n%s\n(%v, %v)", g, w, got.Overflow(), want.Overflow())
	}
	// A sum past what int64 holds is an overflow either way.
	for _, v := range []int64{3, 1 << 40} {
		o := &rules.Outcome{Rounds: 1, Counters: []int64{0, v, 0}}
		want, got := NewTally(spec), NewTally(spec)
		c := newChunkCounts(got)
		for range 3 {
			want.Add(o)
			c.add(got, o)
		}
		c.fold(got)
		if (want.Overflow() == nil) != (v == 3) || (got.Overflow() == nil) != (v == 3) {
			t.Errorf("value %d: overflow %v, Tally.Add's %v", v, got.Overflow(), want.Overflow())
		}
	}
}
