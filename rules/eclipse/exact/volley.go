package exact

import "github.com/crucible-sim/crucible/rules/eclipse"

// volleyTag identifies, with the enemy sub-key, a volley: the firing
// type, the ships firing and missile or cannon dice. The outcome tables,
// shared by every ship count, use n = 0.
func volleyTag(t, n int, missile bool) uint32 {
	tag := uint32(t)<<5 | uint32(n)<<1
	if missile {
		tag |= 1
	}
	return tag
}

// maxOutTab bounds the entries of one outcome table (volleys whose
// count vectors have more combinations go without the memo).
const maxOutTab = 1 << 14

// volleyEntry lists the outcomes of one volley: rolls r0..r0+nr (each a
// probability and its alternative outcomes; one unless the side is
// optimal) and the probability that every die misses.
type volleyEntry[T any] struct {
	r0, nr int32
	nc     T
}

// volleyOut is the enemy side after a volley.
type volleyOut struct {
	e     uint64 // enemy sub-key
	mask  uint8  // enemy types (global bits) still in the battle
	empty bool   // no enemy ship left in the battle: the firing side wins
}

// tables precomputes binomials and face-class powers (k/6)^n in T.
func (s *solver[T, A]) tables() {
	maxN := 1
	for t := range s.c.Types {
		ty := &s.c.Types[t]
		for col := range 4 {
			maxN = max(maxN, ty.Count*int(ty.Cannon[col]), ty.Count*int(ty.Missile[col]))
		}
	}
	s.binom = make([][]T, maxN+1)
	for n := range maxN + 1 {
		s.binom[n] = make([]T, n+1)
		s.binom[n][0], s.binom[n][n] = s.ar.frac(1, 1), s.ar.frac(1, 1)
		for k := 1; k < n; k++ {
			s.binom[n][k] = s.ar.add(s.binom[n-1][k-1], s.binom[n-1][k])
		}
	}
	for f := 1; f <= 6; f++ {
		p := s.ar.frac(int64(f), 6)
		s.pow[f] = make([]T, maxN+1)
		s.pow[f][0] = s.ar.frac(1, 1)
		for n := 1; n <= maxN; n++ {
			s.pow[f][n] = s.ar.mul(s.pow[f][n-1], p)
		}
	}
}

// faceClass is a set of faces with the same hit-set against the enemy
// ships in the battle (§8.2).
type faceClass struct {
	mask  uint8
	faces int
	rep   int // a representative face
}

