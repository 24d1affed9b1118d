package rules

import "slices"

// NonVictory declares an end reason that is not a victory: a battle that
// ends so was won by nobody, whoever the rule options score as its winner.
// A side wins a battle when its enemy is destroyed, surrenders or leaves the
// field to it; a side that leaves the field itself — a ship that escapes —
// has not won, even where the game scores it so (EmojiSpace's escape-result:
// escaper-wins). Reports count as a side's victories only the trials it won
// by another end, and give each side's non-victory ends apart, whatever the
// options say about who wins (Outcome.Winner, win.a and win.b keep what the
// options score, as claims read them).
//
// A battle that declares a non-victory end also declares the summed side
// counters NonVictoryCounters names, "a.<end>" and "b.<end>" (a.escaped:
// the trials in which ship a escaped), and its outcomes keep to them: in a
// trial that ends so, exactly one of the two is 1 — the side that ended the
// battle so — and Winner is that side when Scored, None otherwise; in any
// other trial both are 0. The conformance kit (rules/rulestest) checks it.
type NonVictory struct {
	// End is the end reason, one of Spec.Ends.
	End string
	// Scored says that the options in force score the side that ends the
	// battle so as its winner; otherwise such a battle has no winner.
	Scored bool
}

// NonVictoryCounters returns the names of the side counters of a
// non-victory end, side a's first: "a.<end>" and "b.<end>".
func NonVictoryCounters(end string) [2]string {
	return [2]string{SideCounter(A, end), SideCounter(B, end)}
}

// NonVictory returns the declaration of the named end reason when it is a
// non-victory end of s.
func (s Spec) NonVictory(end string) (NonVictory, bool) {
	i := slices.IndexFunc(s.NonVictories, func(nv NonVictory) bool { return nv.End == end })
	if i < 0 {
		return NonVictory{}, false
	}
	return s.NonVictories[i], true
}
