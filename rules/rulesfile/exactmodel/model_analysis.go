package exactmodel

import (
	"fmt"
	"math/bits"
	"regexp"
	"slices"

	"github.com/crucible-sim/crucible/rules/rulesfile/program"
)

// This file works out, once per model, what the exact walk may rely on:
// which units are interchangeable, how far the round matters, and whether
// every step's hits can be assigned without knowing the order their dice
// fell in.

// exchangeable marks the unit types whose units nothing tells apart but
// their states (§ The model): the battle never picks one of them by its
// place in the scenario's order among units in different states. A type
// of one unit is trivially so.
func (m *Model) exchangeable() {
	b := m.B
	m.exch = make([]bool, len(b.Types))
	contest := false
	for _, st := range m.StepList {
		contest = contest || st.Phase.Kind == program.PhContest
	}
	for t, ut := range b.Types {
		if ut.Count < 2 {
			m.exch[t] = true
			continue
		}
		// A hook lists units in order; a contest's champion is the side's
		// first unit not destroyed; and every policy but random breaks ties
		// of hit points by the units' order, which tracks tell apart.
		ok := b.Hooks == nil && !contest
		if len(b.UnitTrk) > 0 && b.Policies[1-ut.Side] != program.PolRandom {
			ok = false
		}
		m.exch[t] = ok && !m.orderedByEach(t) && !m.orderedByFire(t)
	}
}

// orderedByEach reports whether an each phase runs type t's effects in a
// way the order of its units changes: effects that reach beyond the unit
// itself (other units, the sides, the end of the battle).
func (m *Model) orderedByEach(t int) bool {
	for _, st := range m.StepList {
		if st.Phase.Kind != program.PhEach {
			continue
		}
		e := &st.Phase.Each[t]
		if e.When != nil && !selfOnly(e.When) {
			return true
		}
		if !selfContained(e.Do) {
			return true
		}
	}
	return false
}

