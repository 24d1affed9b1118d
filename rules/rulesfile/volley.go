package rulesfile

import (
	"math/bits"
	"slices"
)

// fire plays a fire phase: step by step, the types of a step roll their
// dice against the state at the step's start, then each side's hits go to
// their targets (a's first), and the battle ends as soon as a side has no
// unit left.
func (f *fighter) fire(p *phaseC) {
	for i, step := range p.steps {
		if fv := p.fastAt[i]; fv != nil {
			f.fastVolley(fv)
			if f.ended() {
				return
			}
			continue
		}
		f.hits = f.hits[:0]
		for _, t := range step {
			f.volley(t, p.fires[t])
		}
		switch {
		case len(f.hits) == 0:
		case len(step) == 1: // one type: its side's hits alone
			f.assignHits(f.b.types[step[0]].side, f.hits)
		default:
			for s := range 2 {
				f.assign(s)
			}
		}
		if f.ended() {
			return
		}
	}
}

// volley rolls the dice of every unit of type t not destroyed, for its
// weapons of the group, and records the hits.
func (f *fighter) volley(t int, fires []int) {
	b := f.b
	ut := b.types[t]
	for _, k := range fires {
		wu := ut.weapons[k]
		w := wu.w
		nf := len(w.die)
		rolled := len(f.hits)
		if !w.plain {
			f.syncUnits()
		} else {
			alive := int32(ut.count) - f.hpCount[ut.hpOff]
			f.plainVolley(t, w, int(alive)*wu.n*int(w.attacks.k))
			if f.log != nil {
				f.log.volley(ut, w, f.hits[rolled:])
			}
			continue
		}
		for u := int32(ut.first); u < int32(ut.first+ut.count); u++ {
			if f.hp(u) <= 0 {
				continue
			}
			c := ectx{unit: [nRoles + 1]int32{u, -1, -1, -1}, side: ut.side}
			dice := int(f.val(w.attacks, &c)) * wu.n
			for d := 0; d < dice; d++ {
				fi := f.die(nf)
				if w.reroll.set && f.test(&w.reroll, fi, &c) && f.spend(ut.side, w.budget) {
					fi = f.die(nf)
				}
				f.hitFace(w, t, u, fi, &c)
				if w.explode.set {
					for depth := int64(0); depth < w.decl.ExplodeDepth && f.test(&w.explode, fi, &c); depth++ {
						fi = f.die(nf)
						f.hitFace(w, t, u, fi, &c)
					}
				}
			}
		}
		if f.log != nil {
			f.log.volley(ut, w, f.hits[rolled:])
		}
	}
}

// plainVolley rolls n dice of plain weapon w fired by type t and records
// the hits, one entry per set of targets a face reaches (Weapon.groups)
// with the number of dice that reach it: the dice are rolled as die rolls
// them, inline, four to a draw.
func (f *fighter) plainVolley(t int, w *weaponC, n int) {
	count := f.rollGroups(w, n)
	h := hit{w: w, from: int32(t), by: int32(f.b.types[t].first), dmg: w.policyDmg}
	for g, mask := range w.groups {
		if c := count[g+1]; c > 0 {
			h.mask, h.n, h.order = mask, c, int32(len(f.hits))
			f.hits = append(f.hits, h)
		}
	}
}

// fastVolley is a volley and its assignment at once, for a type that
// fires one plain weapon in a battle whose side plays kill-greedy on the
// roster (phaseC.fast): the groups of dice that hit go to the roster in
// the order kill-greedy takes them, the fewest targets first, with no
// hit entries in between.
func (f *fighter) fastVolley(fv *fastVolley) {
	alive := fv.count - f.hpCount[fv.hpOff]
	w := fv.w
	count := f.rollGroups(w, int(alive)*fv.perUnit)
	if f.log != nil {
		n := int32(0)
		for _, c := range count[1:] {
			n += c
		}
		f.log.volleyOf(f.b.types[fv.t], w, n)
	}
	for _, g := range w.groupOrder {
		if c := count[g+1]; c > 0 && !f.rosterRun(fv.side, w.groups[g], w.policyDmg, c) {
			return
		}
	}
}

