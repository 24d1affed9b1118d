package analysis

import (
	"slices"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/sim"
)

// Headline is what a run's headline says: the share of trials each side
// won by a victory, the share each side ended by each of its battle's
// non-victory ends (rules.NonVictory: a ship that escaped), and the share
// with neither. These partition the trials whatever the options score as a
// win: Win counts a scored non-victory end as its side's win, the headline
// does not.
type Headline struct {
	// Victories[A] and [B] are the trials each side won by a victory;
	// Victories[None] the trials no side won and no side ended by a
	// non-victory end.
	Victories [3]Share
	// NonVictories are the battle's non-victory ends, in Spec order.
	NonVictories []NonVictoryShare
}

// NonVictoryShare is one non-victory end and the trials each side ended
// the battle so.
type NonVictoryShare struct {
	rules.NonVictory
	// By[A] and By[B] are the trials side a and side b ended so (By[None]
	// is empty).
	By [3]Share
}

// Headline returns the run's headline. A non-victory end whose side
// counters the tally lacks (a result of a crucible that did not count
// them) cannot be told apart, and stays among the wins it is scored as.
func (r *Result) Headline() Headline {
	t := r.Tally
	count := [3]int64{t.Wins[rules.None], t.Wins[rules.A], t.Wins[rules.B]}
	var h Headline
	for _, nv := range r.Spec.NonVictories {
		by, ok := sideCounts(t, nv.End)
		if !ok {
			continue
		}
		s := NonVictoryShare{NonVictory: nv}
		for _, side := range []rules.Side{rules.A, rules.B} {
			s.By[side] = share(by[side], t.Trials)
			if nv.Scored {
				count[side] -= by[side]
			} else {
				count[rules.None] -= by[side]
			}
		}
		h.NonVictories = append(h.NonVictories, s)
	}
	for side, k := range count {
		h.Victories[side] = share(k, t.Trials)
	}
	return h
}

// Differs reports whether the headline's victories differ from the
// scored wins: the battle scores a non-victory end as a win, or counts
// one as no winner, and some trial ended so.
func (h Headline) Differs() bool {
	for _, nv := range h.NonVictories {
		if nv.By[rules.A].K+nv.By[rules.B].K > 0 {
			return true
		}
	}
	return false
}

// sideCounts returns the sums of a non-victory end's side counters,
// indexed by side, and whether the tally has both.
func sideCounts(t *sim.Tally, end string) (by [3]int64, ok bool) {
	for k, name := range rules.NonVictoryCounters(end) {
		i := slices.Index(t.CounterNames, name)
		if i < 0 {
			return by, false
		}
		by[rules.A+rules.Side(k)] = t.Counters[i]
	}
	return by, true
}
