package exact

import (
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/emojispace"
)

// roundFloat visits the current layer of the floating-point walk, the
// solver's hot loop. It is the generic walk's step, fate, attacks and
// scatter flattened into one loop for the common case, where each ship
// has one move and neither surrenders nor escapes (§12 steps 2, 6, 7). Any
// other pair of states goes through step.
func roundFloat(fw *walk[float64], round int) {
	c := fw.c
	turnsA, turnsB := c.turns[0], c.turns[1]
	cur := fw.cur
	atCap := round == fw.m.b.Opt.MaxRounds
	for i, a := range cur.as {
		ta := turnsA.get(a)
		var ma *move // ship a's one calm move, or nil
		if ta.n == 1 && turnsA.moves[ta.first].calm {
			ma = &turnsA.moves[ta.first]
		}
		cr := &cur.rows[i]
		for _, b := range cr.touched {
			p := cr.v[b]
			tb := turnsB.get(b)
			if ma == nil || tb.n != 1 || !turnsB.moves[tb.first].calm {
				fw.step(round, ta, tb, p)
				continue
			}
			mb := &turnsB.moves[tb.first]
			// Steps 8-9 (fate).
			la := ma.against(c.out[0], mb.eff[emojispace.Weapon])
			lb := mb.against(c.out[1], ma.eff[emojispace.Weapon])
			// Steps 10-11 (attacksFloat).
			pd := p * (1 / float64(la.den*lb.den))
			if la.mass[destroyed] != 0 || lb.mass[destroyed] != 0 {
				endPairsFloat(fw, round, pd, la, lb)
			}
			if atCap {
				endGroupsFloat(fw, round, emojispace.EndRoundCap, rules.None, pd, la, lb, alive, alive)
				continue
			}
			scatterFloat(fw.next, pd, la.alive, lb.alive)
		}
	}
}

// endPairsFloat is the loop over endPairs in attacksFloat, unrolled.
func endPairsFloat(fw *walk[float64], round int, pd float64, la, lb *outList) {
	ma, mb := la.mass, lb.mass
	if ma[destroyed] != 0 && mb[destroyed] != 0 {
		endGroupFloat(fw, round, emojispace.EndMutualDestruction, rules.None, pd, la, lb, destroyed, destroyed)
	}
	if ma[destroyed] != 0 && mb[alive] != 0 {
		endGroupFloat(fw, round, emojispace.EndDestroyed, rules.B, pd, la, lb, destroyed, alive)
	}
	if ma[alive] != 0 && mb[destroyed] != 0 {
		endGroupFloat(fw, round, emojispace.EndDestroyed, rules.A, pd, la, lb, alive, destroyed)
	}
}

// scatterFloat adds the mass of every pair of alive outcomes, pd per unit
// of weight, to the next layer: attacks' loop over the pairs, for float64.
func scatterFloat(next *layer[float64], pd float64, as, bs []outcome) {
	if cap(next.fresh) < len(bs) {
		next.fresh = make([]uint32, len(bs))
	}
	fresh := next.fresh[:len(bs)]
	for i := range as {
		pa := pd * as[i].wf
		if pa == 0 { // underflow: nothing to carry
			continue
		}
		r := rowFloat(next, as[i].key)
		if nf := addRow(r.v, pa, bs, fresh); nf > 0 {
			r.touched = append(r.touched, fresh[:nf]...)
		}
	}
}

// addRow adds pa·w for every outcome of bs, of weight w, to its state's
// cell of the row vector v, as layer.addTo does, and lists in fresh the
// states it reaches first, returning their number. It makes no call, so
// that the compiler keeps the innermost loop's values in registers.
func addRow(v []float64, pa float64, bs []outcome, fresh []uint32) int {
	nf := 0
	for k := range bs {
		ob := &bs[k]
		q := pa * ob.wf
		if x := v[ob.key]; x != 0 {
			v[ob.key] = x + q
		} else if q != 0 {
			v[ob.key] = q
			fresh[nf] = ob.key
			nf++
		}
	}
	return nf
}

// rowFloat is layer.row for float64, a direct call where the generic
// method goes through its shape's dictionary.
func rowFloat(l *layer[float64], a uint32) *row[float64] {
	if int(a) < len(l.slot) {
		if i := l.slot[a]; i >= 0 && len(l.rows[i].v) >= len(l.sdB.states) {
			return &l.rows[i]
		}
	}
	return &l.rows[l.open(a)]
}
