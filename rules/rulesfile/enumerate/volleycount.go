package enumerate

import (
	"encoding/binary"
	"slices"

	"github.com/crucible-sim/crucible/rules/rulesfile/exactmodel"
	"github.com/crucible-sim/crucible/rules/rulesfile/fight"
	"github.com/crucible-sim/crucible/rules/rulesfile/program"
)

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
func (s *Enumerator[T, A]) plainBlock(cl *classes, t int, w *program.Weapon, n int) block {
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
func (s *Enumerator[T, A]) unitBlock(cl *classes, t int, u int32, w *program.Weapon, n int, c *fight.EvalContext) block {
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
