package enumerate

import (
	"math/bits"

	"github.com/crucible-sim/crucible/rules/rulesfile/exactmodel"
)

// A side's outcomes of a fire step are kept by what they depend on
// (fireKey). When the Enumerator plays a node from its packed key
// (StepKey), what they depend on is read off the key's bits — the firing
// types' units, the side's tracks, the enemy's units — and only the
// counts of units left of the types whose weapons are plain are counted:
// a key of two words, which hashes at once and allocates nothing, where
// fireKey writes the state's integers out as bytes.

// fireMasks works out every step's fireMask for each side, for packing p.
func (s *Enumerator[T, A]) fireMasks(p *exactmodel.Packing) {
	b := s.m.B
	nt := len(b.SideTrk)
	s.Masks = s.Masks[:0]
	for i := range s.m.StepList {
		st := &s.m.StepList[i]
		var fm [2]fireMask
		for side := range 2 {
			m := fireMask{enemy: s.enemyMask[side], wide: st.Wide[side]}
			used := 1 // the side's bit
			for _, t := range st.Fire {
				ut := b.Types[t]
				if ut.Side != side {
					continue
				}
				if st.Plain != nil && st.Plain[t] {
					used += bits.Len(uint(ut.Count))
					continue
				}
				m.own |= p.Mask(b.UnitBase+ut.First*b.UnitStride, ut.Count*b.UnitStride)
			}
			if st.Spends[side] {
				m.own |= p.Mask(1+side*nt, nt)
			}
			m.Ok = used <= 64
			fm[side] = m
		}
		s.Masks = append(s.Masks, fm)
	}
}

// PackedFireKeys returns the keys of side's fire in step st (pos) of the
// node StepKey plays, in state stt: all it depends on, and what its
// volleys depend on (own).
func (s *Enumerator[T, A]) PackedFireKeys(pos int, st *exactmodel.Step, side int, stt []int32) (all, own PackedFireKey) {
	m := &s.Masks[pos][side]
	if m.wide {
		k := PackedFireKey{s.Key | uint64(pos), uint64(side)}
		return k, k
	}
	b := s.f.B
	x := uint64(side)
	at := 1
	for _, t := range st.Fire {
		ut := b.Types[t]
		if ut.Side != side || !st.Plain[t] {
			continue
		}
		lo := b.UnitBase + ut.First*b.UnitStride
		alive := uint64(0)
		for k := range ut.Count {
			if stt[lo+k*b.UnitStride] > 0 {
				alive++
			}
		}
		x |= alive << at
		at += bits.Len(uint(ut.Count))
	}
	own = PackedFireKey{s.Key&m.own | uint64(pos), x}
	all = PackedFireKey{s.Key&(m.own|m.enemy) | uint64(pos), x}
	return all, own
}
