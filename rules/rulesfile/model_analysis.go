package rulesfile

import (
	"fmt"
	"math/bits"
	"regexp"
	"slices"
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
	b := m.b
	m.exch = make([]bool, len(b.types))
	contest := false
	for _, st := range m.steps {
		contest = contest || st.phase.kind == phContest
	}
	for t, ut := range b.types {
		if ut.count < 2 {
			m.exch[t] = true
			continue
		}
		// A hook lists units in order; a contest's champion is the side's
		// first unit not destroyed; and every policy but random breaks ties
		// of hit points by the units' order, which tracks tell apart.
		ok := b.hooks == nil && !contest
		if len(b.unitTrk) > 0 && b.policies[1-ut.side] != polRandom {
			ok = false
		}
		m.exch[t] = ok && !m.orderedByEach(t) && !m.orderedByFire(t)
	}
}

// orderedByEach reports whether an each phase runs type t's effects in a
// way the order of its units changes: effects that reach beyond the unit
// itself (other units, the sides, the end of the battle).
func (m *Model) orderedByEach(t int) bool {
	for _, st := range m.steps {
		if st.phase.kind != phEach {
			continue
		}
		e := &st.phase.each[t]
		if e.when != nil && !selfOnly(e.when) {
			return true
		}
		if !selfContained(e.do) {
			return true
		}
	}
	return false
}

