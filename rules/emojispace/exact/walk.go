package exact

import (
	"context"
	"fmt"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/emojispace"
)

// walk is the forward walk of the chain in arithmetic T.
type walk[T any] struct {
	ar        num[T]
	m         *model
	cur, next *layer[T]
	// terminal accumulators
	win    [3]T
	ends   []T
	rounds []T
	hull   [2][]T
	red    [2][4]T
	spent  [2][]T
	visits int
	// each ship's moves and outcome lists
	turns [2]*turns
	out   [2]*outTable
}

func newWalk[T any](ar num[T], m *model) *walk[T] {
	w := &walk[T]{ar: ar, m: m}
	for s := range 2 {
		w.turns[s], w.out[s] = newTurns(m, s), newOutTable(&m.sides[s])
	}
	w.ends = make([]T, len(emojispace.EndNames))
	w.rounds = make([]T, m.b.Opt.MaxRounds+1)
	for s := range 2 {
		w.hull[s] = make([]T, m.sides[s].ship.HullMax+1)
		w.spent[s] = make([]T, m.sides[s].ship.TotalUses+1)
	}
	zero := func(xs []T) {
		for i := range xs {
			xs[i] = ar.zero()
		}
	}
	zero(w.win[:])
	zero(w.ends)
	zero(w.rounds)
	for s := range 2 {
		zero(w.hull[s])
		zero(w.red[s][:])
		zero(w.spent[s])
	}
	return w
}

// layer holds the mass of one round's live states: for each live state of
// ship a (in the order first reached), a dense vector over ship b's states
// and the list of its non-zero entries. Adding mass is an index and an
// addition, and the order of the walk is deterministic.
type layer[T any] struct {
	ar      num[T]
	nB      int
	slot    []int32  // ship a's state → its vector, or -1
	as      []uint32 // live states of ship a
	vecs    [][]T    // vecs[i] is over ship b's states; kept for reuse past len(as)
	touched [][]uint32
}

func newLayer[T any](ar num[T], nA, nB uint64) *layer[T] {
	l := &layer[T]{ar: ar, nB: int(nB), slot: make([]int32, nA)}
	for i := range l.slot {
		l.slot[i] = -1
	}
	return l
}

func (l *layer[T]) add(a, b uint32, p T) { l.addTo(l.vector(a), b, p) }

// vector returns the index of state a's vector, making it live.
func (l *layer[T]) vector(a uint32) int32 {
	i := l.slot[a]
	if i < 0 {
		i = int32(len(l.as))
		l.slot[a] = i
		l.as = append(l.as, a)
		if int(i) == len(l.vecs) {
			v := make([]T, l.nB)
			for k := range v {
				v[k] = l.ar.zero()
			}
			l.vecs = append(l.vecs, v)
			l.touched = append(l.touched, nil)
		}
	}
	return i
}

// addTo adds mass p to state (a, b), where i is a's vector.
func (l *layer[T]) addTo(i int32, b uint32, p T) {
	if l.ar.isZero(p) { // a float product underflowed: nothing to carry
		return
	}
	v := l.vecs[i]
	if l.ar.isZero(v[b]) {
		l.touched[i] = append(l.touched[i], b)
		v[b] = p
		return
	}
	v[b] = l.ar.add(v[b], p)
}

// live returns the number of live states.
func (l *layer[T]) live() int {
	n := 0
	for i := range l.as {
		n += len(l.touched[i])
	}
	return n
}

// reset empties the layer, keeping its vectors.
func (l *layer[T]) reset() {
	zero := l.ar.zero()
	for i, a := range l.as {
		v := l.vecs[i]
		for _, b := range l.touched[i] {
			v[b] = zero
		}
		l.touched[i] = l.touched[i][:0]
		l.slot[a] = -1
	}
	l.as = l.as[:0]
}

// maxJoint bounds the product of the two ships' state counts, the size
// of one layer's vectors if every state of ship a were live at once.
const maxJoint = 1 << 24