// rollGroups rolls n dice of plain weapon w and returns how many fell in
// each class of its faces (class 0 the misses, then w.groups), rolled as
// die rolls them, inline, four to a draw — or answered by the Chooser.
func (f *fighter) rollGroups(w *weaponC, n int) []int32 {
	count := f.count[:len(w.groups)+1]
	for i := len(count) - 1; i >= 0; i-- { // a few groups: not a call to memclr
		count[i] = 0
	}
	if f.ch != nil {
		f.ch.Multinomial(n, w.groupWeights, count)
		return count
	}
	if f.log != nil { // die by die, each written down
		for range n {
			fi := f.die(len(w.die))
			count[w.faceGroup[fi]]++
			f.log.face(w.die[fi])
		}
		return count
	}
	nf, thresh, group := uint64(len(w.die)), w.thresh, w.faceGroup
	word, chunks := f.word, f.chunks
	for i := 0; i < n; {
		if chunks == 0 {
			word, chunks = f.r.Uint64(), 4
		}
		v := (word & 0xffff) * nf
		word >>= 16
		chunks--
		if v&0xffff < thresh {
			continue
		}
		count[group[v>>16]]++
		i++
	}
	f.word, f.chunks = word, chunks
	return count
}

// spend takes one from side s's track k (a re-roll budget) and reports
// whether there was one to take; k < 0 is no budget: always.
func (f *fighter) spend(s, k int) bool {
	if k < 0 {
		return true
	}
	slot := 1 + s*len(f.b.sideTrk) + k
	if f.st[slot] <= f.b.sideTrk[k].lo[0] {
		return false
	}
	f.st[slot]--
	return true
}

// hitFace records the hits of one die showing face index fi, fired by
// unit u of type t.
func (f *fighter) hitFace(w *weaponC, t int, u int32, fi int32, c *ectx) {
	mask, dyn := w.faceMask[fi], w.dynMask
	if f.log != nil {
		f.log.face(w.die[fi])
	}
	if mask == 0 && dyn == 0 {
		return
	}
	crit := w.crit.set && f.test(&w.crit, fi, c)
	h := hit{w: w, from: int32(t), by: u, face: fi, mask: mask | dyn, crit: crit, dmg: w.policyDmg, dyn: dyn != 0, order: int32(len(f.hits)), n: 1}
	f.hits = append(f.hits, h)
	if crit {
		for range w.decl.CritHits {
			h.crit = w.decl.CritExtraCritical
			h.order = int32(len(f.hits))
			f.hits = append(f.hits, h)
		}
	}
}

// assign gives side s's hits of the current step their targets, in the
// order the side's policy takes them, and resolves each.
func (f *fighter) assign(s int) {
	b := f.b
	hs := f.hits
	lo := len(hs)
	for i := range hs {
		if b.types[hs[i].from].side == s {
			lo = min(lo, i)
		}
	}
	if lo == len(hs) {
		return
	}
	// The side's hits are contiguous: a step's types are side a's, then
	// side b's (initiative order puts them so within a step).
	hi := lo
	for hi < len(hs) && b.types[hs[hi].from].side == s {
		hi++
	}
	f.assignHits(s, hs[lo:hi])
}

// assignHits gives hits of side s their targets.
func (f *fighter) assignHits(s int, mine []hit) {
	b := f.b
	f.order(s, mine)
	if b.policies[s] == polKillGreedy && b.rosterSafe && allVolley(mine) {
		f.assignRoster(s, mine)
		return
	}
	f.syncUnits()
	mine = f.expand(mine)
	for i := range mine {
		h := &mine[i]
		u := f.pick(s, h, mine[i+1:])
		if u < 0 {
			continue
		}
		f.resolve(s, h, u, mine[i+1:])
		if f.agg[1-s][aggAlive] == 0 {
			return
		}
	}
}

// order puts side s's hits of a step in the order its policy assigns
// them.
func (f *fighter) order(s int, mine []hit) {
	pol := f.b.policies[s]
	if len(mine) == 1 || alike(mine) {
		pol = polWeakest // no order to impose
	}
	switch pol {
	case polKillGreedy:
		slices.SortStableFunc(mine, func(x, y hit) int {
			if x.dmg != y.dmg {
				return int(y.dmg - x.dmg)
			}
			return bits.OnesCount64(x.mask) - bits.OnesCount64(y.mask)
		})
	case polLargestFirst, polPriority:
		slices.SortStableFunc(mine, func(x, y hit) int {
			if cx, cy := bits.OnesCount64(x.mask), bits.OnesCount64(y.mask); cx != cy {
				return cx - cy
			}
			return int(y.dmg - x.dmg)
		})
	}
}

// expand returns the hits one by one: a hit of n dice as n hits.
func (f *fighter) expand(hs []hit) []hit {
	if !slices.ContainsFunc(hs, func(h hit) bool { return h.n > 1 }) {
		return hs
	}
	f.single = f.single[:0]
	for _, h := range hs {
		n := h.n
		h.n = 1
		for range n {
			f.single = append(f.single, h)
		}
	}
	return f.single
}

