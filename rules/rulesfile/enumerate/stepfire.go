package enumerate

import (
	"encoding/binary"
	"slices"

	"github.com/crucible-sim/crucible/rules/rulesfile/exactmodel"
	"github.com/crucible-sim/crucible/rules/rulesfile/fight"
	"github.com/crucible-sim/crucible/rules/rulesfile/program"
)

// This file plays a fire step over every outcome: the fighter's fire,
// volley, assign and resolve, with a side's dice counted by the hits they
// make rather than rolled one by one.

// volley is one outcome of a side's dice in a fire step: its weight, the
// hits in the order the fighter lists them (block by block; within a
// block, hits whose order does not matter, Model.checkHitOrder), and the
// side's tracks after the re-rolls it spent.
type volley[T any] struct {
	w      T
	hits   []fight.Hit
	tracks []int32
	// code names the hits (Enumerator.codeOf): each class
	// (Enumerator.classID) and its count,
	// in the list's order.
	code int32
}

// fire plays fire step st from c into out: both sides' volleys against
// the state at the step's start, then side a's hits assigned, then side
// b's, then the battle settled.
func (s *Enumerator[T, A]) fire(st *exactmodel.Step, c *fight.Cfg, out *bag[T, A]) error {
	f, ar := s.f, s.ar
	f.LoadCfg(c)
	var vols [2][]volley[T]
	for side := range 2 {
		vols[side] = s.volleys(st, side)
	}
	for _, va := range vols[0] {
		for _, vb := range vols[1] {
			w := ar.Mul(va.w, vb.w)
			f.LoadCfg(c)
			s.setTracks(0, va.tracks)
			s.setTracks(1, vb.tracks)
			f.SaveCfg(&s.keep, false)
			cur := s.assign(0, va.hits, s.single(&s.keep, w))
			cur = s.assign(1, vb.hits, cur)
			for i := range cur.items {
				it := &cur.items[i]
				f.LoadCfg(&it.c)
				f.Settle()
				f.SaveCfg(&s.keep, false)
				out.add(&s.keep, it.w)
			}
			s.put(cur)
		}
	}
	return nil
}

