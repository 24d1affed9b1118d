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
	for _, step := range p.steps {
		f.hits = f.hits[:0]
		for _, t := range step {
			f.volley(t, p.group)
		}
		if len(f.hits) > 0 {
			for s := range 2 {
				f.assign(s)
			}
		}
		if f.settle() {
			return
		}
	}
}

// volley rolls the dice of every unit of type t not destroyed, for its
// weapons of the group, and records the hits.
func (f *fighter) volley(t int, group string) {
	b := f.b
	ut := b.types[t]
	for _, wu := range ut.weapons {
		w := wu.w
		if group != "" && w.decl.Group != group {
			continue
		}
		nf := len(w.die)
		rolled := len(f.hits)
		if w.plain && f.log == nil {
			// Dice that only hit or miss: roll them all, keep the hits.
			alive := int32(ut.count) - f.hpCount[ut.hpOff]
			n := int(alive) * wu.n * int(w.attacks.k)
			h := hit{w: w, from: int32(t), by: int32(ut.first), dmg: w.policyDmg}
			for range n {
				fi := f.die(nf)
				if m := w.faceMask[fi]; m != 0 {
					h.face, h.mask, h.order = fi, m, int32(len(f.hits))
					f.hits = append(f.hits, h)
				}
			}
			continue
		}
		for u := int32(ut.first); u < int32(ut.first+ut.count); u++ {
			if f.hp(u) <= 0 {
				continue
			}
			c := ectx{unit: [nRoles]int32{u, -1, -1}, side: ut.side}
			dice := int(f.eval(w.attacks, &c)) * wu.n
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
	h := hit{w: w, from: int32(t), by: u, face: fi, mask: mask | dyn, crit: crit, dmg: w.policyDmg, dyn: dyn != 0, order: int32(len(f.hits))}
	f.hits = append(f.hits, h)
	if crit {
		for range w.decl.CritHits {
			h.crit = false
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
	mine := hs[lo:hi]
	f.order(s, mine)
	for i := range mine {
		h := &mine[i]
		u := f.pick(s, h, mine[i+1:])
		if u < 0 {
			continue
		}
		f.resolve(s, h, u, mine[i+1:])
		if f.alive[1-s] == 0 {
			return
		}
	}
}

// order puts side s's hits of a step in the order its policy assigns
// them.
func (f *fighter) order(s int, mine []hit) {
	pol := f.b.policies[s]
	if alike(mine) {
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
		c := ectx{unit: [nRoles]int32{h.by, u, -1}, side: b.units[h.by].side}
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
	bestT, bestHP, bestCan := -1, int32(0), false
	var bestSize int64
	for _, t := range b.sides[1-s].types {
		if h.mask&(1<<uint(t)) == 0 {
			continue
		}
		ut := b.types[t]
		cnt := f.hpCount[ut.hpOff : ut.hpOff+int(ut.stats[0])+1]
		if cnt[0] == int32(ut.count) {
			continue // none left
		}
		hp, can := int32(0), false
		for v := min(h.dmg, int32(len(cnt)-1)); v >= 1; v-- {
			if cnt[v] > 0 {
				hp, can = v, true
				break
			}
		}
		if !can {
			for v := int32(1); v < int32(len(cnt)); v++ {
				if cnt[v] > 0 {
					hp = v
					break
				}
			}
		}
		sz := ut.stats[b.sizeK]
		var better bool
		switch {
		case bestT < 0:
			better = true
		case can != bestCan:
			better = can
		case can:
			better = hp > bestHP || hp == bestHP && sz > bestSize
		default:
			better = hp < bestHP || hp == bestHP && sz > bestSize
		}
		if better {
			bestT, bestHP, bestSize, bestCan = t, hp, sz, can
		}
	}
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
	c := ectx{unit: [nRoles]int32{h.by, u, -1}, side: s}
	mortal := false
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
		d = max(0, d-f.eval(w.reduce[U], &c))
	}
	if f.log != nil {
		f.log.damage(u, d)
	}
	excess := f.damage(u, d, s)
	for excess > 0 && (w.decl.Spill || mortal) && f.alive[1-s] > 0 {
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
