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
//
// It does not scatter each pair's mass over the pairs of its outcomes, as
// attacks does. Ship a's outcomes depend on ship b only through b's
// weapon band, so a state of ship a meets few outcome lists of its own in
// a round, one per band among the states of ship b it is paired with: the
// loop first sums, for each such list, the mass of ship b's outcomes over
// all those states (rowSums), then spreads each sum over the list's
// outcomes. P5 against N5b makes 1.6 million additions that way, not 2.3.
// The mass that ends before the round cap is summed likewise. The pair of
// a state with one pair, and every pair in the round cap, goes on its own
// (pairFloat). It visits the states of ship a numbered from to to−1 in
// the layer (run calls it a slice of the layer at a time, and looks at
// its context between two).
func roundFloat(fw *walk[float64], round, from, to int) {
	c := fw.c
	turnsA, turnsB := c.turns[0], c.turns[1]
	cur := fw.cur
	atCap := round == fw.m.b.Opt.MaxRounds
	for i := from; i < to; i++ {
		a := cur.as[i]
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
			// Steps 10-11.
			if atCap || len(cr.touched) == 1 { // nothing to sum
				pairFloat(fw, round, p, la, lb)
				continue
			}
			fw.sums.add(la, lb, p, fw.m.sides[1].reached())
		}
		fw.sums.scatter(fw, round)
	}
}

// pairFloat spreads the mass p of a pair of states, whose outcome lists are
// la and lb, over the ends and the next round, on its own.
func pairFloat(fw *walk[float64], round int, p float64, la, lb *outList) {
	if round == fw.m.b.Opt.MaxRounds {
		endAllFloat(fw, round, p, la, lb)
		return
	}
	if la.mass[destroyed] != 0 || lb.mass[destroyed] != 0 {
		endPairsFloat(fw, round, p, la, lb)
	}
	fw.sums.scatterPair(fw.next, p, la.alive, lb.alive)
}

// endAllFloat ends every pair of outcomes of a pair of states of mass p
// in the round cap (§12 steps 10-11): those where a ship is destroyed, and
// the others.
func endAllFloat(fw *walk[float64], round int, p float64, la, lb *outList) {
	if la.mass[destroyed] != 0 || lb.mass[destroyed] != 0 {
		endPairsFloat(fw, round, p, la, lb)
	}
	endGroupsFloat(fw, round, emojispace.EndRoundCap, rules.None, p, la, lb, alive, alive)
}

// endPairsFloat is the loop over endPairs in attacks, unrolled.
func endPairsFloat(fw *walk[float64], round int, p float64, la, lb *outList) {
	ma, mb := la.mass, lb.mass
	if ma[destroyed] != 0 && mb[destroyed] != 0 {
		endGroupFloat(fw, round, emojispace.EndMutualDestruction, rules.None, p, la, lb, destroyed, destroyed)
	}
	if ma[destroyed] != 0 && mb[alive] != 0 {
		endGroupFloat(fw, round, emojispace.EndDestroyed, rules.B, p, la, lb, destroyed, alive)
	}
	if ma[alive] != 0 && mb[destroyed] != 0 {
		endGroupFloat(fw, round, emojispace.EndDestroyed, rules.A, p, la, lb, alive, destroyed)
	}
}

// rowSums is the mass of the pairs of one state of ship a that roundFloat
// has visited, before the round cap: for each outcome list of ship a met,
// the mass per unit of its probability of each state of ship b that goes
// on to the next round, and of ship b being destroyed or not.
type rowSums struct {
	n     int      // sums[:n] are in use, in the order their lists were met
	sums  []bSum   // kept for reuse past n
	fresh []uint32 // scratch for scatter
}

// bSum is ship b's mass with one outcome list of ship a, per unit of the
// list's probabilities.
type bSum struct {
	la          *outList
	dead, alive float64   // of ship b's destroyed outcomes and of the others
	v           []float64 // that goes on, over ship b's states
	touched     []uint32  // ship b's states in v, in the order first reached
}

// add adds a pair of states of mass p, whose outcome lists are la and lb,
// to the sum of la; nB is the number of ship b's states.
func (s *rowSums) add(la, lb *outList, p float64, nB int) {
	// §12 step 10: ship b's share of the counters of the pairs that end
	// now, ship a's and the totals when the sum is scattered. Ship b's
	// destroyed outcomes end against all of ship a's, its others against
	// ship a's destroyed ones.
	lb.ended[destroyed] += p * (la.pf[destroyed] + la.pf[alive])
	lb.ended[alive] += p * la.pf[destroyed]
	u := s.of(la)
	u.dead += p * lb.pf[destroyed]
	u.alive += p * lb.pf[alive]
	if len(u.v) < nB {
		u.widen(nB)
	}
	u.spread(p, lb.alive)
}

