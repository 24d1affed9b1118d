package exact

import (
	"context"
	"fmt"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/emojispace"
)

// outcome is one ship's state after the attacks of a round, with its
// probability as an integer weight over the round's denominator.
type outcome struct {
	st  shipState
	w   int64
	key uint32 // the state's index
	red int32  // its RED subsystems
}

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
	// scratch
	cache  [2]outCache
	actBuf [2][7]emojispace.Action
}

func newWalk[T any](ar num[T], m *model) *walk[T] {
	w := &walk[T]{ar: ar, m: m}
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
			xa := m.sides[0].decode(uint64(a))
			v := cur.vecs[i]
			for _, b := range cur.touched[i] {
				w.step(round, [2]shipState{xa, m.sides[1].decode(uint64(b))}, v[b])
			}
		}
		cur.reset()
		w.cur, w.next = w.next, cur
	}
	return nil
}

// actions fills side s's action distribution for a state (§12 step 1,
// §18): one action, or a uniform mixture for a `random` rule. It returns
// the number of actions and their common denominator.
func (w *walk[T]) actions(s, round int, x shipState) (int, int64) {
	sd := &w.m.sides[s]
	sh := sd.ship
	v := emojispace.View{Round: round, Hull: x.hull, HullMax: sh.HullMax, RepairLeft: x.spent < sh.TotalUses, Probe: sh.Probe}
	a, random := sd.policy.Choose(v)
	acts := w.actBuf[s][:0]
	if random {
		var buf [7]emojispace.Action
		acts = append(acts, emojispace.RandomChoices(v, &buf)...)
	} else {
		acts = append(acts, a)
	}
	for i, a := range acts {
		if !emojispace.IsAvailable(a, v) {
			a = emojispace.FocusFire
		}
		if s == 0 && w.m.b.Opt.ActionIDBug && (a == emojispace.Repair || a == emojispace.Scan) {
			a = emojispace.FocusFire
		}
		acts[i] = a
	}
	return len(acts), int64(len(acts))
}

// step spreads the mass p of state x over the next round and the ends.
func (w *walk[T]) step(round int, x [2]shipState, p T) {
	na, da := w.actions(0, round, x[0])
	nb, db := w.actions(1, round, x[1])
	if da*db > 1 {
		p = w.ar.mul(p, w.ar.frac(1, da*db))
	}
	for i := range na {
		for j := range nb {
			w.resolve(round, x, [2]emojispace.Action{w.actBuf[0][i], w.actBuf[1][j]}, p)
		}
	}
}

