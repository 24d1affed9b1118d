package fight

import (
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulesfile/program"
)

// ended reports whether the battle is over, ending it when a side has no
// unit left; settle is called only when a side may have none (the counts
// are never negative: their min is 0 then, and ended stays short enough
// to inline).
func (f *Fighter) ended() bool {
	return (f.Over || min(f.Agg[0][program.AggAlive], f.Agg[1][program.AggAlive]) == 0) && f.Settle()
}

// Settle ends the battle when a side has no unit left.
func (f *Fighter) Settle() bool {
	switch {
	case f.Over:
		return true
	case f.Agg[0][program.AggAlive] == 0 && f.Agg[1][program.AggAlive] == 0:
		f.Finish(rules.None, program.EndMutual)
	case f.Agg[0][program.AggAlive] == 0:
		f.Finish(rules.B, program.EndDestroyed)
	case f.Agg[1][program.AggAlive] == 0:
		f.Finish(rules.A, program.EndDestroyed)
	default:
		return false
	}
	return true
}

func (f *Fighter) Finish(w rules.Side, end int) {
	if !f.Over {
		f.Over, f.winner, f.end = true, w, end
	}
}

// CheckEnds tests the file's ends checked at the start (0) or the end (1)
// of a round.
func (f *Fighter) CheckEnds(when int) {
	ends := f.B.EndsAt[when]
	if f.endsFresh[when] {
		return
	}
	if len(ends) == 0 { // none to find until a change makes it worth a look
		f.endsFresh[when] = true
		return
	}
	sides := [2]EvalContext{{Unit: noUnits, Side: 0}, {Unit: noUnits, Side: 1}}
	for _, e := range ends {
		met := [2]bool{f.Val(e.When[0], &sides[0]) != 0, f.Val(e.When[1], &sides[1]) != 0}
		if !met[0] && !met[1] {
			continue
		}
		s := 0
		if !met[0] {
			s = 1
		}
		f.Reach(e, s, met[0] && met[1])
		return
	}
	f.endsFresh[when] = f.B.EndsOnSides
}

// Reach ends the battle with end e, met by side s (or by both).
func (f *Fighter) Reach(e *program.End, s int, both bool) {
	if f.Over {
		return
	}
	f.Finish(e.WinnerOf(s, both), e.Index)
	if !both {
		f.ender = s
	}
	if f.log != nil {
		who := f.B.Sides[s].Label
		if both {
			who = "both sides"
		}
		f.log.printf("  %s: %s (%s)\n", who, e.Decl.Name, e.Decl.Doc)
	}
}