// run walks the chain from round 1 to the end of the mass or the round cap.
func (w *walk[T]) run(ctx context.Context, maxVisits int) error {
	m := w.m
	nA, nB := m.sides[0].n, m.sides[1].n
	if nA*nB > maxJoint {
		return fmt.Errorf("exact: %w: %d × %d states of the two ships (hull × degradation × repair uses), more than %d", ErrBudget, nA, nB, maxJoint)
	}
	w.cur, w.next = newLayer(w.ar, nA, nB), newLayer(w.ar, nA, nB)
	var start [2]shipState
	for s := range 2 {
		start[s] = shipState{hull: m.sides[s].ship.HullMax, deg: m.sides[s].deg0}
	}
	w.cur.add(uint32(m.sides[0].encode(start[0])), uint32(m.sides[1].encode(start[1])), w.ar.frac(1, 1))
	for round := 1; len(w.cur.as) > 0; round++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		live := w.cur.live()
		w.visits += live
		if w.visits > maxVisits {
			return fmt.Errorf("exact: %w: more than %d state-rounds by round %d (%d live states)", ErrBudget, maxVisits, round, live)
		}
		cur := w.cur
		for i, a := range cur.as {
			ta := w.turns[0].get(round, a)
			v := cur.vecs[i]
			for _, b := range cur.touched[i] {
				w.step(round, ta, w.turns[1].get(round, b), v[b])
			}
		}
		cur.reset()
		w.cur, w.next = w.next, cur
	}
	return nil
}

// step spreads the mass p of a pair of states, whose turns are ta and tb,
// over the next round and the ends.
func (w *walk[T]) step(round int, ta, tb *turn, p T) {
	ma, mb := w.turns[0].movesOf(ta), w.turns[1].movesOf(tb)
	if d := int64(len(ma) * len(mb)); d > 1 {
		p = w.ar.mul(p, w.ar.frac(1, d))
	}
	for i := range ma {
		for j := range mb {
			w.resolve(round, [2]*endState{&ta.pre, &tb.pre}, [2]*move{&ma[i], &mb[j]}, p)
		}
	}
}

// resolve plays one round from a pair of states, with their counters pre,
// with the given moves and mass p (§12 steps 2-11).
func (w *walk[T]) resolve(round int, pre [2]*endState, mv [2]*move, p T) {
	m := w.m
	opt := &m.b.Opt
	// Step 2: surrender, A first.
	if mv[0].act == emojispace.Surrender {
		w.end(round, emojispace.EndSurrendered, rules.B, pre, p)
		return
	}
	if mv[1].act == emojispace.Surrender {
		w.end(round, emojispace.EndSurrendered, rules.A, pre, p)
		return
	}
	// Step 3, the repairs, and step 5, the effective bands, are in the
	// moves; step 4, the scan, changes no state.
	post := [2]*endState{&mv[0].end, &mv[1].end}
	// Step 6: mutual escape (live).
	if opt.MutualEscapeAuto && mv[0].act == emojispace.Escape && mv[1].act == emojispace.Escape {
		w.end(round, emojispace.EndMutualEscape, rules.None, post, p)
		return
	}
	// Step 7: escape tests, A first; the escape_roll changes nothing.
	for s := range 2 {
		if mv[s].act == emojispace.Escape && emojispace.EscapeFinal(m.sides[s].ship, m.sides[1-s].ship, mv[s].eff[emojispace.Engine], mv[1-s].eff[emojispace.Engine]) > 0 {
			winner := rules.None
			if opt.EscaperWins {
				winner = rules.Side(s + 1)
			}
			w.end(round, emojispace.EndEscaped, winner, post, p)
			return
		}
	}
	// Steps 8-9: each ship's damage and degradation, independent given the
	// bands.
	var sl [2]*outList
	for s := range 2 { // s is the defender
		delta := mv[1-s].eff[emojispace.Weapon] - mv[s].eff[emojispace.Defense]
		sl[s] = w.out[s].get(mv[s].post, delta, mv[s].act == emojispace.Evasive)
	}
	// Steps 10-11: the pairs of outcomes where a ship is destroyed, and
	// every pair at the round cap, end the combat; they are added up by
	// groups. The other pairs go on to the next round.
	pd := w.ar.mul(p, w.ar.frac(1, sl[0].den*sl[1].den))
	var g [2][2][]outcome // [side][0 destroyed, 1 alive]
	var mass [2][2]int64
	for s := range 2 {
		g[s][0], g[s][1] = w.out[s].outcomes(sl[s])
		mass[s] = sl[s].mass
	}
	w.endGroups(round, emojispace.EndMutualDestruction, rules.None, pd, g[0][0], g[1][0], mass[0][0], mass[1][0])
	w.endGroups(round, emojispace.EndDestroyed, rules.B, pd, g[0][0], g[1][1], mass[0][0], mass[1][1])
	w.endGroups(round, emojispace.EndDestroyed, rules.A, pd, g[0][1], g[1][0], mass[0][1], mass[1][0])
	if round == opt.MaxRounds {
		w.endGroups(round, emojispace.EndRoundCap, rules.None, pd, g[0][1], g[1][1], mass[0][1], mass[1][1])
		return
	}
	live := g[1][1]
	if fl, ok := any(w.next).(*layer[float64]); ok {
		scatterFloat(fl, any(pd).(float64), g[0][1], live)
		return
	}
	for i := range g[0][1] {
		oa := &g[0][1][i]
		pa := w.ar.scale(pd, oa.w)
		vec := w.next.vector(oa.key)
		for k := range live {
			w.next.addTo(vec, live[k].key, w.ar.scale(pa, live[k].w))
		}
	}
}