// selfContained reports whether effects change and read only the unit
// they run for.
func selfContained(list []*program.Effect) bool {
	for _, e := range list {
		switch e.Kind {
		case program.EfDamage:
			if !e.ToSelf || !rollSelfOnly(e.Roll) {
				return false
			}
		case program.EfRoll:
			if !rollSelfOnly(e.Roll) {
				return false
			}
		case program.EfSet, program.EfAdd, program.EfRaise, program.EfLower:
			if e.Who != 0 || !selfOnly(e.Value) {
				return false
			}
		case program.EfIf:
			if !selfOnly(e.Value) || !selfContained(e.Then) || !selfContained(e.Els) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// selfOnly reports whether an expression reads nothing of the state but
// its own unit's, the round, the face and named rolls.
func selfOnly(e *program.Expr) bool {
	if e == nil {
		return true
	}
	for _, v := range e.Vars {
		switch v.Kind {
		case program.VUnitHP, program.VUnitAlive, program.VUnitTrack:
			if v.Role != program.RoleSelf {
				return false
			}
		case program.VSideAgg, program.VSideTrack, program.VSideVal:
			return false
		}
	}
	return true
}

func rollSelfOnly(rc *program.Roll) bool {
	ok := true
	rc.Walk(func(e *program.Expr) { ok = ok && selfOnly(e) })
	return ok
}

// readsSelfState reports whether an expression reads the state of its
// self unit (its hit points, whether it is alive, its tracks).
func readsSelfState(e *program.Expr) bool {
	if e == nil {
		return false
	}
	for _, v := range e.Vars {
		if (v.Kind == program.VUnitHP || v.Kind == program.VUnitAlive || v.Kind == program.VUnitTrack) && v.Role == program.RoleSelf {
			return true
		}
	}
	return false
}

// orderedByFire reports whether type t's fire depends on the order of its
// units: a shared re-roll budget spent die by die by units whose dice
// differ with their states, or hits whose resolution reads the state of
// the unit that fired them (which plain volleys take as the type's first
// unit, and other volleys resolve unit by unit in order).
func (m *Model) orderedByFire(t int) bool {
	for _, wu := range m.B.Types[t].Weapons {
		w := wu.W
		perUnit := readsSelfState(w.Attacks) || readsSelfState(w.Reroll.E) || readsSelfState(w.Explode.E) || readsSelfState(w.Crit.E)
		for _, ht := range w.Hit {
			perUnit = perUnit || readsSelfState(ht.E)
		}
		if w.Budget >= 0 && perUnit {
			return true
		}
		if m.ByMatters(w) {
			return true
		}
	}
	return false
}

// ByMatters reports whether resolving a hit of w reads the state of the
// unit that fired it.
func (m *Model) ByMatters(w *program.Weapon) bool {
	reads := false
	for u := range w.Hit {
		if w.DynMask&(1<<uint(u)) != 0 {
			reads = reads || readsSelfState(w.Hit[u].E)
		}
		reads = reads || readsSelfState(w.Wound[u].E) || readsSelfState(w.CritWound[u].E) || readsSelfState(w.Save[u].E) || readsSelfState(w.Reduce[u])
		if w.Damage[u] != nil {
			w.Damage[u].Walk(func(e *program.Expr) { reads = reads || readsSelfState(e) })
		}
	}
	return reads
}

// walkEffects calls fn with every effect of a list, nested ones included.
func walkEffects(list []*program.Effect, fn func(*program.Effect)) {
	for _, e := range list {
		fn(e)
		walkEffects(e.Then, fn)
		walkEffects(e.Els, fn)
		if e.Contest != nil {
			walkEffects(e.Contest.Win[0], fn)
			walkEffects(e.Contest.Lose[0], fn)
		}
	}
}

// effectExprs calls fn with every expression of an effect (not of the
// effects nested in it).
func effectExprs(e *program.Effect, fn func(*program.Expr)) {
	e.Roll.Walk(fn)
	if e.Value != nil {
		fn(e.Value)
	}
	if e.Contest != nil {
		e.Contest.Roll[0].Walk(fn)
		e.Contest.Against[0].Walk(fn)
	}
}

// walkExprs calls fn with every compiled expression of the battle; phase
// tells whether it is evaluated during the battle (false: at its end, a
// counter).
func (m *Model) walkExprs(fn func(e *program.Expr, duringBattle bool)) {
	b := m.B
	during := func(e *program.Expr) { fn(e, true) }
	for _, ut := range b.Types {
		for _, wu := range ut.Weapons {
			w := wu.W
			for _, e := range []*program.Expr{w.Attacks, w.Reroll.E, w.Explode.E, w.Crit.E} {
				if e != nil {
					during(e)
				}
			}
			for u := range w.Hit {
				for _, e := range []*program.Expr{w.Hit[u].E, w.Wound[u].E, w.CritWound[u].E, w.Save[u].E, w.Reduce[u]} {
					if e != nil {
						during(e)
					}
				}
				w.Damage[u].Walk(during)
			}
		}
	}
	effects := func(list []*program.Effect) {
		walkEffects(list, func(e *program.Effect) { effectExprs(e, during) })
	}
	for _, st := range m.StepList {
		p := st.Phase
		switch p.Kind {
		case program.PhContest:
			for i := range p.Contest.Roll {
				p.Contest.Roll[i].Walk(during)
				effects(p.Contest.Win[i])
				effects(p.Contest.Lose[i])
			}
		case program.PhEach:
			for _, e := range p.Each {
				if e.When != nil {
					during(e.When)
				}
				effects(e.Do)
			}
		}
	}
	for _, e := range b.Ends {
		for _, w := range e.When {
			if w != nil {
				during(w)
			}
		}
	}
	for _, c := range b.Counters {
		for _, v := range c.Value {
			if v != nil {
				fn(v, false)
			}
		}
	}
}

// hookReadsRound finds a hook reading the round number.
var hookReadsRound = regexp.MustCompile(`\.\s*round\b`)

// rounds works out from which round on no expression tells rounds apart,
// and whether the round itself is read (by a counter or a hook).
func (m *Model) rounds() {
	b := m.B
	m.walkExprs(func(e *program.Expr, during bool) {
		for _, v := range e.Vars {
			if v.Kind != program.VRound {
				continue
			}
			if !during {
				m.roundRead = true
			}
			m.roundSat = max(m.roundSat, lastChange(e, &v))
		}
	})
	if b.Hooks != nil && hookReadsRound.MatchString(b.Hooks.Src.Src) {
		m.roundRead = true
	}
}

// lastChange returns the greatest round r at which the table's value
// differs from its value at r − 1, all else equal (0 if none).
func lastChange(e *program.Expr, v *program.VarRef) int32 {
	last := int32(0)
	for idx := range e.Table {
		r := (int32(idx)/v.Stride)%v.N + v.Lo
		if r-v.Lo >= 1 && e.Table[idx] != e.Table[int32(idx)-v.Stride] && r > last {
			last = r
		}
	}
	return last
}

// contestNotes says where a contest re-rolls its ties: the exact answer
// sums their geometric series, where the fighter stops after maxRerolls
// ties in a row.
func (m *Model) contestNotes() {}

// hitClass is what the assignment of a hit depends on, within one block of
// dice (one weapon of one unit type, or of one unit): the target types it
// reaches, whether it is critical (when criticals skip the wound roll) and
// its face (when whether it hits depends on the target's state).
type hitClass struct {
	mask uint64
	crit bool
	face int32
}

// checkHitOrder finds the fire steps whose hits a side assigns in an order
// that depends on how their dice fell: its policy orders hits by their
// damage and the targets they reach (kill-greedy, largest-first,
// priority) or not at all (weakest, random), and the fighter takes hits
// that tie in that order as their dice fell. The exact walk counts dice
// by outcome and cannot tell that order, so two hits of one block that
// tie and differ are beyond it.
func (m *Model) checkHitOrder() []string {
	b := m.B
	var out []string
	seen := map[string]bool{}
	for _, st := range m.StepList {
		for _, t := range st.Fire {
			ut := b.Types[t]
			for _, wu := range ut.Weapons {
				w := wu.W
				if st.Phase.Group != "" && w.Decl.Group != st.Phase.Group {
					continue
				}
				if msg := m.blockOrder(ut, w); msg != "" && !seen[msg] {
					seen[msg] = true
					out = append(out, msg)
				}
			}
		}
	}
	return out
}

// blockOrder checks one block of dice: the hits weapon w of type ut can
// roll.
func (m *Model) blockOrder(ut *program.UnitType, w *program.Weapon) string {
	b := m.B
	pol := b.Policies[ut.Side]
	groups := map[[2]int32][]hitClass{}
	add := func(c hitClass) {
		key := [2]int32{0, 0}
		switch pol {
		case program.PolKillGreedy, program.PolLargestFirst, program.PolPriority:
			key = [2]int32{w.PolicyDmg, int32(bits.OnesCount64(c.mask))}
		}
		if !slices.Contains(groups[key], c) {
			groups[key] = append(groups[key], c)
		}
	}
	for fi := range w.Die {
		mask := w.FaceMask[fi] | w.DynMask
		if mask == 0 {
			continue
		}
		face := int32(-1)
		if w.DynMask != 0 {
			face = m.FaceRep(w, int32(fi))
		}
		crits := []bool{false}
		if w.Crit.Set && w.Decl.CritWounds {
			switch {
			case w.Crit.E != nil:
				crits = []bool{false, true}
			case w.Crit.Mask[fi]:
				crits = []bool{true}
			}
		}
		for _, c := range crits {
			add(hitClass{mask: mask, crit: c, face: face})
		}
		if w.Decl.CritHits > 0 {
			add(hitClass{mask: mask, face: face})
		}
	}
	for _, g := range groups {
		if len(g) > 1 {
			why := "reach different units"
			if g[0].mask == g[1].mask {
				why = "are critical or not, and criticals skip the wound roll"
				if g[0].crit == g[1].crit {
					why = "hit or miss as the targets' states change, on different faces"
				}
			}
			return fmt.Sprintf("side %s (%s) takes the hits of %s's %s in the order their dice fell, and they %s: the exact solver follows hits whose order does not matter (a policy that orders them, such as kill-greedy, or hits that reach the same units alike)",
				program.SideLetters[ut.Side], b.Sides[ut.Side].PolicyName, ut.Name, w.Decl.Name, why)
		}
	}
	return ""
}

// FaceRep returns the first face index whose hit tests against every
// target type whose test reads the state are the same as fi's: hits of
// the two faces are assigned alike.
func (m *Model) FaceRep(w *program.Weapon, fi int32) int32 {
	for fj := int32(0); fj < fi; fj++ {
		same := w.FaceMask[fj]|w.DynMask == w.FaceMask[fi]|w.DynMask
		for u := range w.Hit {
			if same && w.DynMask&(1<<uint(u)) != 0 {
				same = sameFaceColumn(w.Hit[u].E, fi, fj)
			}
		}
		if same {
			return fj
		}
	}
	return fi
}

// sameFaceColumn reports whether a table over the face (and other state
// values) takes the same values at face indexes fi and fj.
func sameFaceColumn(e *program.Expr, fi, fj int32) bool {
	k := slices.IndexFunc(e.Vars, func(v program.VarRef) bool { return v.Kind == program.VFace })
	if k < 0 {
		return true
	}
	v := e.Vars[k]
	for idx := range e.Table {
		f := (int32(idx) / v.Stride) % v.N
		if f == fi && e.Table[idx] != e.Table[int32(idx)+(fj-fi)*v.Stride] {
			return false
		}
	}
	return true
}