// fireApart plays fire step st (pos) from c when each side's hits do
// what they do from the enemy's units alone (step.indep): each side's
// outcomes are worked out apart — or found, for a side whose fire was
// worked out before from the same units — and each combination goes on
// to the next step: emitted at once when it is a step of the same round
// with something to play and both sides have units left, else loaded in
// the fighter, settled, and gone on from (goOnKept).
func (s *Enumerator[T, A]) fireApart(pos int, st *exactmodel.Step, c *fight.Cfg, emit func(T, *Outcome)) error {
	f, ar := s.f, s.ar
	var sides [2][]sideOut[T]
	var before [2]uint64
	for side := range 2 {
		switch {
		case s.keyed:
			before[side] = s.Key & s.sideMask[side]
		case s.Pack.OK:
			before[side] = s.partOf(side, c.St)
		}
		if st.Fires[side] {
			sides[side] = s.sideFire(pos, st, side, c)
		} else {
			sides[side] = s.still(side, c, before[side])
		}
	}
	// The key of the state less the parts the sides' outcomes replace.
	base := uint64(0)
	switch {
	case s.keyed:
		base = s.Key - before[0] - before[1]
	case s.Pack.OK:
		base = s.Pack.Part(c.St, 0) - before[0] - before[1]
	}
	for i := range sides[0] {
		oa := &sides[0][i]
		for j := range sides[1] {
			ob := &sides[1][j]
			w := ar.Mul(oa.w, ob.w)
			if oa.alive > 0 && ob.alive > 0 {
				if to := s.withinAlive(pos+1, oa, ob); to >= 0 {
					// Both sides' units are canonical already.
					s.out.Pos, s.out.Keyed = to, s.Pack.OK
					if s.Pack.OK {
						s.out.Key = uint64(to) | base + oa.part + ob.part
					} else {
						s.combine(c.St, oa, ob)
						s.out.State = append(s.out.State[:0], s.next...)
					}
					emit(w, &s.out)
					s.out.Keyed = false
					continue
				}
			}
			hint := base + oa.part + ob.part
			if s.Pack.OK {
				if k, ok := s.gone.find(hint, uint64(pos+1)); ok {
					emit(w, &s.goneList[k])
					continue
				}
			}
			s.combine(c.St, oa, ob)
			f.LoadWith(s.next, [2][3]int32{{ob.alive, ob.hp, ob.armed}, {oa.alive, oa.hp, oa.armed}})
			f.Settle()
			s.hinted, s.hint = s.Pack.OK, hint
			err := s.goOnKept(pos+1, w, emit)
			s.hinted = false
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// goOnKept is goOn from step pos of the state fireApart combined, loaded
// in the fighter, whose packed key (less the step) is s.hint: where it
// leads, which depends on that state alone, is kept by the key and the
// step, so that fireApart emits it again when another combination, from
// this node or another, comes to the same state (at a round's end the
// sides' outcomes from many states meet in few).
func (s *Enumerator[T, A]) goOnKept(pos int, w T, emit func(T, *Outcome)) error {
	if !s.Pack.OK {
		return s.goOn(pos, pos == s.m.NStart, w, emit)
	}
	s.goneTo = emit
	n := len(s.goneList)
	err := s.goOn(pos, pos == s.m.NStart, w, s.record)
	s.goneTo = nil
	if err == nil && len(s.goneList) == n+1 {
		s.gone.put(s.hint, uint64(pos), int32(n))
	}
	return err
}

// recordGone records outcome o of goOnKept in goneList, a copy whose
// state (when not keyed) and counters (of an end) are cut from the
// Enumerator's slabs, and emits it.
func (s *Enumerator[T, A]) recordGone(w T, o *Outcome) {
	k := *o
	k.State, k.Counters = nil, nil
	if !o.Keyed {
		k.State = s.goneSt.clone(o.State)
	}
	if o.Pos < 0 {
		k.Counters = s.goneCtr.clone(o.Counters)
	}
	s.goneList = append(s.goneList, k)
	s.goneTo(w, o)
}

// combine sets s.next to state st with the sides' outcomes oa and ob.
func (s *Enumerator[T, A]) combine(st []int32, oa, ob *sideOut[T]) {
	b := s.f.B
	nt := len(b.SideTrk)
	s.next = append(s.next[:0], st...)
	for side, o := range [2]*sideOut[T]{oa, ob} {
		copy(s.next[1+side*nt:], o.tracks)
		en := &b.Sides[1-side]
		copy(s.next[b.UnitBase+en.First*b.UnitStride:], o.enemy)
	}
}

// withinAlive returns the first step from pos on, in the same round, with
// something to play once the sides' outcomes oa and ob are in, or −1 when
// the round (or the start) ends first.
func (s *Enumerator[T, A]) withinAlive(pos int, oa, ob *sideOut[T]) int {
	b := s.f.B
	for ; pos < len(s.m.StepList) && pos != s.m.NStart; pos++ {
		stp := &s.m.StepList[pos]
		if stp.Fire == nil {
			return pos
		}
		for _, t := range stp.Fire {
			ut := b.Types[t]
			o := oa // side b's units are as side a's fire left them
			if ut.Side == 0 {
				o = ob
			}
			if o.typeAlive[ut.Local] > 0 {
				return pos
			}
		}
	}
	return -1
}

// sideFire returns the outcomes of side's fire in step st (pos) from c:
// its tracks after and the enemy's units after, with their weights. They
// depend only on what the key holds — the firing types' units (of a type
// whose weapons are plain, only how many are left), the side's tracks
// when it spends them, the enemy's units, and everything when the dice
// read more — so they are kept by it.
func (s *Enumerator[T, A]) sideFire(pos int, st *exactmodel.Step, side int, c *fight.Cfg) []sideOut[T] {
	if s.keyed && s.Masks[pos][side].Ok {
		all, own := s.PackedFireKeys(pos, st, side, c.St)
		if i, ok := s.pfires.find(all.k, all.X); ok {
			return s.pfireList[i]
		}
		var vols []volley[T]
		i, ok := s.pvols.find(own.k, own.X)
		if ok {
			vols = s.pvolList[i]
		} else {
			s.f.LoadCfg(c)
			vols = s.volleys(st, side)
			s.pvols.put(own.k, own.X, int32(len(s.pvolList)))
			s.pvolList = append(s.pvolList, vols)
		}
		outs := s.fireOutcomes(st, side, vols, c, !ok)
		s.pfires.put(all.k, all.X, int32(len(s.pfireList)))
		s.pfireList = append(s.pfireList, outs)
		return outs
	}
	s.keyBuf = s.FireKey(s.keyBuf[:0], pos, st, side, c.St)
	if outs, ok := s.fires[string(s.keyBuf)]; ok {
		return outs
	}
	key := string(s.keyBuf)
	vols, ok := s.vols[key[:s.OwnLen]]
	if !ok {
		s.f.LoadCfg(c)
		vols = s.volleys(st, side)
		s.vols[key[:s.OwnLen]] = vols
	}
	outs := s.fireOutcomes(st, side, vols, c, !ok)
	s.fires[key] = outs
	return outs
}

// fireOutcomes works out side's outcomes of volleys vols in fire step st
// from c, which the fighter holds when loaded. It loads it only to work
// something out: a deterministic side's assignments are mostly known
// already (assigned), and loading a configuration costs more than
// looking them up.
func (s *Enumerator[T, A]) fireOutcomes(st *exactmodel.Step, side int, vols []volley[T], c *fight.Cfg, loaded bool) []sideOut[T] {
	f := s.f
	b := f.B
	if st.Det[side] {
		m := s.merger()
		snapped := false
		nt := len(b.SideTrk)
		enemy := s.enemyKey(side, c.St)
		for _, v := range vols {
			r := s.known(side, &v, enemy)
			if r == nil {
				if !snapped {
					if !loaded {
						f.LoadCfg(c)
					}
					f.SnapSide(1-side, &s.snap)
					snapped = true
				}
				r = s.assigned(side, &v, enemy)
			}
			if s.Pack.OK {
				m.addPart(r.part+s.Pack.Part(v.tracks, 1+side*nt), v.tracks, r, v.w)
				continue
			}
			o := m.add(v.tracks, r.enemy, r.alive, v.w)
			o.typeAlive, o.part, o.hp, o.armed = r.typeAlive, r.part, r.hp, r.armed
		}
		return m.done()
	}
	if !loaded {
		f.LoadCfg(c)
	}
	outs := s.sideOutcomes(st, side, vols, c)
	lo, hi, _, _ := b.SideRange(1 - side)
	for i := range outs {
		s.next = append(s.next[:0], c.St...)
		copy(s.next[lo:hi], outs[i].enemy)
		s.m.CanonSide(s.next, 1-side)
		copy(outs[i].enemy, s.next[lo:hi])
	}
	for i := range outs {
		s.describe(side, &outs[i])
	}
	return outs
}

// within returns the first step from pos on, in the same round, with
// something to play in state st, or −1 when the round (or the start)
// ends first.
func (s *Enumerator[T, A]) within(pos int, st []int32) int {
	for ; pos < len(s.m.StepList) && pos != s.m.NStart; pos++ {
		if !s.idleIn(pos, st) {
			return pos
		}
	}
	return -1
}

// still is the one outcome of a side that does not fire: nothing
// changes.
func (s *Enumerator[T, A]) still(side int, c *fight.Cfg, part uint64) []sideOut[T] {
	b := s.f.B
	nt := len(b.SideTrk)
	en := &b.Sides[1-side]
	o := &s.stills[side][0]
	o.w, o.tracks = s.ar.Frac(1, 1), c.St[1+side*nt:1+side*nt+nt]
	o.enemy = c.St[b.UnitBase+en.First*b.UnitStride : b.UnitBase+(en.First+en.N)*b.UnitStride]
	o.part = part
	if !s.keyed && !s.Pack.OK {
		s.count(side, o)
		return s.stills[side][:]
	}
	// The enemy's units are counted once for each part of the key they
	// make: in fire by initiative one side is still at every step, and
	// sees the same enemy units again from state after state.
	if i, ok := s.stillCounts.find(part, uint64(side)); ok {
		k := &s.stillList[i]
		o.typeAlive, o.alive, o.hp, o.armed = k.typeAlive, k.alive, k.hp, k.armed
		return s.stills[side][:]
	}
	o.typeAlive = nil // a slice of its own, kept in stillList
	s.count(side, o)
	s.stillCounts.put(part, uint64(side), int32(len(s.stillList)))
	s.stillList = append(s.stillList, assignment{typeAlive: o.typeAlive, alive: o.alive, hp: o.hp, armed: o.armed})
	return s.stills[side][:]
}

// describe works out what fireApart reads of a side's outcome: the
// enemy's units left, by type, and the outcome's part of the key.
func (s *Enumerator[T, A]) describe(side int, o *sideOut[T]) {
	s.count(side, o)
	if s.Pack.OK {
		b := s.f.B
		nt := len(b.SideTrk)
		o.part = s.Pack.Part(o.tracks, 1+side*nt) + s.Pack.Part(o.enemy, b.UnitBase+b.Sides[1-side].First*b.UnitStride)
	}
}

// count counts the enemy's units a side's outcome leaves, by type, and
// works out the enemy side's aggregates.
func (s *Enumerator[T, A]) count(side int, o *sideOut[T]) {
	b := s.f.B
	en := &b.Sides[1-side]
	o.alive, o.hp, o.armed = 0, 0, 0
	if cap(o.typeAlive) < len(en.Types) {
		o.typeAlive = s.slab.alloc(len(en.Types))
	}
	o.typeAlive = o.typeAlive[:len(en.Types)]
	for i, t := range en.Types {
		ut := b.Types[t]
		lo := (ut.First - en.First) * b.UnitStride
		units := o.enemy[lo : lo+ut.Count*b.UnitStride]
		// One pass over the units' hit points, counting the living
		// without a branch (living).
		n := int32(0)
		for k := 0; k < len(units); k += b.UnitStride {
			o.hp += units[k]
			n += fight.Living(units[k])
		}
		o.typeAlive[i] = n
		o.alive += n
		if ut.Armed {
			o.armed += n
		}
	}
}

// partOf is the part of the key of state st that side's fire may change:
// its tracks and the enemy's units.
func (s *Enumerator[T, A]) partOf(side int, st []int32) uint64 {
	b := s.f.B
	nt := len(b.SideTrk)
	lo, hi, _, _ := b.SideRange(1 - side)
	return s.Pack.Part(st[1+side*nt:1+side*nt+nt], 1+side*nt) + s.Pack.Part(st[lo:hi], lo)
}

// aliveIn counts the units not destroyed among a side's units' slots.
func (s *Enumerator[T, A]) aliveIn(units []int32) int32 {
	n := int32(0)
	for k := 0; k < len(units); k += s.f.B.UnitStride {
		n += fight.Living(units[k])
	}
	return n
}

// assignment is what a side's hits leave of the enemy's units: the
// units (canonical), how many are left in all and by type, and their
// part of the key (Packing).
type assignment struct {
	enemy            []int32
	alive, hp, armed int32
	typeAlive        []int32
	part             uint64
}

// assignKey names an assignment: the side whose hits, the hits (their
// volley's code) and the enemy's units before them (enemyKey).
type assignKey struct {
	side  int32
	code  int32
	enemy uint64
}

// words returns the key as two words (wordTable).
func (k assignKey) words() (uint64, uint64) {
	return k.enemy, uint64(uint32(k.side))<<32 | uint64(uint32(k.code))
}

// enemyKey names the enemy's units in state st of side's fire: their part
// of the packed key (Packing), or, when states do not pack, an index of
// their bytes.
func (s *Enumerator[T, A]) enemyKey(side int, st []int32) uint64 {
	if s.keyed {
		return s.Key & s.enemyMask[side]
	}
	lo, hi, _, _ := s.f.B.SideRange(1 - side)
	if s.Pack.OK {
		return s.Pack.Part(st[lo:hi], lo)
	}
	buf := s.keyBuf[:0]
	for _, x := range st[lo:hi] {
		buf = binary.AppendUvarint(buf, uint64(x))
	}
	s.keyBuf = buf
	i, ok := s.enemies[string(buf)]
	if !ok {
		i = uint64(len(s.enemies))
		s.enemies[string(buf)] = i
	}
	return i
}

// known returns the assignment of side's hits of volley v to the enemy's
// units named enemy when assigned has worked it out before, else nil.
func (s *Enumerator[T, A]) known(side int, v *volley[T], enemy uint64) *assignment {
	if i, ok := s.assigns.find(assignKey{side: int32(side), enemy: enemy, code: v.code}.words()); ok {
		return &s.assignList[i]
	}
	return nil
}

// assigned returns what side's hits of volley v leave of the enemy's
// units named enemy (enemyKey), with no random event (step.det): the
// fighter's own assignment, kept by the hits and the enemy's units, which
// many volleys share (any number of ships whose dice hit alike). The
// fighter holds the configuration, with the enemy side kept by snapSide.
// The assignment is valid until the next call.
func (s *Enumerator[T, A]) assigned(side int, v *volley[T], enemy uint64) *assignment {
	f := s.f
	b := f.B
	lo, hi, _, _ := b.SideRange(1 - side)
	key := assignKey{side: int32(side), enemy: enemy, code: v.code}
	if i, ok := s.assigns.find(key.words()); ok {
		return &s.assignList[i]
	}
	f.RestoreSide(1-side, &s.snap)
	f.Hits = grouped(f.Hits[:0], v.hits)
	if len(f.Hits) > 0 {
		f.AssignHits(side, f.Hits)
		f.SyncUnits()
		s.m.CanonSide(f.St, 1-side)
	}
	r := assignment{enemy: s.slab.clone(f.St[lo:hi])}
	o := sideOut[T]{enemy: r.enemy}
	s.count(side, &o)
	r.alive, r.hp, r.armed, r.typeAlive = o.alive, o.hp, o.armed, o.typeAlive
	if s.Pack.OK {
		r.part = s.Pack.Part(r.enemy, lo)
	}
	k, x := key.words()
	s.assigns.put(k, x, int32(len(s.assignList)))
	s.assignList = append(s.assignList, r)
	return &s.assignList[len(s.assignList)-1]
}

// codeOf numbers the hits a volley's code names (its classes and their
// counts), so that assignments are kept by a number, not hashed by the
// code's bytes at every look-up.
func (s *Enumerator[T, A]) codeOf(code []byte) int32 {
	if id, ok := s.codes[string(code)]; ok {
		return id
	}
	id := int32(len(s.codes))
	s.codes[string(code)] = id
	return id
}

// classID names a class of hits across the Enumerator's volleys.
func (s *Enumerator[T, A]) classID(h *fight.Hit) int32 {
	k := classKey{w: h.W, by: h.By, mask: h.Mask, crit: h.Crit, face: h.Face}
	if id, ok := s.classIDs[k]; ok {
		return id
	}
	id := int32(len(s.classIDs))
	s.classIDs[k] = id
	return id
}

// grouped appends hits to dst with each run of hits of one class as one
// hit of n, as the fighter's plain volleys list them.
func grouped(dst, hits []fight.Hit) []fight.Hit {
	for _, h := range hits {
		if n := len(dst); n > 0 && dst[n-1].Order == h.Order {
			dst[n-1].N++
			continue
		}
		h.N = 1
		dst = append(dst, h)
	}
	return dst
}

// FireKey appends to buf what side's fire in step st (pos) depends on in
// state stt; its first ownLen bytes are what the side's volleys depend
// on.
func (s *Enumerator[T, A]) FireKey(buf []byte, pos int, st *exactmodel.Step, side int, stt []int32) []byte {
	b := s.f.B
	put := func(v []int32) {
		for _, x := range v {
			buf = binary.LittleEndian.AppendUint32(buf, uint32(x))
		}
	}
	buf = append(buf, byte(pos), byte(pos>>8), byte(side))
	if st.Wide[side] {
		put(stt)
		s.OwnLen = len(buf)
		return buf
	}
	for _, t := range st.Fire {
		ut := b.Types[t]
		if ut.Side != side {
			continue
		}
		lo := b.UnitBase + ut.First*b.UnitStride
		if st.Plain[t] {
			alive := int32(0)
			for k := range ut.Count {
				if stt[lo+k*b.UnitStride] > 0 {
					alive++
				}
			}
			buf = binary.LittleEndian.AppendUint32(buf, uint32(alive))
			continue
		}
		put(stt[lo : lo+ut.Count*b.UnitStride])
	}
	if st.Spends[side] {
		nt := len(b.SideTrk)
		put(stt[1+side*nt : 1+side*nt+nt])
	}
	s.OwnLen = len(buf)
	en := &b.Sides[1-side]
	put(stt[b.UnitBase+en.First*b.UnitStride : b.UnitBase+(en.First+en.N)*b.UnitStride])
	return buf
}

// sideOut is one outcome of a side's fire in a step, apart from the
// other side's: its tracks after its re-rolls, the enemy's units after
// its hits (alive of them left, with hp hit points and armed of them
// armed: the enemy side's aggregates), and its weight.
type sideOut[T any] struct {
	w                T
	tracks           []int32
	enemy            []int32
	alive, hp, armed int32
	// typeAlive counts the enemy's units left per type (its side's
	// order); part is the tracks' and the enemy units' part of the key
	// (Packing).
	typeAlive []int32
	part      uint64
}

// sideOutcomes works out what side's volleys do to the enemy's units from
// configuration c. Volleys whose hits, in the order the policy takes
// them, begin alike share the work of that beginning (unless the policy
// looks ahead to the hits to come, as largest-first does).
func (s *Enumerator[T, A]) sideOutcomes(st *exactmodel.Step, side int, vols []volley[T], c *fight.Cfg) []sideOut[T] {
	f, ar := s.f, s.ar
	b := f.B
	en := &b.Sides[1-side]
	lo, hi := b.UnitBase+en.First*b.UnitStride, b.UnitBase+(en.First+en.N)*b.UnitStride
	type sorted struct {
		v    *volley[T]
		hits []fight.Hit
		key  []int32
	}
	list := make([]sorted, len(vols))
	for i := range vols {
		hits := slices.Clone(vols[i].hits)
		f.Order(side, hits)
		key := make([]int32, len(hits))
		for j := range hits {
			key[j] = hits[j].Order
		}
		list[i] = sorted{&vols[i], hits, key}
	}
	slices.SortStableFunc(list, func(x, y sorted) int { return slices.Compare(x.key, y.key) })
	share := b.Policies[side] != program.PolLargestFirst && b.Policies[side] != program.PolPriority
	start := c.Clone()
	start.Done = false
	stack := []*bag[T, A]{s.single(&start, ar.Frac(1, 1))}
	var prev []int32
	m := s.merger()
	for _, x := range list {
		l := 0
		if share {
			for l < len(prev) && l < len(x.key) && prev[l] == x.key[l] {
				l++
			}
		}
		for len(stack) > l+1 {
			s.put(stack[len(stack)-1])
			stack = stack[:len(stack)-1]
		}
		for d := l; d < len(x.hits); d++ {
			stack = append(stack, s.assignHit(side, x.hits, d, stack[d]))
		}
		prev = x.key
		for _, it := range stack[len(x.hits)].items {
			m.add(x.v.tracks, it.c.St[lo:hi], s.aliveIn(it.c.St[lo:hi]), ar.Mul(x.v.w, it.w))
		}
	}
	for _, bg := range stack {
		s.put(bg)
	}
	return m.done()
}

// outMerger merges a side's outcomes of equal tracks and enemy units.
// The Enumerator has one, which every fire step reuses (merger): its
// outcomes are copied out at the end (done).
type outMerger[T any, A exactmodel.Arith[T]] struct {
	ar      A
	out     []sideOut[T]
	index   map[string]int
	indexed bool // the outcomes are in index (or partIndex), past outScan of them
	// parts are the outcomes' parts of the key, partIndex their index,
	// when they are added by addPart
	parts     []uint64
	partIndex wordTable
	buf       []byte
	slab      *int32Slab // the outcomes' tracks and units
	outSlab   *slab[sideOut[T]]
}

// merger returns the Enumerator's outMerger, emptied.
func (s *Enumerator[T, A]) merger() *outMerger[T, A] {
	m := &s.outs
	m.ar, m.slab, m.outSlab = s.ar, &s.slab, &s.outSlab
	m.out, m.parts = m.out[:0], m.parts[:0]
	if m.indexed {
		clear(m.index)
		m.partIndex.reset()
		m.indexed = false
	}
	return m
}

// done returns a copy of the merged outcomes, cut from the Enumerator's
// slab of outcomes.
func (m *outMerger[T, A]) done() []sideOut[T] { return m.outSlab.clone(m.out) }

func (m *outMerger[T, A]) add(tracks, enemy []int32, alive int32, w T) *sideOut[T] {
	if !m.indexed { // few outcomes: compared one by one
		for i := range m.out {
			if o := &m.out[i]; slices.Equal(o.enemy, enemy) && slices.Equal(o.tracks, tracks) {
				o.w = m.ar.Add(o.w, w)
				return o
			}
		}
		m.out = append(m.out, sideOut[T]{w: w, tracks: m.slab.clone(tracks), enemy: m.slab.clone(enemy), alive: alive})
		if len(m.out) == outScan {
			if m.index == nil {
				m.index = map[string]int{}
			}
			m.indexed = true
			for i := range m.out {
				m.index[string(m.key(m.out[i].tracks, m.out[i].enemy))] = i
			}
		}
		return &m.out[len(m.out)-1]
	}
	m.buf = m.key(tracks, enemy)
	if i, ok := m.index[string(m.buf)]; ok {
		m.out[i].w = m.ar.Add(m.out[i].w, w)
		return &m.out[i]
	}
	m.index[string(m.buf)] = len(m.out)
	m.out = append(m.out, sideOut[T]{w: w, tracks: m.slab.clone(tracks), enemy: m.slab.clone(enemy), alive: alive})
	return &m.out[len(m.out)-1]
}

// addPart adds a deterministic side's outcome of a volley with tracks
// whose hits left assignment r, of weight w, when states pack: part, the
// tracks' and the enemy units' part of the key, tells outcomes apart as
// their tracks and units do, in one word. The outcome's tracks and units
// are the volley's and the assignment's, which the Enumerator keeps
// unchanged for the solve: they are not copied.
func (m *outMerger[T, A]) addPart(part uint64, tracks []int32, r *assignment, w T) {
	i := -1
	if !m.indexed { // few outcomes: compared one by one
		for j, p := range m.parts {
			if p == part {
				i = j
				break
			}
		}
	} else if j, ok := m.partIndex.find(part, 0); ok {
		i = int(j)
	}
	if i >= 0 {
		m.out[i].w = m.ar.Add(m.out[i].w, w)
		return
	}
	m.out = append(m.out, sideOut[T]{w: w, tracks: tracks, enemy: r.enemy, alive: r.alive, hp: r.hp, armed: r.armed,
		typeAlive: r.typeAlive, part: part})
	m.parts = append(m.parts, part)
	switch n := len(m.parts); {
	case n == outScan:
		m.indexed = true
		for j, p := range m.parts {
			m.partIndex.put(p, 0, int32(j))
		}
	case n > outScan:
		m.partIndex.put(part, 0, int32(n-1))
	}
}

// outScan is how many outcomes outMerger compares one by one before it
// indexes them.
const outScan = 32

func (m *outMerger[T, A]) key(tracks, enemy []int32) []byte {
	m.buf = m.buf[:0]
	for _, v := range tracks {
		m.buf = binary.LittleEndian.AppendUint32(m.buf, uint32(v))
	}
	for _, v := range enemy {
		m.buf = binary.LittleEndian.AppendUint32(m.buf, uint32(v))
	}
	return m.buf
}

// setTracks sets side s's tracks in the fighter's state.
func (s *Enumerator[T, A]) setTracks(side int, tracks []int32) {
	b := s.f.B
	copy(s.f.St[1+side*len(b.SideTrk):], tracks)
}

// classes lists the distinct hits of one side's volley, in the order
// they first appear in the fighter's list.
type classes struct {
	hits  []fight.Hit
	index map[classKey]int
}

// classKey is what tells two hits apart for their assignment (see
// hitClass); by is the unit whose state resolving reads, or the type's
// first unit.
type classKey struct {
	w    *program.WeaponC
	by   int32
	mask uint64
	crit bool
	face int32
}

func (cl *classes) add(h fight.Hit, face int32) int {
	k := classKey{w: h.W, by: h.By, mask: h.Mask, crit: h.Crit, face: face}
	if i, ok := cl.index[k]; ok {
		return i
	}
	cl.index[k] = len(cl.hits)
	h.Order = int32(len(cl.hits)) // the Enumerator's name for the class
	cl.hits = append(cl.hits, h)
	return len(cl.hits) - 1
}

// dieHits is what one face of a die does: the classes of the hits it
// makes (with crit-hits copies), whether its re-roll and explosion tests
// pass.
type dieHits struct {
	hits    []int
	reroll  bool
	explode bool
}

// block is a run of the fighter's dice whose faces do alike: a plain
// weapon's dice of a whole type, or a weapon's dice of one unit.
type block struct {
	n      int
	faces  []dieHits
	budget int // the side track re-rolls spend, −1 none
	depth  int // explosions at most
}

// volleys returns the distribution of side's volley in fire step st from
// the fighter's state.
func (s *Enumerator[T, A]) volleys(st *exactmodel.Step, side int) []volley[T] {
	f := s.f
	b := f.B
	cl := s.volleyScratch()
	blocks := s.blocks[:0]
	for _, t := range st.Fire {
		ut := b.Types[t]
		if ut.Side != side {
			continue
		}
		for _, wu := range ut.Weapons {
			w := wu.W
			if st.Phase.Group != "" && w.Decl.Group != st.Phase.Group {
				continue
			}
			if w.Plain {
				n := int(int32(ut.Count)-f.HpCount[ut.HpOff]) * wu.N * int(w.Attacks.K)
				if n > 0 {
					blocks = append(blocks, s.plainBlock(cl, t, w, n))
				}
				continue
			}
			for u := int32(ut.First); u < int32(ut.First+ut.Count); u++ {
				if f.Hp(u) <= 0 {
					continue
				}
				c := fight.UnitCtx(u, -1, -1, side)
				if n := int(f.Val(w.Attacks, &c)) * wu.N; n > 0 {
					blocks = append(blocks, s.unitBlock(cl, t, u, w, n, &c))
				}
			}
		}
	}
	s.blocks = blocks
	return s.countVolley(cl, blocks, side)
}

// volleyScratch empties the arrays a volley is counted in, which the
// Enumerator keeps from one volley to the next (the volleys keep copies
// of what they need: countVolley), and returns its classes.
func (s *Enumerator[T, A]) volleyScratch() *classes {
	cl := &s.cls
	if cl.index == nil {
		cl.index = map[classKey]int{}
	}
	clear(cl.index)
	cl.hits = cl.hits[:0]
	s.faces, s.faceHits = s.faces[:0], s.faceHits[:0]
	return cl
}

// dieFaces returns n zeroed faces cut from the volley's scratch.
func (s *Enumerator[T, A]) dieFaces(n int) []dieHits {
	k := len(s.faces)
	s.faces = append(s.faces, make([]dieHits, n)...)
	return s.faces[k:len(s.faces):len(s.faces)]
}

// faceHitsFrom returns the classes appended to the volley's scratch since
// k, a face's hits.
func (s *Enumerator[T, A]) faceHitsFrom(k int) []int {
	return s.faceHits[k:len(s.faceHits):len(s.faceHits)]
}

// plainBlock is the block of a plain weapon w of type t: n dice, each
// face hitting the types its mask says.
func (s *Enumerator[T, A]) plainBlock(cl *classes, t int, w *program.WeaponC, n int) block {
	ut := s.f.B.Types[t]
	bl := block{n: n, budget: -1, faces: s.dieFaces(len(w.Die))}
	for fi := range w.Die {
		if m := w.FaceMask[fi]; m != 0 {
			h := fight.Hit{W: w, From: int32(t), By: int32(ut.First), Dmg: w.PolicyDmg, Face: int32(fi), Mask: m, N: 1}
			k := len(s.faceHits)
			s.faceHits = append(s.faceHits, cl.add(h, -1))
			bl.faces[fi].hits = s.faceHitsFrom(k)
		}
	}
	return bl
}

// unitBlock is the block of weapon w of unit u (type t): n dice, with its
// re-roll, critical and explosion tests in the unit's context c.
func (s *Enumerator[T, A]) unitBlock(cl *classes, t int, u int32, w *program.WeaponC, n int, c *fight.Ectx) block {
	f := s.f
	by := int32(f.B.Types[t].First)
	if s.m.ByMatters(w) {
		by = u
	}
	bl := block{n: n, budget: w.Budget, faces: s.dieFaces(len(w.Die))}
	if w.Explode.Set {
		bl.depth = int(w.Decl.ExplodeDepth)
	}
	for fi := range w.Die {
		d := &bl.faces[fi]
		d.reroll = w.Reroll.Set && f.Test(&w.Reroll, int32(fi), c)
		d.explode = w.Explode.Set && f.Test(&w.Explode, int32(fi), c)
		mask := w.FaceMask[fi] | w.DynMask
		if mask == 0 {
			continue
		}
		face := int32(-1)
		if w.DynMask != 0 {
			face = s.m.FaceRep(w, int32(fi))
		}
		crit := w.Crit.Set && f.Test(&w.Crit, int32(fi), c)
		h := fight.Hit{W: w, From: int32(t), By: by, Face: int32(fi), Mask: mask, Crit: crit && w.Decl.CritWounds, Dmg: w.PolicyDmg, Dyn: w.DynMask != 0, N: 1}
		if face >= 0 {
			h.Face = face
		}
		from := len(s.faceHits)
		s.faceHits = append(s.faceHits, cl.add(h, face))
		if crit {
			h.Crit = false
			k := cl.add(h, face)
			for range w.Decl.CritHits {
				s.faceHits = append(s.faceHits, k)
			}
		}
		d.hits = s.faceHitsFrom(from)
	}
	return bl
}

// vstate is a partial volley: hits counted per class, the side's tracks,
// its weight.
type vstate[T any] struct {
	counts []int16
	tracks []int32
	w      T
}

// countVolley enumerates the blocks' dice as counts of hits per class:
// each die's outcomes (re-roll and explosions included) folded into the
// counts so far, outcomes of equal counts and tracks merged.
func (s *Enumerator[T, A]) countVolley(cl *classes, blocks []block, side int) []volley[T] {
	f, ar := s.f, s.ar
	b := f.B
	nt := len(b.SideTrk)
	s.start[0] = vstate[T]{counts: s.i16Slab.alloc(len(cl.hits)), tracks: s.slab.clone(f.St[1+side*nt : 1+side*nt+nt]), w: ar.Frac(1, 1)}
	cur := s.start[:]
	for bi := range blocks {
		bl := &blocks[bi]
		if bl.budget < 0 && bl.depth == 0 && !hasReroll(bl) {
			cur = s.multinomial(cur, bl, len(cl.hits))
			continue
		}
		for range bl.n {
			cur = s.oneDieOfBlock(cur, bl, len(cl.hits))
		}
	}
	// The volleys, kept for the solve, are cut from the Enumerator's slabs.
	out := s.volSlab.alloc(len(cur))
	for i, v := range cur {
		total := 0
		for _, n := range v.counts {
			total += int(n)
		}
		hits := s.hitSlab.alloc(total)[:0]
		code := s.codeBuf[:0]
		for k, n := range v.counts {
			if n > 0 {
				code = binary.AppendUvarint(code, uint64(s.classID(&cl.hits[k])))
				code = binary.AppendUvarint(code, uint64(n))
			}
			for range n {
				hits = append(hits, cl.hits[k])
			}
		}
		s.codeBuf = code
		out[i] = volley[T]{w: v.w, hits: hits, tracks: v.tracks, code: s.codeOf(code)}
	}
	return out
}

func hasReroll(bl *block) bool {
	return slices.ContainsFunc(bl.faces, func(d dieHits) bool { return d.reroll })
}

// merger merges partial volleys of equal counts and tracks.
type merger[T any, A exactmodel.Arith[T]] struct {
	ar    A
	s     *Enumerator[T, A]
	out   []vstate[T]
	index map[string]int
	buf   []byte
}

// volMerger returns one of the Enumerator's two mergers, emptied: the
// other's outcomes are the partial volleys the block at hand folds in
// (countVolley's cur), so that each block's merger, its map and its array
// are reused, not made again for every block of every volley.
func (s *Enumerator[T, A]) volMerger() *merger[T, A] {
	s.vflip = 1 - s.vflip
	m := &s.vmerge[s.vflip]
	// A map that held many keys keeps their room, which clear would go
	// over at every block after: it is made again instead.
	if m.index == nil || len(m.index) > mergerKeep {
		m.index = map[string]int{}
	}
	m.ar, m.s = s.ar, s
	m.out = m.out[:0]
	clear(m.index)
	return m
}

// mergerKeep is the most keys a merger's map may have held to be cleared
// for the next block rather than made again.
const mergerKeep = 1 << 12

func (m *merger[T, A]) add(counts []int16, tracks []int32, w T) {
	m.s.tick()
	m.buf = m.buf[:0]
	for _, c := range counts {
		m.buf = binary.LittleEndian.AppendUint16(m.buf, uint16(c))
	}
	for _, t := range tracks {
		m.buf = binary.LittleEndian.AppendUint32(m.buf, uint32(t))
	}
	if i, ok := m.index[string(m.buf)]; ok {
		m.out[i].w = m.ar.Add(m.out[i].w, w)
		return
	}
	m.index[string(m.buf)] = len(m.out)
	m.out = append(m.out, vstate[T]{counts: m.s.i16Slab.clone(counts), tracks: m.s.slab.clone(tracks), w: w})
}

// multinomial folds a block of dice with no re-roll or explosion into the
// partial volleys at once: its n dice spread over the faces' classes.
func (s *Enumerator[T, A]) multinomial(cur []vstate[T], bl *block, nc int) []vstate[T] {
	// Faces grouped by what they hit: groups[g] = (class or −1, faces).
	groups := s.groups[:0]
	for _, d := range bl.faces {
		k := -1
		if len(d.hits) > 0 {
			k = d.hits[0]
		}
		if i := slices.IndexFunc(groups, func(g faceGroup) bool { return g.class == k }); i >= 0 {
			groups[i].faces++
		} else {
			groups = append(groups, faceGroup{k, 1})
		}
	}
	s.groups = groups
	s.delta = append(s.delta[:0], make([]int16, nc)...)
	sp := spreading[T, A]{cur: cur, groups: groups, nf: int64(len(bl.faces)), m: s.volMerger()}
	s.spread(&sp, 0, bl.n, s.ar.Frac(1, 1))
	return sp.m.out
}

// faceGroup is the faces of a block that hit one class (−1: none).
type faceGroup struct{ class, faces int }

// spreading is what multinomial spreads a block's dice over: the partial
// volleys so far, the faces' groups, the faces of a die, and the merger
// of the partial volleys it makes; s.delta holds the hits a spread adds.
type spreading[T any, A exactmodel.Arith[T]] struct {
	cur    []vstate[T]
	groups []faceGroup
	nf     int64
	m      *merger[T, A]
}

// spread spreads rest dice over groups g on, with weight w so far (a
// method, not a closure, which a recursion would allocate at every
// block).
func (s *Enumerator[T, A]) spread(sp *spreading[T, A], g, rest int, w T) {
	ar, gr, delta := s.ar, sp.groups[g], s.delta
	if g == len(sp.groups)-1 {
		w = ar.Mul(w, s.pw.Pow(int64(gr.faces), sp.nf, rest))
		if gr.class >= 0 {
			delta[gr.class] += int16(rest)
		}
		for _, v := range sp.cur {
			// m.add copies the counts: the scratch array serves them all.
			counts := append(s.countBuf[:0], v.counts...)
			s.countBuf = counts
			for k, d := range delta {
				counts[k] += d
			}
			sp.m.add(counts, v.tracks, ar.Mul(v.w, w))
		}
		if gr.class >= 0 {
			delta[gr.class] -= int16(rest)
		}
		return
	}
	for k := 0; k <= rest; k++ {
		ww := ar.Mul(w, ar.Mul(s.bin.Binom(rest, k), s.pw.Pow(int64(gr.faces), sp.nf, k)))
		if gr.class >= 0 {
			delta[gr.class] += int16(k)
		}
		s.spread(sp, g+1, rest-k, ww)
		if gr.class >= 0 {
			delta[gr.class] -= int16(k)
		}
	}
}

// oneDieOfBlock folds one die of a block into the partial volleys: its
// first face, re-rolled once when the test passes (and, with a budget,
// while the side has re-rolls left), and each explosion up to the depth.
func (s *Enumerator[T, A]) oneDieOfBlock(cur []vstate[T], bl *block, nc int) []vstate[T] {
	ar := s.ar
	b := s.f.B
	nf := int64(len(bl.faces))
	m := s.volMerger()
	counts := make([]int16, nc)
	tracks := make([]int32, len(b.SideTrk))
	// chain adds the hits of face fi and of its explosions.
	var chain func(v *vstate[T], fi, depth int, w T)
	chain = func(v *vstate[T], fi, depth int, w T) {
		for _, k := range bl.faces[fi].hits {
			counts[k]++
		}
		if bl.faces[fi].explode && depth < bl.depth {
			for fj := range bl.faces {
				chain(v, fj, depth+1, ar.Mul(w, ar.Frac(1, nf)))
			}
		} else {
			m.add(counts, tracks, w)
		}
		for _, k := range bl.faces[fi].hits {
			counts[k]--
		}
	}
	for vi := range cur {
		v := &cur[vi]
		copy(counts, v.counts)
		copy(tracks, v.tracks)
		avail := bl.budget < 0 || tracks[bl.budget] > b.SideTrk[bl.budget].Lo[0]
		for fi := range bl.faces {
			w := ar.Mul(v.w, ar.Frac(1, nf))
			if !bl.faces[fi].reroll || !avail {
				chain(v, fi, 0, w)
				continue
			}
			if bl.budget >= 0 {
				tracks[bl.budget]--
			}
			for fj := range bl.faces {
				chain(v, fj, 0, ar.Mul(w, ar.Frac(1, nf)))
			}
			if bl.budget >= 0 {
				tracks[bl.budget]++
			}
		}
	}
	return m.out
}

// assign assigns side's hits (in the fighter's list order) over every
// configuration of in, each hit's target and resolution enumerated, and
// returns the outcomes (in is consumed).
func (s *Enumerator[T, A]) assign(side int, hits []fight.Hit, in *bag[T, A]) *bag[T, A] {
	if len(hits) == 0 {
		return in
	}
	mine := slices.Clone(hits)
	s.f.Order(side, mine)
	for i := range mine {
		out := s.assignHit(side, mine, i, in)
		s.put(in)
		in = out
	}
	for i := range in.items {
		in.items[i].c.Done = false
	}
	in.remerge()
	return in
}

// assignHit assigns hit i of mine (a side's hits in the order its policy
// takes them) over every configuration of in, and returns the outcomes
// (in is kept).
func (s *Enumerator[T, A]) assignHit(side int, mine []fight.Hit, i int, in *bag[T, A]) *bag[T, A] {
	f := s.f
	out := s.bag()
	for j := range in.items {
		it := &in.items[j]
		if it.c.Done {
			out.add(&it.c, it.w)
			continue
		}
		f.LoadCfg(&it.c)
		for _, t := range s.targets(side, &mine[i], mine[i+1:]) {
			if t.u < 0 {
				out.add(&it.c, s.ar.Mul(it.w, t.w))
				continue
			}
			s.resolve(side, &mine[i], t.u, mine[i+1:], &it.c, s.ar.Mul(it.w, t.w), out)
		}
	}
	return out
}

// resolve plays hit h of side against unit u from configuration c: the
// wound roll, the save, the damage and what spills over, as the fighter's
// resolve does.
func (s *Enumerator[T, A]) resolve(side int, h *fight.Hit, u int32, rest []fight.Hit, c *fight.Cfg, w T, out *bag[T, A]) {
	f, ar := s.f, s.ar
	b := f.B
	wp := h.W
	U := b.AllUnits[u].Typ
	f.LoadCfg(c)
	ctx := fight.UnitCtx(h.By, u, -1, side)
	// pass[0]: wounds that are not mortal; pass[1]: mortal ones.
	pass := [2]int64{6, 0}
	if wp.Wound[U].Set && !(h.Crit && wp.Decl.CritWounds) {
		pass = [2]int64{}
		for fi := range int32(6) {
			if !f.Test(&wp.Wound[U], fi, &ctx) {
				continue
			}
			if wp.Decl.CritMortal && wp.CritWound[U].Set && f.Test(&wp.CritWound[U], fi, &ctx) {
				pass[1]++
			} else {
				pass[0]++
			}
		}
		out.add(c, ar.Mul(w, ar.Frac(6-pass[0]-pass[1], 6)))
	}
	for mi, n := range pass {
		if n == 0 {
			continue
		}
		mortal := mi == 1
		ww := ar.Mul(w, ar.Frac(n, 6))
		if !mortal && wp.Save[U].Set {
			saved := int64(0)
			for fi := range int32(6) {
				if f.Test(&wp.Save[U], fi, &ctx) {
					saved++
				}
			}
			out.add(c, ar.Mul(ww, ar.Frac(saved, 6)))
			ww = ar.Mul(ww, ar.Frac(6-saved, 6))
			if saved == 6 {
				continue
			}
		}
		dist, _ := s.rollDist(wp.Damage[U], &ctx)
		for _, d := range dist {
			f.LoadCfg(c)
			v := d.v
			if wp.Reduce[U] != nil {
				v = max(0, v-f.Val(wp.Reduce[U], &ctx))
			}
			excess := f.Damage(u, v, side)
			s.spill(side, h, excess, mortal, rest, ar.Mul(ww, d.w), out)
		}
	}
}

// spill sends the damage beyond what destroyed a unit on to the next
// target, while the weapon spills over (or the wound was mortal), from
// the fighter's state, and adds the outcome.
func (s *Enumerator[T, A]) spill(side int, h *fight.Hit, excess int32, mortal bool, rest []fight.Hit, w T, out *bag[T, A]) {
	f := s.f
	for excess > 0 && (h.W.Decl.Spill || mortal) && f.Agg[1-side][program.AggAlive] > 0 {
		sp := *h
		sp.Dmg = excess
		ts := s.targets(side, &sp, rest)
		if len(ts) > 1 {
			var here fight.Cfg
			f.SaveCfg(&here, false)
			for _, t := range ts {
				f.LoadCfg(&here)
				s.spill(side, h, f.Damage(t.u, excess, side), mortal, rest, s.ar.Mul(w, t.w), out)
			}
			return
		}
		if ts[0].u < 0 {
			break
		}
		excess = f.Damage(ts[0].u, excess, side)
	}
	f.SaveCfg(&s.keep, f.Agg[1-side][program.AggAlive] == 0)
	out.add(&s.keep, w)
}