// scatterFloat adds the mass of every pair of live outcomes to the next
// layer: the floating-point walk's hot loop, written for float64 so that
// it makes no call through the num interface.
func scatterFloat(l *layer[float64], pd float64, as, bs []outcome) {
	for i := range as {
		pa := pd * float64(as[i].w)
		if pa == 0 { // underflow: nothing to carry
			continue
		}
		vi := l.vector(as[i].key)
		v, touched := l.vecs[vi], l.touched[vi]
		for k := range bs {
			b := bs[k].key
			q := pa * float64(bs[k].w)
			switch {
			case v[b] != 0:
				v[b] += q
			case q != 0:
				v[b] = q
				touched = append(touched, b)
			}
		}
		l.touched[vi] = touched
	}
}

// end records mass p that ends the combat in a round with the ships'
// counters at x.
func (w *walk[T]) end(round, reason int, winner rules.Side, x [2]*endState, p T) {
	w.endTotal(round, reason, winner, p)
	for s := range 2 {
		w.endShip(s, x[s], p)
	}
}

func (w *walk[T]) endTotal(round, reason int, winner rules.Side, p T) {
	ar := w.ar
	w.win[winner] = ar.add(w.win[winner], p)
	w.ends[reason] = ar.add(w.ends[reason], p)
	w.rounds[round] = ar.add(w.rounds[round], p)
}

// endShip adds mass p to ship s's counter distributions at x.
func (w *walk[T]) endShip(s int, x *endState, p T) {
	ar := w.ar
	w.hull[s][x.hull] = ar.add(w.hull[s][x.hull], p)
	w.spent[s][x.spent] = ar.add(w.spent[s][x.spent], p)
	w.red[s][x.red] = ar.add(w.red[s][x.red], p)
}

// endGroups ends every pair of a group of ship a's outcomes and a group of
// ship b's, of total weights ma and mb, with mass pd per unit of weight:
// the total is pd·ma·mb, and each outcome's share of its ship's counters
// is its weight times the other group's total.
func (w *walk[T]) endGroups(round, reason int, winner rules.Side, pd T, ga, gb []outcome, ma, mb int64) {
	if ma == 0 || mb == 0 {
		return
	}
	if fw, ok := any(w).(*walk[float64]); ok {
		fw.endGroupsFloat(round, reason, winner, any(pd).(float64), ga, gb, ma, mb)
		return
	}
	ar := w.ar
	w.endTotal(round, reason, winner, ar.scale(pd, ma*mb))
	for i := range ga {
		w.endShip(0, &ga[i].end, ar.scale(pd, ga[i].w*mb))
	}
	for i := range gb {
		w.endShip(1, &gb[i].end, ar.scale(pd, gb[i].w*ma))
	}
}

// endGroupsFloat is endGroups for the floating-point walk, with no call
// through the num interface.
func (w *walk[T]) endGroupsFloat(round, reason int, winner rules.Side, pd float64, ga, gb []outcome, ma, mb int64) {
	fw := any(w).(*walk[float64])
	p := pd * float64(ma) * float64(mb)
	fw.win[winner] += p
	fw.ends[reason] += p
	fw.rounds[round] += p
	for s, g := range [2][]outcome{ga, gb} {
		other := float64(mb)
		if s == 1 {
			other = float64(ma)
		}
		hull, spent, red := fw.hull[s], fw.spent[s], &fw.red[s]
		for i := range g {
			q := pd * float64(g[i].w) * other
			hull[g[i].end.hull] += q
			spent[g[i].end.spent] += q
			red[g[i].end.red] += q
		}
	}
}