// selfContained reports whether effects change and read only the unit
// they run for.
func selfContained(list []*effectC) bool {
	for _, e := range list {
		switch e.kind {
		case efDamage:
			if !e.toSelf || !rollSelfOnly(e.roll) {
				return false
			}
		case efRoll:
			if !rollSelfOnly(e.roll) {
				return false
			}
		case efSet, efAdd, efRaise, efLower:
			if e.who != 0 || !selfOnly(e.value) {
				return false
			}
		case efIf:
			if !selfOnly(e.value) || !selfContained(e.then) || !selfContained(e.els) {
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
func selfOnly(e *cexpr) bool {
	if e == nil {
		return true
	}
	for _, v := range e.vars {
		switch v.kind {
		case vUnitHP, vUnitAlive, vUnitTrack:
			if v.role != roleSelf {
				return false
			}
		case vSideAgg, vSideTrack, vSideVal:
			return false
		}
	}
	return true
}

func rollSelfOnly(rc *rollC) bool {
	ok := true
	rc.walk(func(e *cexpr) { ok = ok && selfOnly(e) })
	return ok
}

// readsSelfState reports whether an expression reads the state of its
// self unit (its hit points, whether it is alive, its tracks).
func readsSelfState(e *cexpr) bool {
	if e == nil {
		return false
	}
	for _, v := range e.vars {
		if (v.kind == vUnitHP || v.kind == vUnitAlive || v.kind == vUnitTrack) && v.role == roleSelf {
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
	for _, wu := range m.b.types[t].weapons {
		w := wu.w
		perUnit := readsSelfState(w.attacks) || readsSelfState(w.reroll.e) || readsSelfState(w.explode.e) || readsSelfState(w.crit.e)
		for _, ht := range w.hit {
			perUnit = perUnit || readsSelfState(ht.e)
		}
		if w.budget >= 0 && perUnit {
			return true
		}
		if m.byMatters(w) {
			return true
		}
	}
	return false
}

// byMatters reports whether resolving a hit of w reads the state of the
// unit that fired it.
func (m *Model) byMatters(w *weaponC) bool {
	reads := false
	for u := range w.hit {
		if w.dynMask&(1<<uint(u)) != 0 {
			reads = reads || readsSelfState(w.hit[u].e)
		}
		reads = reads || readsSelfState(w.wound[u].e) || readsSelfState(w.critWound[u].e) || readsSelfState(w.save[u].e) || readsSelfState(w.reduce[u])
		if w.damage[u] != nil {
			w.damage[u].walk(func(e *cexpr) { reads = reads || readsSelfState(e) })
		}
	}
	return reads
}

// walk calls fn with every expression of the roll.
func (rc *rollC) walk(fn func(*cexpr)) {
	if rc == nil {
		return
	}
	for _, e := range []*cexpr{rc.value, rc.dice, rc.plus, rc.reroll.e, rc.explode.e, rc.count.e} {
		if e != nil {
			fn(e)
		}
	}
}

// walkEffects calls fn with every effect of a list, nested ones included.
func walkEffects(list []*effectC, fn func(*effectC)) {
	for _, e := range list {
		fn(e)
		walkEffects(e.then, fn)
		walkEffects(e.els, fn)
		if e.contest != nil {
			walkEffects(e.contest.win[0], fn)
			walkEffects(e.contest.lose[0], fn)
		}
	}
}

// effectExprs calls fn with every expression of an effect (not of the
// effects nested in it).
func effectExprs(e *effectC, fn func(*cexpr)) {
	e.roll.walk(fn)
	if e.value != nil {
		fn(e.value)
	}
	if e.contest != nil {
		e.contest.roll[0].walk(fn)
		e.contest.against[0].walk(fn)
	}
}

// walkExprs calls fn with every compiled expression of the battle; phase
// tells whether it is evaluated during the battle (false: at its end, a
// counter).
func (m *Model) walkExprs(fn func(e *cexpr, duringBattle bool)) {
	b := m.b
	during := func(e *cexpr) { fn(e, true) }
	for _, ut := range b.types {
		for _, wu := range ut.weapons {
			w := wu.w
			for _, e := range []*cexpr{w.attacks, w.reroll.e, w.explode.e, w.crit.e} {
				if e != nil {
					during(e)
				}
			}
			for u := range w.hit {
				for _, e := range []*cexpr{w.hit[u].e, w.wound[u].e, w.critWound[u].e, w.save[u].e, w.reduce[u]} {
					if e != nil {
						during(e)
					}
				}
				w.damage[u].walk(during)
			}
		}
	}
	effects := func(list []*effectC) {
		walkEffects(list, func(e *effectC) { effectExprs(e, during) })
	}
	for _, st := range m.steps {
		p := st.phase
		switch p.kind {
		case phContest:
			for i := range p.contest.roll {
				p.contest.roll[i].walk(during)
				effects(p.contest.win[i])
				effects(p.contest.lose[i])
			}
		case phEach:
			for _, e := range p.each {
				if e.when != nil {
					during(e.when)
				}
				effects(e.do)
			}
		}
	}
	for _, e := range b.ends {
		for _, w := range e.when {
			if w != nil {
				during(w)
			}
		}
	}
	for _, c := range b.counters {
		for _, v := range c.value {
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
	b := m.b
	m.walkExprs(func(e *cexpr, during bool) {
		for _, v := range e.vars {
			if v.kind != vRound {
				continue
			}
			if !during {
				m.roundRead = true
			}
			m.roundSat = max(m.roundSat, lastChange(e, &v))
		}
	})
	if b.hooks != nil && hookReadsRound.MatchString(b.hooks.src.Src) {
		m.roundRead = true
	}
}

// lastChange returns the greatest round r at which the table's value
// differs from its value at r − 1, all else equal (0 if none).
func lastChange(e *cexpr, v *varRef) int32 {
	last := int32(0)
	for idx := range e.table {
		r := (int32(idx)/v.stride)%v.n + v.lo
		if r-v.lo >= 1 && e.table[idx] != e.table[int32(idx)-v.stride] && r > last {
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
	b := m.b
	var out []string
	seen := map[string]bool{}
	for _, st := range m.steps {
		for _, t := range st.fire {
			ut := b.types[t]
			for _, wu := range ut.weapons {
				w := wu.w
				if st.phase.group != "" && w.decl.Group != st.phase.group {
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
func (m *Model) blockOrder(ut *unitType, w *weaponC) string {
	b := m.b
	pol := b.policies[ut.side]
	groups := map[[2]int32][]hitClass{}
	add := func(c hitClass) {
		key := [2]int32{0, 0}
		switch pol {
		case polKillGreedy, polLargestFirst, polPriority:
			key = [2]int32{w.policyDmg, int32(bits.OnesCount64(c.mask))}
		}
		if !slices.Contains(groups[key], c) {
			groups[key] = append(groups[key], c)
		}
	}
	for fi := range w.die {
		mask := w.faceMask[fi] | w.dynMask
		if mask == 0 {
			continue
		}
		face := int32(-1)
		if w.dynMask != 0 {
			face = m.faceRep(w, int32(fi))
		}
		crits := []bool{false}
		if w.crit.set && w.decl.CritWounds {
			switch {
			case w.crit.e != nil:
				crits = []bool{false, true}
			case w.crit.mask[fi]:
				crits = []bool{true}
			}
		}
		for _, c := range crits {
			add(hitClass{mask: mask, crit: c, face: face})
		}
		if w.decl.CritHits > 0 {
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
				sideLetters[ut.side], b.sides[ut.side].policyName, ut.name, w.decl.Name, why)
		}
	}
	return ""
}

// faceRep returns the first face index whose hit tests against every
// target type whose test reads the state are the same as fi's: hits of
// the two faces are assigned alike.
func (m *Model) faceRep(w *weaponC, fi int32) int32 {
	for fj := int32(0); fj < fi; fj++ {
		same := w.faceMask[fj]|w.dynMask == w.faceMask[fi]|w.dynMask
		for u := range w.hit {
			if same && w.dynMask&(1<<uint(u)) != 0 {
				same = sameFaceColumn(w.hit[u].e, fi, fj)
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
func sameFaceColumn(e *cexpr, fi, fj int32) bool {
	k := slices.IndexFunc(e.vars, func(v varRef) bool { return v.kind == vFace })
	if k < 0 {
		return true
	}
	v := e.vars[k]
	for idx := range e.table {
		f := (int32(idx) / v.stride) % v.n
		if f == fi && e.table[idx] != e.table[int32(idx)+(fj-fi)*v.stride] {
			return false
		}
	}
	return true
}
