package rulestest

import (
	"fmt"

	"github.com/crucible-sim/crucible/rules"
)

// nonVictorySpec returns what is wrong with a spec's non-victory ends
// (rules.NonVictory): each must be a declared end, declared once, with
// both of its side counters.
func nonVictorySpec(spec rules.Spec) (problems []string) {
	seen := map[string]bool{}
	for _, nv := range spec.NonVictories {
		switch {
		case spec.EndIndex(nv.End) < 0:
			problems = append(problems, fmt.Sprintf("non-victory end %q is not one of the ends %v", nv.End, spec.Ends))
			continue
		case seen[nv.End]:
			problems = append(problems, fmt.Sprintf("non-victory end %q is declared twice", nv.End))
		}
		seen[nv.End] = true
		for _, c := range rules.NonVictoryCounters(nv.End) {
			if spec.CounterIndex(c) < 0 {
				problems = append(problems, fmt.Sprintf("non-victory end %q: no counter %s says which side ended the battle so", nv.End, c))
			}
		}
	}
	return problems
}

// nonVictoryOutcome returns "" when o keeps to its spec's non-victory ends,
// else what is wrong: in a trial that ends by a non-victory end exactly one
// side's counter of it is 1, and the winner is that side when the end is
// scored and nobody otherwise; in any other trial both counters are 0. A
// spec nonVictorySpec finds fault with is not checked here.
func nonVictoryOutcome(spec rules.Spec, o *rules.Outcome) string {
	if len(nonVictorySpec(spec)) > 0 {
		return ""
	}
	for _, nv := range spec.NonVictories {
		names := rules.NonVictoryCounters(nv.End)
		by := [2]int64{o.Counters[spec.CounterIndex(names[0])], o.Counters[spec.CounterIndex(names[1])]}
		if spec.Ends[o.End] != nv.End {
			if by != [2]int64{} {
				return fmt.Sprintf("end %s, but %s = %d and %s = %d (want 0 unless the end is %s)", spec.Ends[o.End], names[0], by[0], names[1], by[1], nv.End)
			}
			continue
		}
		var side rules.Side
		switch by {
		case [2]int64{1, 0}:
			side = rules.A
		case [2]int64{0, 1}:
			side = rules.B
		default:
			return fmt.Sprintf("end %s, with %s = %d and %s = %d: exactly one side ends a battle so", nv.End, names[0], by[0], names[1], by[1])
		}
		want := rules.None
		if nv.Scored {
			want = side
		}
		if o.Winner != want {
			return fmt.Sprintf("end %s by side %s, scored %v, but the winner is %s (want %s)", nv.End, side, nv.Scored, o.Winner, want)
		}
	}
	return ""
}