// resolve plays one round from state x with the given actions and mass p
// (§12 steps 2-11).
func (w *walk[T]) resolve(round int, x [2]shipState, act [2]emojispace.Action, p T) {
	m := w.m
	opt := &m.b.Opt
	// Step 2: surrender, A first.
	if act[0] == emojispace.Surrender {
		w.end(round, emojispace.EndSurrendered, rules.B, x, p)
		return
	}
	if act[1] == emojispace.Surrender {
		w.end(round, emojispace.EndSurrendered, rules.A, x, p)
		return
	}
	// Step 3: repair, A then B.
	for s := range 2 {
		if act[s] == emojispace.Repair {
			sh := m.sides[s].ship
			heal, _ := emojispace.RepairHeal(sh, x[s].spent)
			x[s].hull = min(sh.HullMax, x[s].hull+heal)
			x[s].spent++
		}
	}
	// Step 4, the scan, changes no state. Step 5: effective bands.
	var eff [2][3]int
	for s := range 2 {
		eff[s] = emojispace.EffectiveBands(m.sides[s].ship, &x[s].deg, act[s], m.sides[s].rps, opt.RedAdditive)
	}
	// Step 6: mutual escape (live).
	if opt.MutualEscapeAuto && act[0] == emojispace.Escape && act[1] == emojispace.Escape {
		w.end(round, emojispace.EndMutualEscape, rules.None, x, p)
		return
	}
	// Step 7: escape tests, A first; the escape_roll changes nothing.
	for s := range 2 {
		if act[s] == emojispace.Escape && emojispace.EscapeFinal(m.sides[s].ship, m.sides[1-s].ship, eff[s][emojispace.Engine], eff[1-s][emojispace.Engine]) > 0 {
			winner := rules.None
			if opt.EscaperWins {
				winner = rules.Side(s + 1)
			}
			w.end(round, emojispace.EndEscaped, winner, x, p)
			return
		}
	}
	// Steps 8-9: each ship's damage and degradation, independent given the
	// bands.
	var sl [2]*cacheSlot
	for s := range 2 { // s is the defender
		delta := eff[1-s][emojispace.Weapon] - eff[s][emojispace.Defense]
		sl[s] = w.cache[s].get(&m.sides[s], x[s], delta, act[s] == emojispace.Evasive)
	}
	// Steps 10-11: the pairs of outcomes where a ship is destroyed, and
	// every pair at the round cap, end the combat; they are added up by
	// groups. The other pairs go on to the next round.
	pd := w.ar.mul(p, w.ar.frac(1, sl[0].den*sl[1].den))
	var g [2][2][]outcome // [side][0 destroyed, 1 alive]
	var mass [2][2]int64
	for s := range 2 {
		outs := w.cache[s].arena[sl[s].start : sl[s].start+sl[s].n]
		g[s][0], g[s][1] = outs[:sl[s].dead], outs[sl[s].dead:]
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

// outCache keeps one ship's outcome lists by state, band delta and
// evasion: they depend neither on the round nor on the other ship, and a
// state is reached again and again. Each state has cacheWays slots,
// direct-mapped by delta and evasion (a state meets a few deltas: the
// opponent's weapon band as it degrades, with and without focus).
type outCache struct {
	slot  []cacheSlot
	arena []outcome
	dmg   []int64
}

const cacheWays = 8

type cacheSlot struct {
	tag   int32 // 0: empty; else 2 × (delta + maxDelta) + evasive + 1
	start int32
	n     int32
	dead  int32    // the first dead outcomes are destroyed states
	den   int64    // the weights' denominator
	mass  [2]int64 // the weights of the destroyed and of the other outcomes
}

// maxDelta bounds |band delta| for the cache tag; bands are far smaller.
const maxDelta = 1 << 20

func (c *outCache) get(sd *side, x shipState, delta int, evasive bool) *cacheSlot {
	if c.slot == nil {
		c.slot = make([]cacheSlot, sd.n*cacheWays)
		c.arena = make([]outcome, 0, min(1<<16, 16*sd.n))
	}
	ev := 0
	if evasive {
		ev = 1
	}
	tag := int32(2*(delta+maxDelta) + ev + 1)
	// Consecutive deltas, and the two evasions, go to different ways.
	way := uint64(delta+2*ev+maxDelta) % cacheWays
	sl := &c.slot[sd.encode(x)*cacheWays+way]
	if sl.tag != tag {
		start := len(c.arena)
		var den int64
		c.arena, den = c.outcomes(sd, x, delta, evasive, c.arena)
		*sl = cacheSlot{tag: tag, start: int32(start), n: int32(len(c.arena) - start), den: den}
		for _, o := range c.arena[start:] {
			alive := min(1, o.st.hull)
			sl.mass[alive] += o.w
			if alive == 0 {
				sl.dead++
			}
		}
	}
	return sl
}

// outcomes appends ship sd's states after taking an attack with the given
// band delta (§12 step 8, §13) to outs, destroyed states first, with
// integer weights over the returned denominator, equal states (saturated
// degradation) merged.
func (c *outCache) outcomes(sd *side, x shipState, delta int, evasive bool, outs []outcome) ([]outcome, int64) {
	sh := sd.ship
	weights, den := emojispace.DamageWeights(delta, evasive, c.dmg[:0])
	c.dmg = weights
	start := len(outs)
	// Every damage value gets the same number of degradation outcomes
	// (9 = 3² ordered pairs of rolls), so that one denominator serves all.
	const degDen = 9
	for d := len(weights) - 1; d >= 0; d-- { // the largest damage first: destroyed states lead
		wt := weights[d]
		if wt == 0 {
			continue
		}
		y := x
		y.hull = max(0, x.hull-d)
		drop := emojispace.ColourBand(x.hull, sh.HullMax) - emojispace.ColourBand(y.hull, sh.HullMax)
		switch drop {
		case 0:
			outs = addOutcome(outs, start, sd, y, wt*degDen)
		case 1:
			for k := range 3 {
				z := y
				z.deg[k] = min(sh.Cap[k], z.deg[k]+1)
				outs = addOutcome(outs, start, sd, z, wt*3)
			}
		case 2:
			// Two rolls: the same subsystem twice (one order) or two
			// different ones (two orders).
			for k := range 3 {
				for l := k; l < 3; l++ {
					z := y
					z.deg[k] = min(sh.Cap[k], z.deg[k]+1)
					z.deg[l] = min(sh.Cap[l], z.deg[l]+1)
					outs = addOutcome(outs, start, sd, z, wt*int64(1+min(1, l-k)))
				}
			}
		default:
			panic(fmt.Sprintf("exact: a colour band drop of %d", drop))
		}
	}
	return outs, den * degDen
}

// end records mass p that ends the combat in a round with the ships in
// states x.
func (w *walk[T]) end(round, reason int, winner rules.Side, x [2]shipState, p T) {
	w.endTotal(round, reason, winner, p)
	for s := range 2 {
		w.endShip(s, &x[s], p)
	}
}

func (w *walk[T]) endTotal(round, reason int, winner rules.Side, p T) {
	ar := w.ar
	w.win[winner] = ar.add(w.win[winner], p)
	w.ends[reason] = ar.add(w.ends[reason], p)
	w.rounds[round] = ar.add(w.rounds[round], p)
}

// endShip adds mass p to ship s's counter distributions at state x.
func (w *walk[T]) endShip(s int, x *shipState, p T) {
	ar := w.ar
	sh := w.m.sides[s].ship
	w.hull[s][x.hull] = ar.add(w.hull[s][x.hull], p)
	w.spent[s][x.spent] = ar.add(w.spent[s][x.spent], p)
	red := 0
	for k := range 3 {
		if x.deg[k] >= sh.Cap[k] {
			red++
		}
	}
	w.red[s][red] = ar.add(w.red[s][red], p)
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
		w.endShip(0, &ga[i].st, ar.scale(pd, ga[i].w*mb))
	}
	for i := range gb {
		w.endShip(1, &gb[i].st, ar.scale(pd, gb[i].w*ma))
	}
}

// addOutcome adds an outcome to outs[start:], merging it with an equal one.
func addOutcome(outs []outcome, start int, sd *side, st shipState, wt int64) []outcome {
	key := uint32(sd.encode(st))
	for i := start; i < len(outs); i++ {
		if outs[i].key == key {
			outs[i].w += wt
			return outs
		}
	}
	red := int32(0)
	for k := range 3 {
		if st.deg[k] >= sd.ship.Cap[k] {
			red++
		}
	}
	return append(outs, outcome{st: st, w: wt, key: key, red: red})
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
			hull[g[i].st.hull] += q
			spent[g[i].st.spent] += q
			red[g[i].red] += q
		}
	}
}
