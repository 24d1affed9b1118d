package enumerate

import (
	"encoding/binary"
	"slices"

	"github.com/crucible-sim/crucible/rules/rulesfile/fight"
	"github.com/crucible-sim/crucible/rules/rulesfile/program"
)

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
