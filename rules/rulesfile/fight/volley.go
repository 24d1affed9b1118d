package fight

import (
	"math/bits"
	"slices"

	"github.com/crucible-sim/crucible/rules/rulesfile/program"
)

// fire plays a fire phase: step by step, the types of a step roll their
// dice against the state at the step's start, then each side's hits go to
// their targets (a's first), and the battle ends as soon as a side has no
// unit left.
func (f *Fighter) fire(p *program.Phase) {
	for i, step := range p.Steps {
		if fv := p.FastAt[i]; fv != nil {
			f.fastVolley(fv)
			if f.ended() {
				return
			}
			continue
		}
		f.Hits = f.Hits[:0]
		for _, t := range step {
			f.volley(t, p.Fires[t])
		}
		switch {
		case len(f.Hits) == 0:
		case len(step) == 1: // one type: its side's hits alone
			f.AssignHits(f.B.Types[step[0]].Side, f.Hits)
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
func (f *Fighter) volley(t int, fires []int) {
	b := f.B
	ut := b.Types[t]
	for _, k := range fires {
		wu := ut.Weapons[k]
		w := wu.W
		nf := len(w.Die)
		rolled := len(f.Hits)
		if !w.Plain {
			f.SyncUnits()
		} else {
			alive := int32(ut.Count) - f.HpCount[ut.HpOff]
			f.plainVolley(t, w, int(alive)*wu.N*int(w.Attacks.K))
			if f.log != nil {
				f.log.volley(ut, w, f.Hits[rolled:])
			}
			continue
		}
		for u := int32(ut.First); u < int32(ut.First+ut.Count); u++ {
			if f.Hp(u) <= 0 {
				continue
			}
			c := EvalContext{Unit: [program.NumRoles + 1]int32{u, -1, -1, -1}, Side: ut.Side}
			dice := int(f.Val(w.Attacks, &c)) * wu.N
			for d := 0; d < dice; d++ {
				fi := f.die(nf)
				if w.Reroll.Set && f.Test(&w.Reroll, fi, &c) && f.spend(ut.Side, w.Budget) {
					fi = f.die(nf)
				}
				f.hitFace(w, t, u, fi, &c)
				if w.Explode.Set {
					for depth := int64(0); depth < w.Decl.ExplodeDepth && f.Test(&w.Explode, fi, &c); depth++ {
						fi = f.die(nf)
						f.hitFace(w, t, u, fi, &c)
					}
				}
			}
		}
		if f.log != nil {
			f.log.volley(ut, w, f.Hits[rolled:])
		}
	}
}

// plainVolley rolls n dice of plain weapon w fired by type t and records
// the hits, one entry per set of targets a face reaches (Weapon.groups)
// with the number of dice that reach it: the dice are rolled as die rolls
// them, inline, four to a draw.
func (f *Fighter) plainVolley(t int, w *program.Weapon, n int) {
	count := f.rollGroups(w, n)
	h := Hit{W: w, From: int32(t), By: int32(f.B.Types[t].First), Dmg: w.PolicyDmg}
	for g, mask := range w.Groups {
		if c := count[g+1]; c > 0 {
			h.Mask, h.N, h.Order = mask, c, int32(len(f.Hits))
			f.Hits = append(f.Hits, h)
		}
	}
}

// fastVolley is a volley and its assignment at once, for a type that
// fires one plain weapon in a battle whose side plays kill-greedy on the
// roster (Phase.FastAt): the groups of dice that hit go to the roster in
// the order kill-greedy takes them, the fewest targets first, with no
// hit entries in between.
func (f *Fighter) fastVolley(fv *program.FastVolley) {
	alive := fv.Count - f.HpCount[fv.HpOff]
	w := fv.W
	count := f.rollGroups(w, int(alive)*fv.PerUnit)
	if f.log != nil {
		n := int32(0)
		for _, c := range count[1:] {
			n += c
		}
		f.log.volleyOf(f.B.Types[fv.T], w, n)
	}
	for _, g := range w.GroupOrder {
		if c := count[g+1]; c > 0 && !f.rosterRun(fv.Side, w.Groups[g], w.PolicyDmg, c) {
			return
		}
	}
}

// rollGroups rolls n dice of plain weapon w and returns how many fell in
// each class of its faces (class 0 the misses, then w.groups), rolled as
// die rolls them, inline, four to a draw — or answered by the Chooser.
func (f *Fighter) rollGroups(w *program.Weapon, n int) []int32 {
	count := f.count[:len(w.Groups)+1]
	for i := len(count) - 1; i >= 0; i-- { // a few groups: not a call to memclr
		count[i] = 0
	}
	if f.ch != nil {
		f.ch.Multinomial(n, w.GroupWeights, count)
		return count
	}
	if f.log != nil { // die by die, each written down
		for range n {
			fi := f.die(len(w.Die))
			count[w.FaceGroup[fi]]++
			f.log.face(w.Die[fi])
		}
		return count
	}
	nf, thresh, group := uint64(len(w.Die)), w.Thresh, w.FaceGroup
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
func (f *Fighter) spend(s, k int) bool {
	if k < 0 {
		return true
	}
	slot := 1 + s*len(f.B.SideTrk) + k
	if f.St[slot] <= f.B.SideTrk[k].Lo[0] {
		return false
	}
	f.St[slot]--
	return true
}

// hitFace records the hits of one die showing face index fi, fired by
// unit u of type t.
func (f *Fighter) hitFace(w *program.Weapon, t int, u int32, fi int32, c *EvalContext) {
	mask, dyn := w.FaceMask[fi], w.DynMask
	if f.log != nil {
		f.log.face(w.Die[fi])
	}
	if mask == 0 && dyn == 0 {
		return
	}
	crit := w.Crit.Set && f.Test(&w.Crit, fi, c)
	h := Hit{W: w, From: int32(t), By: u, Face: fi, Mask: mask | dyn, Crit: crit, Dmg: w.PolicyDmg, Dyn: dyn != 0, Order: int32(len(f.Hits)), N: 1}
	f.Hits = append(f.Hits, h)
	if crit {
		for range w.Decl.CritHits {
			h.Crit = w.Decl.CritExtraCritical
			h.Order = int32(len(f.Hits))
			f.Hits = append(f.Hits, h)
		}
	}
}

// assign gives side s's hits of the current step their targets, in the
// order the side's policy takes them, and resolves each.
func (f *Fighter) assign(s int) {
	b := f.B
	hs := f.Hits
	lo := len(hs)
	for i := range hs {
		if b.Types[hs[i].From].Side == s {
			lo = min(lo, i)
		}
	}
	if lo == len(hs) {
		return
	}
	// The side's hits are contiguous: a step's types are side a's, then
	// side b's (initiative order puts them so within a step).
	hi := lo
	for hi < len(hs) && b.Types[hs[hi].From].Side == s {
		hi++
	}
	f.AssignHits(s, hs[lo:hi])
}

// AssignHits gives hits of side s their targets.
func (f *Fighter) AssignHits(s int, mine []Hit) {
	b := f.B
	f.Order(s, mine)
	if b.Policies[s] == program.PolKillGreedy && b.RosterSafe && allVolley(mine) {
		f.assignRoster(s, mine)
		return
	}
	f.SyncUnits()
	mine = f.expand(mine)
	for i := range mine {
		h := &mine[i]
		u := f.Pick(s, h, mine[i+1:])
		if u < 0 {
			continue
		}
		f.resolve(s, h, u, mine[i+1:])
		if f.Agg[1-s][program.AggAlive] == 0 {
			return
		}
	}
}

// Order puts side s's hits of a step in the order its policy assigns
// them.
func (f *Fighter) Order(s int, mine []Hit) {
	pol := f.B.Policies[s]
	if len(mine) == 1 || alike(mine) {
		pol = program.PolWeakest // no order to impose
	}
	switch pol {
	case program.PolKillGreedy:
		slices.SortStableFunc(mine, func(x, y Hit) int {
			if x.Dmg != y.Dmg {
				return int(y.Dmg - x.Dmg)
			}
			return bits.OnesCount64(x.Mask) - bits.OnesCount64(y.Mask)
		})
	case program.PolLargestFirst, program.PolPriority:
		slices.SortStableFunc(mine, func(x, y Hit) int {
			if cx, cy := bits.OnesCount64(x.Mask), bits.OnesCount64(y.Mask); cx != cy {
				return cx - cy
			}
			return int(y.Dmg - x.Dmg)
		})
	}
}

// expand returns the hits one by one: a hit of n dice as n hits.
func (f *Fighter) expand(hs []Hit) []Hit {
	if !slices.ContainsFunc(hs, func(h Hit) bool { return h.N > 1 }) {
		return hs
	}
	f.single = f.single[:0]
	for _, h := range hs {
		n := h.N
		h.N = 1
		for range n {
			f.single = append(f.single, h)
		}
	}
	return f.single
}

// allVolley reports whether every hit is of a volley weapon: its damage
// fixed, nothing rolled after the hit.
func allVolley(hs []Hit) bool {
	for i := range hs {
		if !hs[i].W.Volley || hs[i].Dyn {
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
func (f *Fighter) assignRoster(s int, hs []Hit) {
	for i := range hs {
		if !f.rosterRun(s, hs[i].Mask, hs[i].Dmg, hs[i].N) {
			return
		}
	}
}

// rosterRun plays hit h's n dice on the roster, by kill-greedy, and
// reports whether the enemy has units left.
func (f *Fighter) rosterRun(s int, mask uint64, dmg, n int32) bool {
	rs := f.B.Roster[1-s]
	score, hp := f.score[:len(rs)], f.scoreHP[:len(rs)]
	en := &f.Agg[1-s]
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
		f.dirty |= rt.Bit
		f.rosterDamage(s, rt, hp[best], dmg)
		if n--; n == 0 || en[program.AggAlive] == 0 {
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
	return en[program.AggAlive] > 0
}

// rosterDamage deals d damage to a unit of type rt with hp hit points
// left, on the roster and the side's totals.
func (f *Fighter) rosterDamage(s int, rt *program.RosterType, hp, d int32) {
	taken := min(d, hp)
	f.HpCount[rt.Off+int(hp)]--
	f.HpCount[rt.Off+int(hp-taken)]++
	en := &f.Agg[1-s]
	en[program.AggHP] -= taken
	changed := uint8(1 << program.AggHP)
	if hp == taken {
		en[program.AggAlive]--
		changed |= 1 << program.AggAlive
		if rt.Armed {
			en[program.AggArmed]--
			changed |= 1 << program.AggArmed
		}
	}
	f.aggChanged(changed)
	if f.log != nil {
		b := f.B
		ut := b.Types[rt.T]
		f.log.printf("    %d damage to %s %s with %d hp\n", d, b.Sides[1-s].Label, ut.Name, hp)
		if hp == taken {
			f.log.printf("    %s %s is destroyed\n", b.Sides[1-s].Label, ut.Name)
		}
	}
}

// alike reports whether every hit has the same damage and targets, so
// that no policy's order of the hits changes anything.
func alike(hs []Hit) bool {
	for i := 1; i < len(hs); i++ {
		if hs[i].Dmg != hs[0].Dmg || hs[i].Mask != hs[0].Mask {
			return false
		}
	}
	return true
}

// hittable reports whether hit h can go to unit u (not destroyed, of a
// type it hits).
func (f *Fighter) hittable(h *Hit, u int32) bool {
	b := f.B
	ui := &b.AllUnits[u]
	if f.St[ui.Slot] <= 0 || h.Mask&(1<<uint(ui.Typ)) == 0 {
		return false
	}
	if h.Dyn && h.W.DynMask&(1<<uint(ui.Typ)) != 0 {
		c := EvalContext{Unit: [program.NumRoles + 1]int32{h.By, u, -1, -1}, Side: b.AllUnits[h.By].Side}
		return f.Test(&h.W.Hit[ui.Typ], h.Face, &c)
	}
	return true
}

// Pick chooses the unit of the enemy of side s that hit h goes to, by the
// side's policy (rest are the hits still to assign, which largest-first
// looks ahead to), or −1 when it can reach none. The enemy's units are
// visited type by type (a type's units are contiguous), only the types
// the hit reaches.
func (f *Fighter) Pick(s int, h *Hit, rest []Hit) int32 {
	b := f.B
	switch b.Policies[s] {
	case program.PolRandom:
		k := 0
		f.Reachable(s, h, func(int32, int32, int64) { k++ })
		if k == 0 {
			return -1
		}
		j := f.die(k)
		pick := int32(-1)
		f.Reachable(s, h, func(u, _ int32, _ int64) {
			if j == 0 {
				pick = u
			}
			j--
		})
		return pick
	case program.PolWeakest:
		best, bestHP := int32(-1), int32(0)
		f.Reachable(s, h, func(u, hp int32, _ int64) {
			if best < 0 || hp < bestHP {
				best, bestHP = u, hp
			}
		})
		return best
	case program.PolKillGreedy:
		return f.pickKillGreedy(s, h)
	}
	return f.pickLargest(s, h, rest)
}

// Reachable calls fn with each enemy unit of side s that hit h can go to,
// in the scenario's order, with its hit points left and its size.
func (f *Fighter) Reachable(s int, h *Hit, fn func(u, hp int32, size int64)) {
	b := f.B
	for _, t := range b.Sides[1-s].Types {
		if h.Mask&(1<<uint(t)) == 0 {
			continue
		}
		ut := b.Types[t]
		size := ut.Stats[b.SizeStat]
		slot := b.UnitBase + ut.First*b.UnitStride
		for u := int32(ut.First); u < int32(ut.First+ut.Count); u, slot = u+1, slot+b.UnitStride {
			hp := f.St[slot]
			if hp <= 0 || h.Dyn && !f.hittable(h, u) {
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
func (f *Fighter) pickKillGreedy(s int, h *Hit) int32 {
	b := f.B
	if !h.Dyn {
		return f.rosterKillGreedy(s, h)
	}
	best := int32(-1)
	var bestHP int32
	var bestSize int64
	bestCan := false
	for _, t := range b.Sides[1-s].Types {
		if h.Mask&(1<<uint(t)) == 0 {
			continue
		}
		ut := b.Types[t]
		sz := ut.Stats[b.SizeStat]
		slot := b.UnitBase + ut.First*b.UnitStride
		for u := int32(ut.First); u < int32(ut.First+ut.Count); u, slot = u+1, slot+b.UnitStride {
			hp := f.St[slot]
			if hp <= 0 || h.Dyn && !f.hittable(h, u) {
				continue
			}
			can := hp <= h.Dmg
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
func (f *Fighter) rosterKillGreedy(s int, h *Hit) int32 {
	b := f.B
	bestT, bestHP := f.rosterChoose(s, h)
	if bestT < 0 {
		return -1
	}
	ut := b.Types[bestT]
	slot := b.UnitBase + ut.First*b.UnitStride
	for u := int32(ut.First); ; u, slot = u+1, slot+b.UnitStride {
		if f.St[slot] == bestHP {
			return u
		}
	}
}

// rosterChoose returns the type and the hit points left of the unit
// kill-greedy gives hit h, read off the roster; −1 when h reaches none.
func (f *Fighter) rosterChoose(s int, h *Hit) (int, int32) {
	bestT, bestHP, best := -1, int32(0), int64(-1)
	for i := range f.B.Roster[1-s] {
		rt := &f.B.Roster[1-s][i]
		if score, hp := f.rosterScore(rt, h.Mask, h.Dmg); score > best {
			bestT, bestHP, best = rt.T, hp, score
		}
	}
	return bestT, bestHP
}

// rosterScore returns the place of type rt's best unit for hit h in
// kill-greedy's order, and its hit points left; −1 when h cannot go to a
// unit of the type. The score orders the candidates as kill-greedy does:
// a unit h destroys before one it does not; among those it destroys the
// most hit points, among the others the fewest; then the larger.
func (f *Fighter) rosterScore(rt *program.RosterType, mask uint64, dmg int32) (int64, int32) {
	hc, off := f.HpCount, rt.Off
	if mask&rt.Bit == 0 || hc[off] == rt.Count {
		return -1, 0 // out of reach, or none left
	}
	top := min(dmg, rt.Max)
	for v := top; v >= 1; v-- {
		if hc[off+int(v)] > 0 {
			return 1<<42 | int64(v)<<21 | rt.SizeRank, v
		}
	}
	for v := top + 1; v <= rt.Max; v++ { // none it destroys: the fewest left
		if hc[off+int(v)] > 0 {
			return int64(program.MaxHP+1-v)<<21 | rt.SizeRank, v
		}
	}
	return -1, 0
}

// pickLargest is largest-first (and priority): the first unit, in the
// side's order of the enemy, that h reaches and that h and the hits to
// come that reach it can destroy; else the first that h reaches.
func (f *Fighter) pickLargest(s int, h *Hit, rest []Hit) int32 {
	b := f.B
	en := &b.Sides[1-s]
	first, kill := int32(-1), int32(-1)
	var firstKey, killKey [3]int64
	for u := int32(en.First); u < int32(en.First+en.N); u++ {
		if !f.hittable(h, u) {
			continue
		}
		key := f.orderKey(s, u)
		if first < 0 || less3(key, firstKey) {
			first, firstKey = u, key
		}
		sum := h.Dmg
		bit := uint64(1) << uint(b.AllUnits[u].Typ)
		for i := range rest {
			if rest[i].Mask&bit != 0 {
				sum += rest[i].Dmg
			}
		}
		if sum >= f.Hp(u) && (kill < 0 || less3(key, killKey)) {
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
func (f *Fighter) orderKey(s int, u int32) [3]int64 {
	b := f.B
	ut := b.Types[b.AllUnits[u].Typ]
	rank := int64(0)
	if b.Policies[s] == program.PolPriority {
		rank = int64(len(b.Sides[s].Priority))
		if k := slices.Index(b.Sides[s].Priority, ut.Local); k >= 0 {
			rank = int64(k)
		}
	}
	return [3]int64{rank, -ut.Stats[b.SizeStat], int64(f.Hp(u))}
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
func (f *Fighter) resolve(s int, h *Hit, u int32, rest []Hit) {
	b := f.B
	w := h.W
	U := b.AllUnits[u].Typ
	c := EvalContext{Unit: [program.NumRoles + 1]int32{h.By, u, -1, -1}, Side: s}
	mortal := false
	if f.log != nil && (w.Wound[U].Set || w.Save[U].Set) {
		f.log.printf("    a hit on %s:", f.log.unit(u))
		defer f.log.printf("\n")
	}
	if w.Wound[U].Set && !(h.Crit && w.Decl.CritWounds) {
		wf := f.die(6)
		ok := f.Test(&w.Wound[U], wf, &c)
		if f.log != nil {
			f.log.step("wound", wf, ok)
		}
		if !ok {
			return
		}
		mortal = w.Decl.CritMortal && w.CritWound[U].Set && f.Test(&w.CritWound[U], wf, &c)
	}
	if !mortal && w.Save[U].Set {
		sf := f.die(6)
		saved := f.Test(&w.Save[U], sf, &c)
		if f.log != nil {
			f.log.step("save", sf, !saved)
		}
		if saved {
			return
		}
	}
	d, _ := f.roll(w.Damage[U], &c)
	if w.Reduce[U] != nil {
		d = max(0, d-f.Val(w.Reduce[U], &c))
	}
	if f.log != nil {
		if w.Wound[U].Set || w.Save[U].Set {
			f.log.printf(" %d damage", d)
		} else {
			f.log.damage(u, d)
		}
	}
	excess := f.Damage(u, d, s)
	for excess > 0 && (w.Decl.Spill || mortal && w.Decl.MortalSpill) && f.Agg[1-s][program.AggAlive] > 0 {
		spill := *h
		spill.Dmg = excess
		next := f.Pick(s, &spill, rest)
		if next < 0 {
			return
		}
		if f.log != nil {
			f.log.damage(next, excess)
		}
		excess = f.Damage(next, excess, s)
	}
}
