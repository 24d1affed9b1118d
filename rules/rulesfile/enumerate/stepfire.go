package enumerate

import (
	"encoding/binary"
	"slices"

	"github.com/crucible-sim/crucible/rules/rulesfile/exactmodel"
	"github.com/crucible-sim/crucible/rules/rulesfile/fight"
	"github.com/crucible-sim/crucible/rules/rulesfile/program"
)

// This file plays a fire step over every outcome: the fighter's fire,
// with a side's dice counted by the hits they make rather than rolled one
// by one (volleycount.go) and its hits assigned and resolved (assign.go).

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
//
// It is longer than a function should be and stays whole: it runs for
// every state a fire step plays, and with the sides' outcomes and the
// base key worked out in a function of their own the solve of
// BenchmarkVersusEclipse/upgraded-three-types took 0.4-6% more CPU, in each
// of 12 runs alternated (bench/rulesfile-exact.txt).
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

// setTracks sets side s's tracks in the fighter's state.
func (s *Enumerator[T, A]) setTracks(side int, tracks []int32) {
	b := s.f.B
	copy(s.f.St[1+side*len(b.SideTrk):], tracks)
}