// allVolley reports whether every hit is of a volley weapon: its damage
// fixed, nothing rolled after the hit.
func allVolley(hs []hit) bool {
	for i := range hs {
		if !hs[i].w.volley || hs[i].dyn {
			return false
		}
	}
	return true
}

// assignRoster is kill-greedy for a battle in which a unit is nothing but
// its type and its hit points (Battle.rosterSafe), with hits of volley
// weapons: it plays the hits on the roster alone, then writes the hit
// points back to the units of each type it touched in one canonical
// order, the destroyed first and then the most damaged (as the walk over
// the units would find them, whichever unit took which hit).
func (f *fighter) assignRoster(s int, hs []hit) {
	for i := range hs {
		if !f.rosterRun(s, hs[i].mask, hs[i].dmg, hs[i].n) {
			return
		}
	}
}

// rosterRun plays hit h's n dice on the roster, by kill-greedy, and
// reports whether the enemy has units left.
func (f *fighter) rosterRun(s int, mask uint64, dmg, n int32) bool {
	rs := f.b.roster[1-s]
	score, hp := f.score[:len(rs)], f.scoreHP[:len(rs)]
	en := &f.agg[1-s]
	best := -1
	for k := range rs {
		sc, v := f.rosterScore(&rs[k], mask, dmg)
		score[k], hp[k] = sc, v
		if sc >= 0 && (best < 0 || sc > score[best]) {
			best = k
		}
	}
	for best >= 0 {
		rt := &rs[best]
		f.dirty |= rt.bit
		f.rosterDamage(s, rt, hp[best], dmg)
		if n--; n == 0 || en[aggAlive] == 0 {
			break
		}
		score[best], hp[best] = f.rosterScore(rt, mask, dmg)
		best = -1
		for k := range rs {
			if score[k] >= 0 && (best < 0 || score[k] > score[best]) {
				best = k
			}
		}
	}
	return en[aggAlive] > 0
}

// rosterDamage deals d damage to a unit of type rt with hp hit points
// left, on the roster and the side's totals.
func (f *fighter) rosterDamage(s int, rt *rosterType, hp, d int32) {
	taken := min(d, hp)
	f.hpCount[rt.off+int(hp)]--
	f.hpCount[rt.off+int(hp-taken)]++
	en := &f.agg[1-s]
	en[aggHP] -= taken
	changed := uint8(1 << aggHP)
	if hp == taken {
		en[aggAlive]--
		changed |= 1 << aggAlive
		if rt.armed {
			en[aggArmed]--
			changed |= 1 << aggArmed
		}
	}
	f.aggChanged(changed)
	if f.log != nil {
		b := f.b
		ut := b.types[rt.t]
		f.log.printf("    %d damage to %s %s with %d hp\n", d, b.sides[1-s].label, ut.name, hp)
		if hp == taken {
			f.log.printf("    %s %s is destroyed\n", b.sides[1-s].label, ut.name)
		}
	}
}

// syncUnits writes the roster back to the units of each type a roster
// policy changed (fighter.dirty), in one canonical order: the destroyed
// first, then the most damaged, as a walk over the units would find them
// whichever unit took which hit. Whatever reads a unit's hit points calls
// it first.
func (f *fighter) syncUnits() {
	b := f.b
	for m := f.dirty; m != 0; m &= m - 1 {
		ut := b.types[bits.TrailingZeros64(m)]
		slot := b.unitBase + ut.first*b.stride
		for v, n := range f.hpCount[ut.hpOff : ut.hpOff+int(ut.stats[0])+1] {
			for range n {
				f.st[slot] = int32(v)
				slot += b.stride
			}
		}
	}
	if f.dirty != 0 {
		f.touched()
	}
	f.dirty = 0
}

// alike reports whether every hit has the same damage and targets, so
// that no policy's order of the hits changes anything.
func alike(hs []hit) bool {
	for i := 1; i < len(hs); i++ {
		if hs[i].dmg != hs[0].dmg || hs[i].mask != hs[0].mask {
			return false
		}
	}
	return true
}

// hittable reports whether hit h can go to unit u (not destroyed, of a
// type it hits).
func (f *fighter) hittable(h *hit, u int32) bool {
	b := f.b
	ui := &b.units[u]
	if f.st[ui.slot] <= 0 || h.mask&(1<<uint(ui.typ)) == 0 {
		return false
	}
	if h.dyn && h.w.dynMask&(1<<uint(ui.typ)) != 0 {
		c := ectx{unit: [nRoles + 1]int32{h.by, u, -1, -1}, side: b.units[h.by].side}
		return f.test(&h.w.hit[ui.typ], h.face, &c)
	}
	return true
}

