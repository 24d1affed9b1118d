package exact

import (
	"slices"

	"github.com/crucible-sim/crucible/rules/eclipse"
)

// choices adds a roll whose alternatives are every distinct outcome of
// assigning the prepared volley's dice (§6 `optimal`): each die, in (damage
// desc, #H asc) order, to a ship it hits that is not doomed, if any.
func (s *solver[T, A]) choices(t int, p T, outcome func(*eclipse.State) volleyOut) error {
	w := s.w
	e := &assignments[T, A]{s: s, units: s.dieUnits(), seen: map[uint64]bool{}, outcome: outcome}
	for j := range w.NTargets {
		e.rem[j] = w.Targets[j].Rem
		w.Add[j] = 0
	}
	e.last = make([]int, len(e.units))
	e.place(0)
	if e.err != nil {
		return e.err
	}
	s.roll(p, e.outs...)
	return nil
}

// dieUnit is one die of the prepared volley, as Work's classes count them.
type dieUnit struct {
	dmg   int16
	hits  uint8
	class int8
	nh    int // enemy ships it hits
}

// dieUnits lists the prepared volley's dice in the order choices assigns
// them: damage descending, then fewest ships hit first.
func (s *solver[T, A]) dieUnits() []dieUnit {
	w := s.w
	var units []dieUnit
	for ci := range w.NClasses {
		cl := w.Classes[ci]
		nh := 0
		for j := range w.NTargets {
			if cl.Hits&(1<<w.Targets[j].Type) != 0 {
				nh++
			}
		}
		for range cl.N {
			units = append(units, dieUnit{cl.Dmg, cl.Hits, int8(ci), nh})
		}
	}
	slices.SortStableFunc(units, func(a, b dieUnit) int {
		if a.dmg != b.dmg {
			return int(b.dmg - a.dmg)
		}
		return a.nh - b.nh
	})
	return units
}

// assignments enumerates the assignments of one volley's dice (see
// choices), passing over those that only permute identical dice or
// identical ships, and collects their distinct outcomes.
type assignments[T any, A num[T]] struct {
	s       *solver[T, A]
	units   []dieUnit
	rem     [eclipse.MaxTargets]int16 // per target: hit points left
	last    []int                     // per die: the target it went to
	outs    []volleyOut
	seen    map[uint64]bool // enemy sub-keys in outs
	err     error
	outcome func(*eclipse.State) volleyOut
}

// place assigns die u and the dice after it. Identical dice take
// non-decreasing targets, and of identical ships only the first is tried.
func (e *assignments[T, A]) place(u int) {
	if e.err != nil {
		return
	}
	if e.err = e.s.bud.spend(1); e.err != nil {
		return
	}
	if u == len(e.units) {
		e.leaf()
		return
	}
	w := e.s.w
	un := e.units[u]
	start := 0
	if u > 0 && e.units[u-1].class == un.class {
		start = e.last[u-1] // identical dice: non-decreasing targets
	}
	any := false
	for j := start; j < w.NTargets; j++ {
		if !e.eligible(un, j) {
			continue
		}
		any = true
		if e.symmetric(un, start, j) {
			continue
		}
		e.rem[j] -= un.dmg
		w.Add[j] += un.dmg
		e.last[u] = j
		e.place(u + 1)
		e.rem[j] += un.dmg
		w.Add[j] -= un.dmg
	}
	if !any {
		for j := 0; j < start; j++ {
			if e.eligible(un, j) {
				return // covered by another order of the identical dice
			}
		}
		e.last[u] = start // every ship it hits is doomed: damage lost
		e.place(u + 1)
	}
}

// eligible reports whether die un may go to target j: it hits the ship,
// which is not doomed yet.
func (e *assignments[T, A]) eligible(un dieUnit, j int) bool {
	return e.rem[j] > 0 && un.hits&(1<<e.s.w.Targets[j].Type) != 0
}

// symmetric reports whether an identical ship (same type, same hit points
// left) before target j, from start on, already takes die un.
func (e *assignments[T, A]) symmetric(un dieUnit, start, j int) bool {
	tg := &e.s.w.Targets
	for j2 := start; j2 < j; j2++ {
		if e.eligible(un, j2) && tg[j2].Type == tg[j].Type && e.rem[j2] == e.rem[j] {
			return true
		}
	}
	return false
}

// leaf applies a complete assignment and keeps its outcome if new.
func (e *assignments[T, A]) leaf() {
	s := e.s
	if e.err = s.bud.spend(engineSteps); e.err != nil {
		return
	}
	s.st2 = s.st
	s.c.ApplyDamage(&s.st2, s.w)
	out := e.outcome(&s.st2)
	if !e.seen[out.e] {
		e.seen[out.e] = true
		e.outs = append(e.outs, out)
	}
}
