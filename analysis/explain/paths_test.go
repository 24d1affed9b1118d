package explain

import (
	"context"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/crucible-sim/crucible/rules"
)

// duelChain is a chain written for the tests: two sides of hp hit points
// each fire at once every round, a hitting with pa, b with pb; a side at 0
// has lost, both at 0 is no winner (end "mutual"). State a·(hp+1)+b holds
// the hit points left.
type duelChain struct {
	hp     int
	pa, pb float64
}

func (c duelChain) id(a, b int) int      { return a*(c.hp+1) + b }
func (c duelChain) hps(s int) (a, b int) { return s / (c.hp + 1), s % (c.hp + 1) }
func (c duelChain) Start() int           { return c.id(c.hp, c.hp) }
func (c duelChain) Describe(s int) string {
	a, b := c.hps(s)
	return fmt.Sprintf("a %d HP, b %d HP", a, b)
}

func (c duelChain) Spec() rules.Spec {
	return rules.Spec{Ends: []string{"destroyed", "mutual"}, Counters: []rules.Counter{{Name: "a.hp"}}}
}

func (c duelChain) Steps(s int, buf []rules.Step) []rules.Step {
	if _, ok := c.End(s); ok {
		return buf
	}
	a, b := c.hps(s)
	for _, ha := range []bool{false, true} {
		for _, hb := range []bool{false, true} {
			p := pick(ha, c.pa) * pick(hb, c.pb)
			na, nb := a-b2i(hb), b-b2i(ha)
			buf = append(buf, rules.Step{To: c.id(na, nb), P: p, Rounds: 1, Event: fmt.Sprintf("a hits %v, b hits %v", ha, hb)})
		}
	}
	return buf
}

func (c duelChain) End(s int) (rules.ChainEnd, bool) {
	a, b := c.hps(s)
	known := []bool{true}
	switch {
	case a == 0 && b == 0:
		return rules.ChainEnd{Winner: rules.None, End: 1, Counters: []int64{0}, Known: known}, true
	case a == 0:
		return rules.ChainEnd{Winner: rules.B, Counters: []int64{0}, Known: known}, true
	case b == 0:
		return rules.ChainEnd{Winner: rules.A, Counters: []int64{int64(a)}, Known: known}, true
	}
	return rules.ChainEnd{}, false
}

func pick(hit bool, p float64) float64 {
	if hit {
		return p
	}
	return 1 - p
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// enumerated is a walk found by bruteForce: its states and probability.
type enumerated struct {
	states []int
	p      float64
}

// bruteForce lists every walk from the start of probability at least
// floor that ends in an outcome meeting cond, most probable first: the
// truth MostProbable is held to, found without its queue or its bound. A
// walk below floor is cut, with all its extensions, none more probable.
func bruteForce(c duelChain, cond rules.Condition, floor float64) []enumerated {
	var out []enumerated
	var walk func(states []int, p float64, rounds int64)
	walk = func(states []int, p float64, rounds int64) {
		s := states[len(states)-1]
		if end, ok := c.End(s); ok {
			if cond.HoldsAt(end.Winner, end.End, rounds, end.Counters, end.Known) {
				out = append(out, enumerated{slices.Clone(states), p})
			}
			return
		}
		if p < floor {
			return
		}
		for _, st := range c.Steps(s, nil) {
			walk(append(states, st.To), p*st.P, rounds+st.Rounds)
		}
	}
	walk([]int{c.Start()}, 1, 0)
	slices.SortStableFunc(out, func(x, y enumerated) int {
		switch {
		case x.p > y.p:
			return -1
		case x.p < y.p:
			return 1
		}
		return 0
	})
	return out
}

// The k most probable paths, their probabilities and their states, are
// those of a brute-force enumeration of every walk, to 1e-12. The
// enumeration cuts walks below 10⁻⁵, so its top k are the truth when its
// k-th is above that.
func TestMostProbableMatchesBruteForce(t *testing.T) {
	c := duelChain{hp: 3, pa: 1.0 / 3, pb: 1.0 / 4} // nothing happens: 2/3 · 3/4 = 1/2
	spec := c.Spec()
	for _, text := range []string{"", "a wins", "b wins, rounds<=4", "no winner", "a wins, rounds>=7", "a wins, counter.a.hp>=2", "rounds!=3, b wins"} {
		cond := condition(t, text, spec)
		got, err := MostProbable(context.Background(), c, cond, 6)
		if err != nil {
			t.Fatal(err)
		}
		want := bruteForce(c, cond, 1e-5)
		if len(got) != min(6, len(want)) {
			t.Fatalf("%q: %d paths, want %d", text, len(got), min(6, len(want)))
		}
		if len(want) < 6 || want[5].p < 1e-5 {
			t.Fatalf("%q: the enumeration is too shallow to be the truth", text)
		}
		for i, p := range got {
			if math.Abs(p.P-want[i].p) > 1e-12 {
				t.Errorf("%q path %d: P %.17g, brute force %.17g", text, i, p.P, want[i].p)
			}
			states := []int{c.Start()}
			for _, s := range p.Steps {
				states = append(states, s.To)
			}
			if !cond.HoldsAt(p.Outcome.Winner, p.Outcome.End, p.Rounds, p.Outcome.Counters, p.Outcome.Known) || !tiedOrEqual(want, i, states) {
				t.Errorf("%q path %d: states %v, brute force %v", text, i, states, want[i].states)
			}
		}
	}
}

// tiedOrEqual reports whether states is the i-th walk of want, or one of
// the walks tied with it in probability (their order is the queue's).
func tiedOrEqual(want []enumerated, i int, states []int) bool {
	for _, w := range want {
		if math.Abs(w.p-want[i].p) <= 1e-15 && slices.Equal(w.states, states) {
			return true
		}
	}
	return false
}

// A cancelled search returns the context's error.
func TestMostProbableStops(t *testing.T) {
	c := duelChain{hp: 3, pa: 1.0 / 3, pb: 1.0 / 4}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := MostProbable(ctx, c, condition(t, "", c.Spec()), 3); err == nil {
		t.Fatal("no error")
	}
}