// pick chooses the unit of the enemy of side s that hit h goes to, by the
// side's policy (rest are the hits still to assign, which largest-first
// looks ahead to), or −1 when it can reach none. The enemy's units are
// visited type by type (a type's units are contiguous), only the types
// the hit reaches.
func (f *fighter) pick(s int, h *hit, rest []hit) int32 {
	b := f.b
	switch b.policies[s] {
	case polRandom:
		k := 0
		f.reachable(s, h, func(int32, int32, int64) { k++ })
		if k == 0 {
			return -1
		}
		j := f.die(k)
		pick := int32(-1)
		f.reachable(s, h, func(u, _ int32, _ int64) {
			if j == 0 {
				pick = u
			}
			j--
		})
		return pick
	case polWeakest:
		best, bestHP := int32(-1), int32(0)
		f.reachable(s, h, func(u, hp int32, _ int64) {
			if best < 0 || hp < bestHP {
				best, bestHP = u, hp
			}
		})
		return best
	case polKillGreedy:
		return f.pickKillGreedy(s, h)
	}
	return f.pickLargest(s, h, rest)
}

// reachable calls fn with each enemy unit of side s that hit h can go to,
// in the scenario's order, with its hit points left and its size.
func (f *fighter) reachable(s int, h *hit, fn func(u, hp int32, size int64)) {
	b := f.b
	for _, t := range b.sides[1-s].types {
		if h.mask&(1<<uint(t)) == 0 {
			continue
		}
		ut := b.types[t]
		size := ut.stats[b.sizeK]
		slot := b.unitBase + ut.first*b.stride
		for u := int32(ut.first); u < int32(ut.first+ut.count); u, slot = u+1, slot+b.stride {
			hp := f.st[slot]
			if hp <= 0 || h.dyn && !f.hittable(h, u) {
				continue
			}
			fn(u, hp, size)
		}
	}
}

// pickKillGreedy is kill-greedy: the unit h can destroy with the most hit
// points left, else the one with the fewest; ties go to the larger, then
// to the first. It is the hot path of fleet battles, so it walks the
// units itself.
func (f *fighter) pickKillGreedy(s int, h *hit) int32 {
	b := f.b
	if !h.dyn {
		return f.rosterKillGreedy(s, h)
	}
	best := int32(-1)
	var bestHP int32
	var bestSize int64
	bestCan := false
	for _, t := range b.sides[1-s].types {
		if h.mask&(1<<uint(t)) == 0 {
			continue
		}
		ut := b.types[t]
		sz := ut.stats[b.sizeK]
		slot := b.unitBase + ut.first*b.stride
		for u := int32(ut.first); u < int32(ut.first+ut.count); u, slot = u+1, slot+b.stride {
			hp := f.st[slot]
			if hp <= 0 || h.dyn && !f.hittable(h, u) {
				continue
			}
			can := hp <= h.dmg
			var better bool
			switch {
			case best < 0:
				better = true
			case can != bestCan:
				better = can
			case can:
				better = hp > bestHP || hp == bestHP && sz > bestSize
			default:
				better = hp < bestHP || hp == bestHP && sz > bestSize
			}
			if better {
				best, bestHP, bestSize, bestCan = u, hp, sz, can
			}
		}
	}
	return best
}

// rosterKillGreedy is pickKillGreedy read off the roster: per type, the
// most hit points h can destroy, else the fewest, then the first unit of
// the type with that many — the unit the walk over the units finds.
func (f *fighter) rosterKillGreedy(s int, h *hit) int32 {
	b := f.b
	bestT, bestHP := f.rosterChoose(s, h)
	if bestT < 0 {
		return -1
	}
	ut := b.types[bestT]
	slot := b.unitBase + ut.first*b.stride
	for u := int32(ut.first); ; u, slot = u+1, slot+b.stride {
		if f.st[slot] == bestHP {
			return u
		}
	}
}

// rosterChoose returns the type and the hit points left of the unit
// kill-greedy gives hit h, read off the roster; −1 when h reaches none.
func (f *fighter) rosterChoose(s int, h *hit) (int, int32) {
	bestT, bestHP, best := -1, int32(0), int64(-1)
	for i := range f.b.roster[1-s] {
		rt := &f.b.roster[1-s][i]
		if score, hp := f.rosterScore(rt, h.mask, h.dmg); score > best {
			bestT, bestHP, best = rt.t, hp, score
		}
	}
	return bestT, bestHP
}

