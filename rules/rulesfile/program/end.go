package program

import (
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulesfile/document"
)

// Builtin end indexes in Spec.Ends.
const (
	EndDestroyed = iota
	EndMutual
	EndRoundCap
	nBuiltinEnds
)

// End is a compiled end of the file's own.
type End struct {
	Decl    *document.EndDecl
	Index   int      // in Spec.Ends
	When    [2]*Expr // per side
	check   int      // 0 round-start, 1 round-end, -1 only by `end`
	SideCtr [2]int   // a.<end>, b.<end> for an end that is not a victory; −1 otherwise
}

// aggregates returns the bits of the sides' aggregates e's condition
// reads (Battle.endsAgg).
func (e *End) aggregates() uint8 {
	var bits uint8
	for _, c := range e.When {
		for _, v := range c.Vars {
			if v.Kind == VSideAgg {
				k := v.Which
				if k == AggLost { // lost is alive worked out
					k = AggAlive
				}
				bits |= 1 << k
			}
		}
	}
	return bits
}

// WinnerOf returns who wins when side s meets end e (or both sides do).
func (e *End) WinnerOf(s int, both bool) rules.Side {
	if both {
		return rules.None
	}
	switch e.Decl.Winner {
	case "self":
		return rules.Side(s + 1)
	case "a":
		return rules.A
	case "b":
		return rules.B
	case "none":
		return rules.None
	}
	return rules.Side(2 - s)
}

// counter is a compiled counter of the file's own.
type counter struct {
	decl  *document.CounterDecl
	Index [2]int // a's (or the battle's) and b's
	Value [2]*Expr
}