// volley computes a memo entry for a volley by n ships of type t against
// the enemy side of s.st: for each colour, the multinomial counts of its
// dice over the face classes; jointly over colours; each combination handed
// to the engine (Classes, then Resolve with the side's policy, or every
// distinct assignment for an optimal side) and settled.
func (s *solver[T, A]) volley(t int, missile bool, n int, esub uint64) (int32, error) {
	c := s.c
	ty := &c.Types[t]
	dice := ty.Cannon
	if missile {
		dice = ty.Missile
	}
	in := c.EnemyMask(&s.st, t)
	var cls [7]faceClass
	nq := 0
	for f := 1; f <= 6; f++ {
		m := c.HitMask(t, f) & in
		q := 0
		for q < nq && cls[q].mask != m {
			q++
		}
		if q == nq {
			cls[q] = faceClass{mask: m}
			nq++
		}
		cls[q].faces++
		cls[q].rep = f
	}
	en := 1 - ty.Side
	optimal := c.Sides[ty.Side].Policy == eclipse.PolicyOptimal
	entry := volleyEntry[T]{r0: int32(len(s.rollP)), nc: s.ar.zero()}
	var cols, nd [4]int
	ncols := 0
	for col := range 4 {
		if dice[col] > 0 {
			cols[ncols], nd[ncols] = col, n*int(dice[col])
			ncols++
		}
	}
	c.Targets(&s.st, t, s.w)
	outcome := func(st2 *eclipse.State) volleyOut {
		c.Settle(st2, t, eclipse.ActFire)
		return volleyOut{e: s.enc.encodeSide(st2, en), mask: s.enc.inBattleMask(st2, en), empty: c.SideInBattle(st2, en) == 0}
	}
	var counts eclipse.FaceCounts
	var kq [4][7]int
	// The outcome table of (t, missile, esub): counts of colour i range
	// over 0..maxD[i], the dice of every ship of the type.
	tab := -1
	var maxD [4]int
	if !optimal {
		size := 1
		for i := range ncols {
			maxD[i] = ty.Count * int(dice[cols[i]])
			for q := range nq {
				if cls[q].mask != 0 && size <= maxOutTab {
					size *= maxD[i] + 1
				}
			}
		}
		if size <= maxOutTab {
			at, found := s.outMemo.getOrPut(esub, volleyTag(t, 0, missile), int32(len(s.outTab)))
			tab = int(at)
			if !found {
				s.outTab = append(s.outTab, make([]int32, size)...)
			}
		}
	}
	var rec func(ci int, p T) error
	// comp distributes the remaining dice of colour ci over classes q..nq-1.
	var comp func(ci, q, rest int, p T) error
	comp = func(ci, q, rest int, p T) error {
		if q == nq-1 {
			kq[ci][q] = rest
			return rec(ci+1, s.ar.mul(p, s.pow[cls[q].faces][rest]))
		}
		for kk := 0; kk <= rest; kk++ {
			kq[ci][q] = kk
			pp := s.ar.mul(p, s.ar.mul(s.binom[rest][kk], s.pow[cls[q].faces][kk]))
			if err := comp(ci, q+1, rest-kk, pp); err != nil {
				return err
			}
		}
		return nil
	}
	rec = func(ci int, p T) error {
		if ci < ncols {
			return comp(ci, 0, nd[ci], p)
		}
		hits := 0
		idx := 0
		for i := range ncols {
			for q := range nq {
				if cls[q].mask != 0 {
					hits += kq[i][q]
					idx = idx*(maxD[i]+1) + kq[i][q]
				}
			}
		}
		// classes hands the dice per (colour, face class) to the engine;
		// only needed when the outcome is not in the table yet.
		classes := func() {
			counts = eclipse.FaceCounts{}
			for i := range ncols {
				for q := range nq {
					if cls[q].mask != 0 {
						counts[cols[i]][cls[q].rep] += int32(kq[i][q])
					}
				}
			}
			c.Classes(t, &counts, s.w)
		}
		ok := !optimal && tab >= 0
		idx += tab
		if hits == 0 {
			entry.nc = s.ar.add(entry.nc, p)
			return nil
		}
		if !optimal {
			var out volleyOut
			if ok && s.outTab[idx] > 0 {
				out = s.outVals[s.outTab[idx]-1]
			} else {
				classes()
				s.st2 = s.st
				c.Resolve(&s.st2, t, s.w)
				out = outcome(&s.st2)
				if ok {
					s.outVals = append(s.outVals, out)
					s.outTab[idx] = int32(len(s.outVals))
				}
			}
			if r := s.findRoll(entry.r0, out.e); r >= 0 {
				s.rollP[r] = s.ar.add(s.rollP[r], p)
				return nil
			}
			s.roll(p, out)
			return nil
		}
		classes()
		return s.choices(t, p, outcome)
	}
	if ncols > 0 {
		if err := rec(0, s.ar.frac(1, 1)); err != nil {
			return 0, err
		}
	} else {
		entry.nc = s.ar.frac(1, 1)
	}
	entry.nr = int32(len(s.rollP)) - entry.r0
	s.entries = append(s.entries, entry)
	return int32(len(s.entries) - 1), nil
}

func (s *solver[T, A]) roll(p T, outs ...volleyOut) {
	push(&s.rollP, p)
	if s.optimal {
		push(&s.rollA0, int32(len(s.outs)))
		push(&s.rollNA, int32(len(outs)))
	}
	for _, o := range outs {
		push(&s.outs, o)
	}
}

// rollOuts returns the outcomes o0..o1 (indices into outs) of roll r.
func (s *solver[T, A]) rollOuts(r int32) (o0, o1 int32) {
	if !s.optimal {
		return r, r + 1 // one outcome per roll, stored at the roll's index
	}
	return s.rollA0[r], s.rollA0[r] + s.rollNA[r]
}

// findRoll returns the roll of a fixed policy's volley (rolls r0 onwards,
// one outcome each) whose enemy sub-key is e, or -1. Most volleys have a
// handful of outcomes, which a scan finds faster than a map; from
// rollScan outcomes on, the map outIdx indexes them.
func (s *solver[T, A]) findRoll(r0 int32, e uint64) int32 {
	n := int32(len(s.rollP))
	if n-r0 <= rollScan {
		for r := r0; r < n; r++ {
			if o, _ := s.rollOuts(r); s.outs[o].e == e {
				return r
			}
		}
		if n-r0 == rollScan {
			// The next roll is the first past the scan: index them all.
			clear(s.outIdx)
			for r := r0; r < n; r++ {
				o, _ := s.rollOuts(r)
				s.outIdx[s.outs[o].e] = r
			}
			s.outIdx[e] = n
		}
		return -1
	}
	if r, ok := s.outIdx[e]; ok {
		return r
	}
	s.outIdx[e] = n
	return -1
}

// rollScan is the number of a volley's outcomes findRoll scans before it
// indexes them in a map.
const rollScan = 16