// rosterScore returns the place of type rt's best unit for hit h in
// kill-greedy's order, and its hit points left; −1 when h cannot go to a
// unit of the type. The score orders the candidates as kill-greedy does:
// a unit h destroys before one it does not; among those it destroys the
// most hit points, among the others the fewest; then the larger.
func (f *fighter) rosterScore(rt *rosterType, mask uint64, dmg int32) (int64, int32) {
	hc, off := f.hpCount, rt.off
	if mask&rt.bit == 0 || hc[off] == rt.count {
		return -1, 0 // out of reach, or none left
	}
	top := min(dmg, rt.max)
	for v := top; v >= 1; v-- {
		if hc[off+int(v)] > 0 {
			return 1<<42 | int64(v)<<21 | rt.sizeRank, v
		}
	}
	for v := top + 1; v <= rt.max; v++ { // none it destroys: the fewest left
		if hc[off+int(v)] > 0 {
			return int64(MaxHP+1-v)<<21 | rt.sizeRank, v
		}
	}
	return -1, 0
}

// pickLargest is largest-first (and priority): the first unit, in the
// side's order of the enemy, that h reaches and that h and the hits to
// come that reach it can destroy; else the first that h reaches.
func (f *fighter) pickLargest(s int, h *hit, rest []hit) int32 {
	b := f.b
	en := &b.sides[1-s]
	first, kill := int32(-1), int32(-1)
	var firstKey, killKey [3]int64
	for u := int32(en.first); u < int32(en.first+en.n); u++ {
		if !f.hittable(h, u) {
			continue
		}
		key := f.orderKey(s, u)
		if first < 0 || less3(key, firstKey) {
			first, firstKey = u, key
		}
		sum := h.dmg
		bit := uint64(1) << uint(b.units[u].typ)
		for i := range rest {
			if rest[i].mask&bit != 0 {
				sum += rest[i].dmg
			}
		}
		if sum >= f.hp(u) && (kill < 0 || less3(key, killKey)) {
			kill, killKey = u, key
		}
	}
	if kill >= 0 {
		return kill
	}
	return first
}

// orderKey is unit u's place in side s's order of the enemy: its type's
// place in the priority list (priority policy), the larger first, the
// fewer hit points left first, then the scenario's order.
func (f *fighter) orderKey(s int, u int32) [3]int64 {
	b := f.b
	ut := b.types[b.units[u].typ]
	rank := int64(0)
	if b.policies[s] == polPriority {
		rank = int64(len(b.sides[s].priority))
		if k := slices.Index(b.sides[s].priority, ut.local); k >= 0 {
			rank = int64(k)
		}
	}
	return [3]int64{rank, -ut.stats[b.sizeK], int64(f.hp(u))}
}

func less3(x, y [3]int64) bool {
	for i := range x {
		if x[i] != y[i] {
			return x[i] < y[i]
		}
	}
	return false
}

// resolve plays hit h of side s against unit u: the wound and save rolls,
// the damage, and what spills over.
func (f *fighter) resolve(s int, h *hit, u int32, rest []hit) {
	b := f.b
	w := h.w
	U := b.units[u].typ
	c := ectx{unit: [nRoles + 1]int32{h.by, u, -1, -1}, side: s}
	mortal := false
	if f.log != nil && (w.wound[U].set || w.save[U].set) {
		f.log.printf("    a hit on %s:", f.log.unit(u))
		defer f.log.printf("\n")
	}
	if w.wound[U].set && !(h.crit && w.decl.CritWounds) {
		wf := f.die(6)
		ok := f.test(&w.wound[U], wf, &c)
		if f.log != nil {
			f.log.step("wound", wf, ok)
		}
		if !ok {
			return
		}
		mortal = w.decl.CritMortal && w.critWound[U].set && f.test(&w.critWound[U], wf, &c)
	}
	if !mortal && w.save[U].set {
		sf := f.die(6)
		saved := f.test(&w.save[U], sf, &c)
		if f.log != nil {
			f.log.step("save", sf, !saved)
		}
		if saved {
			return
		}
	}
	d, _ := f.roll(w.damage[U], &c)
	if w.reduce[U] != nil {
		d = max(0, d-f.val(w.reduce[U], &c))
	}
	if f.log != nil {
		if w.wound[U].set || w.save[U].set {
			f.log.printf(" %d damage", d)
		} else {
			f.log.damage(u, d)
		}
	}
	excess := f.damage(u, d, s)
	for excess > 0 && (w.decl.Spill || mortal && w.decl.MortalSpill) && f.agg[1-s][aggAlive] > 0 {
		spill := *h
		spill.dmg = excess
		next := f.pick(s, &spill, rest)
		if next < 0 {
			return
		}
		if f.log != nil {
			f.log.damage(next, excess)
		}
		excess = f.damage(next, excess, s)
	}
}
