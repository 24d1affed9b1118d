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
	c         *chain
	cur, next *layer[T]
	// float is the walk itself when T is float64, for the hot path.
	float *walk[float64]
	sums  rowSums // the float walk's mass going on from a state of ship a
	// terminal accumulators
	win    [3]T
	ends   []T
	rounds []T
	hull   [2][]T
	red    [2][4]T
	spent  [2][]T
	visits int
	// ctx is the solve's; unlooked counts the pairs visited since the
	// walk last looked at it.
	ctx      context.Context
	unlooked int
}

func newWalk[T any](ar num[T], c *chain) *walk[T] {
	m := c.m
	w := &walk[T]{ar: ar, m: m, c: c}
	w.float, _ = any(w).(*walk[float64])
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

// maxJoint bounds the product of the two ships' state counts, the size
// of one layer's vectors if the walk reached every state of both ships.
const maxJoint = 1 << 24

// pairsPerLook is how many pairs of states the walk over fractions visits
// between two looks at the context: a round of a long duel visits
// millions, and over big.Rat a pair takes up to a tenth of a millisecond.
// The float walk looks every rowsPerLook states of ship a: a state has at
// most a few thousand pairs, at tens of nanoseconds each.
const (
	pairsPerLook = 256
	rowsPerLook  = 64
)

// run walks the chain from round 1 to the end of the mass or the round cap.
// It stops with ctx's error when ctx is done, between two rounds or
// within one.
func (w *walk[T]) run(ctx context.Context, maxVisits int) error {
	m := w.m
	w.ctx = ctx
	w.cur, w.next = newLayer(w.ar, &m.sides[1]), newLayer(w.ar, &m.sides[1])
	var start [2]shipState
	for s := range 2 {
		start[s] = shipState{hull: m.sides[s].ship.HullMax, deg: m.sides[s].deg0}
	}
	w.cur.add(m.sides[0].id(start[0]), m.sides[1].id(start[1]), w.ar.frac(1, 1))
	turnsA, turnsB := w.c.turns[0], w.c.turns[1]
	for round := 1; len(w.cur.as) > 0; round++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		live := w.cur.live()
		w.visits += live
		if w.visits > maxVisits {
			return fmt.Errorf("exact: %w: more than the %d state-rounds allowed (live states summed over rounds) by round %d, with %d live states", ErrBudget, maxVisits, round, live)
		}
		turnsA.begin(round)
		turnsB.begin(round)
		cur := w.cur
		if w.float != nil {
			for from := 0; from < len(cur.as); from += rowsPerLook {
				if err := ctx.Err(); err != nil {
					return err
				}
				roundFloat(w.float, round, from, min(from+rowsPerLook, len(cur.as)))
			}
		} else {
			for i, a := range cur.as {
				ta := turnsA.get(a)
				r := &cur.rows[i]
				if err := w.look(len(r.touched)); err != nil {
					return err
				}
				for _, b := range r.touched {
					w.step(round, ta, turnsB.get(b), r.v[b])
				}
			}
		}
		cur.reset()
		w.cur, w.next = w.next, cur
	}
	if w.float != nil {
		for s := range 2 {
			w.c.out[s].endCounters(w.float.hull[s], w.float.spent[s], &w.float.red[s])
		}
	}
	return nil
}

// look counts the pairs of a state of ship a about to be visited, and
// returns ctx's error once it is done, looking every pairsPerLook pairs.
func (w *walk[T]) look(pairs int) error {
	w.unlooked += pairs
	if w.unlooked < pairsPerLook {
		return nil
	}
	w.unlooked = 0
	return w.ctx.Err()
}

// step spreads the mass p of a pair of states, whose turns are ta and tb,
// over the next round and the ends.
func (w *walk[T]) step(round int, ta, tb *turn, p T) {
	ma, mb := w.c.turns[0].movesOf(ta), w.c.turns[1].movesOf(tb)
	if d := int64(len(ma) * len(mb)); d > 1 {
		p = w.ar.mul(p, w.ar.frac(1, d))
	}
	pre := [2]*endState{&ta.pre, &tb.pre}
	for i := range ma {
		for j := range mb {
			la, lb, e, ended := w.c.fate(pre, &ma[i], &mb[j])
			switch {
			case ended:
				w.end(round, e.reason, e.winner, e.at, p)
			case w.float != nil:
				attacksFloat(w.float, round, la, lb, any(p).(float64))
			default:
				w.attacks(round, la, lb, p)
			}
		}
	}
}

