package rulesfile

import "math/bits"

// A side's outcomes of a fire step are kept by what they depend on
// (fireKey). When the Enumerator plays a node from its packed key
// (StepKey), what they depend on is read off the key's bits — the firing
// types' units, the side's tracks, the enemy's units — and only the
// counts of units left of the types whose weapons are plain are counted:
// a key of two words, which hashes at once and allocates nothing, where
// fireKey writes the state's integers out as bytes.

// packedFireKey names a side's fire in a step from a packed state: k the
// bits the fire depends on and the step, x the side and the counts of
// units left of its plain types.
type packedFireKey struct{ k, x uint64 }

// fireMask is what a side's fire in one step reads of a packed key: the
// bits of its own that its volleys depend on (own) and of the enemy's
// units (enemy), whether everything counts (wide), and whether the
// counts of its plain types fit beside the side's bit (ok).
type fireMask struct {
	own, enemy uint64
	wide, ok   bool
}

// fireMasks works out every step's fireMask for each side, for packing p.
func (s *Enumerator[T, A]) fireMasks(p *Packing) {
	b := s.m.b
	nt := len(b.sideTrk)
	s.masks = s.masks[:0]
	for i := range s.m.steps {
		st := &s.m.steps[i]
		var fm [2]fireMask
		for side := range 2 {
			m := fireMask{enemy: s.enemyMask[side], wide: st.wide[side]}
			used := 1 // the side's bit
			for _, t := range st.fire {
				ut := b.types[t]
				if ut.side != side {
					continue
				}
				if st.plain != nil && st.plain[t] {
					used += bits.Len(uint(ut.count))
					continue
				}
				m.own |= p.Mask(b.unitBase+ut.first*b.stride, ut.count*b.stride)
			}
			if st.spends[side] {
				m.own |= p.Mask(1+side*nt, nt)
			}
			m.ok = used <= 64
			fm[side] = m
		}
		s.masks = append(s.masks, fm)
	}
}

// packedFireKeys returns the keys of side's fire in step st (pos) of the
// node StepKey plays, in state stt: all it depends on, and what its
// volleys depend on (own).
func (s *Enumerator[T, A]) packedFireKeys(pos int, st *step, side int, stt []int32) (all, own packedFireKey) {
	m := &s.masks[pos][side]
	if m.wide {
		k := packedFireKey{s.key | uint64(pos), uint64(side)}
		return k, k
	}
	b := s.f.b
	x := uint64(side)
	at := 1
	for _, t := range st.fire {
		ut := b.types[t]
		if ut.side != side || !st.plain[t] {
			continue
		}
		lo := b.unitBase + ut.first*b.stride
		alive := uint64(0)
		for k := range ut.count {
			if stt[lo+k*b.stride] > 0 {
				alive++
			}
		}
		x |= alive << at
		at += bits.Len(uint(ut.count))
	}
	own = packedFireKey{s.key&m.own | uint64(pos), x}
	all = packedFireKey{s.key&(m.own|m.enemy) | uint64(pos), x}
	return all, own
}
