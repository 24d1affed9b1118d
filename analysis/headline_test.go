package analysis

import (
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/sim"
)

// escapes tallies ten duels in which an escape is not a victory: a
// destroys b 4 times and escapes twice, b destroys a twice and escapes
// once, one reaches the cap. scored says whether the escaping ship is
// scored the winner; counted whether the battle counts who escaped.
func escapes(scored, counted bool) *Result {
	spec := rules.Spec{Ends: []string{"destroyed", "escaped", "round-cap"},
		NonVictories: []rules.NonVictory{{End: "escaped", Scored: scored}}}
	var cs rules.Counters
	by := [2]int{-1, -1}
	if counted {
		by = cs.Sides("escaped", "")
	}
	spec.Counters = cs.List()
	t := sim.NewTally(spec)
	o := sim.NewOutcome(spec)
	for _, f := range []struct {
		winner rules.Side
		end    int
		fled   int
	}{{rules.A, 0, -1}, {rules.A, 0, -1}, {rules.A, 0, -1}, {rules.A, 0, -1}, {rules.B, 0, -1}, {rules.B, 0, -1},
		{rules.A, 1, 0}, {rules.A, 1, 0}, {rules.B, 1, 1}, {rules.None, 2, -1}} {
		o.Reset()
		o.Winner, o.End, o.Rounds = f.winner, f.end, 1
		if f.fled >= 0 {
			if !scored {
				o.Winner = rules.None
			}
			if counted {
				o.Counters[by[f.fled]] = 1
			}
		}
		t.Add(o)
	}
	return &Result{Spec: spec, Tally: t, Planned: t.Trials}
}

// The headline counts as victories only the wins by a victory, and gives
// each side's escapes apart, whether the options score an escape as the
// escaper's win or as no winner; the scored wins stay what claims read.
func TestHeadline(t *testing.T) {
	for _, c := range []struct {
		name            string
		scored, counted bool
		wins            [3]int64 // none, a, b: what the options score
		victories       [3]int64
		escaped         [3]int64
		differs         bool
	}{
		{"escaper-wins", true, true, [3]int64{1, 6, 3}, [3]int64{1, 4, 2}, [3]int64{0, 2, 1}, true},
		{"no-winner", false, true, [3]int64{4, 4, 2}, [3]int64{1, 4, 2}, [3]int64{0, 2, 1}, true},
		// A tally without the side counters (an older result) cannot
		// tell the escapes apart: they stay where they are scored.
		{"not counted", true, false, [3]int64{1, 6, 3}, [3]int64{1, 6, 3}, [3]int64{}, false},
	} {
		r := escapes(c.scored, c.counted)
		h := r.Headline()
		var wins, victories, escaped [3]int64
		for s := range 3 {
			wins[s], victories[s] = r.Win(rules.Side(s)).K, h.Victories[s].K
		}
		if len(h.NonVictories) == 1 {
			for s := range 3 {
				escaped[s] = h.NonVictories[0].By[s].K
			}
			if h.NonVictories[0].End != "escaped" || h.NonVictories[0].Scored != c.scored {
				t.Errorf("%s: non-victory %+v", c.name, h.NonVictories[0].NonVictory)
			}
		} else if c.counted {
			t.Errorf("%s: %d non-victory ends, want 1", c.name, len(h.NonVictories))
		}
		if wins != c.wins || victories != c.victories || escaped != c.escaped || h.Differs() != c.differs {
			t.Errorf("%s: wins %v, victories %v, escaped %v, differs %v; want %v, %v, %v, %v",
				c.name, wins, victories, escaped, h.Differs(), c.wins, c.victories, c.escaped, c.differs)
		}
		if p := h.Victories[rules.A]; p.N != 10 || p.Lo > p.P || p.Hi < p.P {
			t.Errorf("%s: victories of a %+v are not a share of the 10 trials", c.name, p)
		}
	}
	// No non-victory end: the headline is the wins.
	r := escapes(true, true)
	r.Spec.NonVictories = nil
	if h := r.Headline(); h.Victories[rules.A].K != 6 || h.Differs() {
		t.Errorf("without non-victory ends: %+v", h)
	}
}