// attacks spreads the mass p of a pair of states over the pairs of their
// outcomes (§12 steps 10-11): the pairs where a ship is destroyed, and
// every pair at the round cap, end the combat and are added up by groups;
// the other pairs go on to the next round.
func (w *walk[T]) attacks(round int, la, lb *outList, p T) {
	pd := w.ar.mul(p, w.ar.frac(1, la.den*lb.den))
	for _, e := range endPairs {
		w.endGroups(round, e.reason, e.winner, pd, la, lb, e.a, e.b)
	}
	if round == w.m.b.Opt.MaxRounds {
		w.endGroups(round, emojispace.EndRoundCap, rules.None, pd, la, lb, alive, alive)
		return
	}
	for _, oa := range la.alive {
		pa := w.ar.scale(pd, oa.w)
		r := w.next.row(oa.key)
		for _, ob := range lb.alive {
			w.next.addTo(r, ob.key, w.ar.scale(pa, ob.w))
		}
	}
}

// attacksFloat is attacks for the floating-point walk, the hot path,
// written for float64 so that it makes no call through the num interface.
// Before the round cap the pair joins the sums of the state of ship a that
// roundFloat is visiting, which it scatters when it is done with the state.
func attacksFloat(fw *walk[float64], round int, la, lb *outList, p float64) {
	if round == fw.m.b.Opt.MaxRounds {
		endAllFloat(fw, round, p, la, lb)
		return
	}
	fw.sums.add(la, lb, p, fw.m.sides[1].reached())
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

// group returns one of a list's groups of outcomes, destroyed or alive.
func (l *outList) group(g int) []outcome {
	if g == destroyed {
		return l.dead
	}
	return l.alive
}

// endGroups ends every pair of ship a's outcomes of group ga and ship b's
// of group gb, of total weights ma and mb, with mass pd per unit of
// weight: the total is pd·ma·mb, and each outcome's share of its ship's
// counters is its weight times the other group's total.
func (w *walk[T]) endGroups(round, reason int, winner rules.Side, pd T, la, lb *outList, ga, gb int) {
	ma, mb := la.mass[ga], lb.mass[gb]
	if ma == 0 || mb == 0 {
		return
	}
	ar := w.ar
	w.endTotal(round, reason, winner, ar.scale(pd, ma*mb))
	for _, o := range la.group(ga) {
		w.endShip(0, &o.end, ar.scale(pd, o.w*mb))
	}
	for _, o := range lb.group(gb) {
		w.endShip(1, &o.end, ar.scale(pd, o.w*ma))
	}
}

// endGroupsFloat is endGroups for the floating-point walk.
func endGroupsFloat(fw *walk[float64], round, reason int, winner rules.Side, p float64, la, lb *outList, ga, gb int) {
	if la.mass[ga] != 0 && lb.mass[gb] != 0 {
		endGroupFloat(fw, round, reason, winner, p, la, lb, ga, gb)
	}
}

// endGroupFloat ends every pair of the outcomes of group ga of list la
// and group gb of list lb, of a pair of states of mass p, as endGroups
// does, except that each ship's share of the counters goes to its list's
// ended (outList.ended).
func endGroupFloat(fw *walk[float64], round, reason int, winner rules.Side, p float64, la, lb *outList, ga, gb int) {
	pa, pb := p*la.pf[ga], p*lb.pf[gb]
	endFloat(fw, round, reason, winner, pa*lb.pf[gb])
	la.ended[ga] += pb
	lb.ended[gb] += pa
}

// endFloat adds mass p that ends the combat to the totals.
func endFloat(fw *walk[float64], round, reason int, winner rules.Side, p float64) {
	fw.win[winner] += p
	fw.ends[reason] += p
	fw.rounds[round] += p
}
