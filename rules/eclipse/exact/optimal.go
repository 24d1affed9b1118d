package exact

import (
	"fmt"
	"slices"

	"github.com/crucible-sim/crucible/rules/eclipse"
)

// choices adds a roll whose alternatives are every distinct outcome of
// assigning the prepared volley's dice (§6 `optimal`): each die, in (damage
// desc, #H asc) order, to a ship it hits that is not doomed, if any.
func (s *solver[T, A]) choices(t int, p T, outcome func(*eclipse.State) volleyOut) error {
	c, w := s.c, s.w
	type unit struct {
		dmg   int16
		hits  uint8
		class int8
		nh    int
	}
	var units []unit
	for ci := range w.NClasses {
		cl := w.Classes[ci]
		nh := 0
		for j := range w.NTargets {
			if cl.Hits&(1<<w.Targets[j].Type) != 0 {
				nh++
			}
		}
		for range cl.N {
			units = append(units, unit{cl.Dmg, cl.Hits, int8(ci), nh})
		}
	}
	slices.SortStableFunc(units, func(a, b unit) int {
		if a.dmg != b.dmg {
			return int(b.dmg - a.dmg)
		}
		return a.nh - b.nh
	})
	nt := w.NTargets
	var rem [eclipse.MaxTargets]int16
	for j := range nt {
		rem[j] = w.Targets[j].Rem
		w.Add[j] = 0
	}
	last := make([]int, len(units))
	var outs []volleyOut
	seen := map[uint64]bool{}
	var firstErr error
	var rec func(u int)
	rec = func(u int) {
		if firstErr != nil {
			return
		}
		if u == len(units) {
			s.leaves++
			if s.leaves > s.opt.MaxAssignments {
				firstErr = fmt.Errorf("exact: %w: the optimal policy would enumerate more than %d assignments; run Monte Carlo with a fixed policy instead (crucible run)", ErrBudget, s.opt.MaxAssignments)
				return
			}
			s.st2 = s.st
			c.ApplyDamage(&s.st2, w)
			out := outcome(&s.st2)
			if !seen[out.e] {
				seen[out.e] = true
				outs = append(outs, out)
			}
			return
		}
		un := units[u]
		start := 0
		if u > 0 && units[u-1].class == un.class {
			start = last[u-1] // identical dice: non-decreasing targets
		}
		eligible := func(j int) bool { return rem[j] > 0 && un.hits&(1<<w.Targets[j].Type) != 0 }
		any := false
		for j := start; j < nt; j++ {
			if !eligible(j) {
				continue
			}
			any = true
			dup := false
			for j2 := start; j2 < j; j2++ {
				if eligible(j2) && w.Targets[j2].Type == w.Targets[j].Type && rem[j2] == rem[j] {
					dup = true // an identical ship earlier: symmetric
					break
				}
			}
			if dup {
				continue
			}
			rem[j] -= un.dmg
			w.Add[j] += un.dmg
			last[u] = j
			rec(u + 1)
			rem[j] += un.dmg
			w.Add[j] -= un.dmg
		}
		if !any {
			for j := 0; j < start; j++ {
				if eligible(j) {
					return // covered by another order of the identical dice
				}
			}
			last[u] = start // every ship it hits is doomed: damage lost
			rec(u + 1)
		}
	}
	rec(0)
	if firstErr != nil {
		return firstErr
	}
	s.roll(p, outs...)
	return nil
}