// spread adds mass p, spread over ship b's outcomes bs by their
// probabilities, to u's vector.
func (u *bSum) spread(p float64, bs []outcome) {
	v := u.v // a local, which the loop keeps in registers
	for k := range bs {
		ob := &bs[k]
		q := p * ob.wf
		if x := v[ob.key]; x != 0 {
			v[ob.key] = x + q
		} else if q != 0 { // 0: a product underflowed, nothing to carry
			v[ob.key] = q
			u.touched = append(u.touched, ob.key)
		}
	}
}

// of returns the sum of list la, starting it if la has none.
func (s *rowSums) of(la *outList) *bSum {
	if i := int(la.sum); i < s.n && s.sums[i].la == la {
		return &s.sums[i]
	}
	if s.n == len(s.sums) {
		s.sums = append(s.sums, bSum{})
	}
	la.sum = int32(s.n)
	s.n++
	u := &s.sums[s.n-1]
	u.la = la
	return u
}

// widen makes u's vector cover nB states, with room for as many again.
func (u *bSum) widen(nB int) {
	v := make([]float64, max(nB, 2*len(u.v)))
	copy(v, u.v)
	u.v = v
}

// scatter ends the mass of every sum that ends in the round, adds the mass
// that goes on, times the probability of each alive outcome of its list,
// to the next layer, and empties the sums.
func (s *rowSums) scatter(fw *walk[float64], round int) {
	for i := range s.n {
		u := &s.sums[i]
		u.end(fw, round)
		s.scatterSum(fw.next, u)
		u.la, u.dead, u.alive = nil, 0, 0
	}
	s.n = 0
}

// end adds the mass of the sum's pairs that end (§12 step 10) to the
// totals, as endPairsFloat does pair by pair, and ship a's share of the
// counters to its list.
func (u *bSum) end(fw *walk[float64], round int) {
	la := u.la
	ad, aa := la.pf[destroyed], la.pf[alive]
	endFloat(fw, round, emojispace.EndMutualDestruction, rules.None, ad*u.dead)
	endFloat(fw, round, emojispace.EndDestroyed, rules.B, ad*u.alive)
	endFloat(fw, round, emojispace.EndDestroyed, rules.A, aa*u.dead)
	la.ended[destroyed] += u.dead + u.alive
	la.ended[alive] += u.dead
}

// scatterPair adds the mass p of a pair of states, spread over the pairs
// of their alive outcomes as and bs, to the next layer.
func (s *rowSums) scatterPair(next *layer[float64], p float64, as, bs []outcome) {
	fresh := s.scratch(len(bs))
	for k := range as {
		pa := p * as[k].wf
		if pa == 0 { // underflow: nothing to carry
			continue
		}
		r := rowFloat(next, as[k].key)
		if nf := addPair(r.v, pa, bs, fresh); nf > 0 {
			r.touched = append(r.touched, fresh[:nf]...)
		}
	}
}

// scatterSum adds the sum u, spread over its list's alive outcomes, to the
// next layer, and empties it.
func (s *rowSums) scatterSum(next *layer[float64], u *bSum) {
	fresh := s.scratch(len(u.touched))
	for k := range u.la.alive {
		oa := &u.la.alive[k]
		r := rowFloat(next, oa.key)
		if nf := addSum(r.v, oa.wf, u.v, u.touched, fresh); nf > 0 {
			r.touched = append(r.touched, fresh[:nf]...)
		}
	}
	for _, b := range u.touched {
		u.v[b] = 0
	}
	u.touched = u.touched[:0]
}

// scratch returns room for n states.
func (s *rowSums) scratch(n int) []uint32 {
	if cap(s.fresh) < n {
		s.fresh = make([]uint32, n)
	}
	return s.fresh[:n]
}

// addPair adds pa·p for every outcome of bs, of probability p, to its
// state's cell of the row vector v, as layer.addTo does, and lists in
// fresh the states it reaches first, returning their number. It and
// addSum make no call, so that the compiler keeps the innermost loop's
// values in registers.
func addPair(v []float64, pa float64, bs []outcome, fresh []uint32) int {
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

// addSum adds pa·u[b] for every state b of bs to its cell of the row
// vector v, as addPair does.
func addSum(v []float64, pa float64, u []float64, bs []uint32, fresh []uint32) int {
	nf := 0
	for _, b := range bs {
		q := pa * u[b]
		if x := v[b]; x != 0 {
			v[b] = x + q
		} else if q != 0 {
			v[b] = q
			fresh[nf] = b
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
