package exact

import (
	"slices"

	"github.com/crucible-sim/crucible/rules/eclipse"
	"github.com/crucible-sim/crucible/rules/eclipse/assign"
)

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
// optimal, nout in all) and the probability that every die misses.
type volleyEntry[T any] struct {
	r0, nr, nout int32
	nc           T
}

// volleyOut is the enemy side after a volley.
type volleyOut struct {
	e     uint64 // enemy sub-key
	mask  uint8  // enemy types (global bits) still in the battle
	empty bool   // no enemy ship left in the battle: the firing side wins
}

// tables finds the dice tables of the battle: for n up to the most dice
// of one colour a type rolls in one volley (all its ships firing).
func (s *solver[T, A]) tables() {
	maxN := 1
	for t := range s.c.Types {
		ty := &s.c.Types[t]
		for col := range 4 {
			maxN = max(maxN, ty.Count*int(ty.Cannon[col]), ty.Count*int(ty.Missile[col]))
		}
	}
	if _, ok := any(s.ar).(floats); ok {
		s.dice = any(sharedFloatDice(maxN)).(*diceTables[T])
		return
	}
	s.dice = newDiceTables[T](s.ar, maxN)
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
	// The solver's own enumeration, reused volley after volley: made
	// afresh, it escapes to the heap (its outcome method is passed on).
	v := &s.venum
	*v = volleyEnum[T, A]{s: s, t: t, en: 1 - ty.Side, tab: -1,
		optimal: c.Sides[ty.Side].Policy == assign.Optimal,
		entry:   volleyEntry[T]{r0: int32(len(s.rollP)), nc: s.ar.zero()}}
	outs0 := int32(len(s.outs))
	enemies := c.EnemyMask(&s.st, t)
	v.cls, v.nq = faceClassesOf(c, t, enemies)
	for col := range 4 {
		if dice[col] > 0 {
			v.cols[v.ncols], v.nd[v.ncols] = col, n*int(dice[col])
			v.ncols++
		}
	}
	c.Targets(&s.st, t, s.w)
	if !v.optimal {
		v.outTable(ty.Count, dice, missile, esub)
	}
	switch {
	case v.ncols == 0:
		v.entry.nc = s.ar.frac(1, 1)
	case v.tab >= 0:
		if err := v.replay(s.shape(v, enemies, volleyTag(t, n, missile))); err != nil {
			return 0, err
		}
	default:
		if err := v.colour(0, s.ar.frac(1, 1)); err != nil {
			return 0, err
		}
	}
	v.entry.nr = int32(len(s.rollP)) - v.entry.r0
	v.entry.nout = int32(len(s.outs)) - outs0
	s.entries = append(s.entries, v.entry)
	return int32(len(s.entries) - 1), nil
}

// faceClassesOf groups the faces of type t's dice by which of the enemy
// types in the set in (the enemy types in the battle) they hit (§8.2):
// dice showing faces of one class have the same effect, so a roll is told
// by its dice per class.
func faceClassesOf(c *eclipse.Compiled, t int, in uint8) (cls [7]faceClass, nq int) {
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
	return cls, nq
}

// volleyEnum is one volley's enumeration (see volley): the dice of each
// colour rolled spread over the face classes, one colour after another.
type volleyEnum[T any, A num[T]] struct {
	s       *solver[T, A]
	t       int // the firing type
	en      int // the enemy side
	optimal bool
	cls     [7]faceClass
	nq      int
	// Per colour rolled, i < ncols: the colour, its dice in this volley and
	// (fixed policies) in a volley of the whole type, the outcome table's
	// radix.
	cols, nd, maxD [4]int
	ncols          int
	kq             [4][7]int // the roll so far: dice of colour i in class q
	tab            int       // the outcome table's offset in outTab, -1 if none
	entry          volleyEntry[T]
	// record, set while a shape's rolls are enumerated (see shape), has
	// leaf record each roll in shapeRolls instead of placing it.
	record bool
}

// outTable finds or makes the outcome table of (t, missile, esub), which
// volleys of any number of ships share: counts of colour i range over
// 0..maxD[i], the dice of count ships of the type. Volleys whose table
// would pass maxOutTab entries go without (tab stays -1).
func (v *volleyEnum[T, A]) outTable(count int, dice eclipse.Dice, missile bool, esub uint64) {
	s := v.s
	size := 1
	for i := range v.ncols {
		v.maxD[i] = count * int(dice[v.cols[i]])
		for q := range v.nq {
			if v.cls[q].mask != 0 && size <= maxOutTab {
				size *= v.maxD[i] + 1
			}
		}
	}
	if size <= maxOutTab {
		at, found := s.outMemo.getOrPut(esub, volleyTag(v.t, 0, missile), int32(len(s.outTab)))
		v.tab = int(at)
		if !found {
			n := len(s.outTab)
			s.outTab = slices.Grow(s.outTab, size)[:n+size]
			clear(s.outTab[n:]) // a reused solver's array holds old entries
		}
	}
}

// colour enumerates the dice of colour ci and the colours after it, the
// roll so far having probability p; past the last colour the roll is
// complete.
func (v *volleyEnum[T, A]) colour(ci int, p T) error {
	if ci < v.ncols {
		return v.spread(ci, 0, v.nd[ci], p)
	}
	return v.leaf(p)
}

// spread distributes the remaining dice of colour ci over classes q..nq-1.
func (v *volleyEnum[T, A]) spread(ci, q, rest int, p T) error {
	s := v.s
	if q == v.nq-1 {
		v.kq[ci][q] = rest
		return v.colour(ci+1, s.ar.mul(p, s.dice.pow[v.cls[q].faces][rest]))
	}
	for kk := 0; kk <= rest; kk++ {
		v.kq[ci][q] = kk
		pp := s.ar.mul(p, s.ar.mul(s.dice.binom[rest][kk], s.dice.pow[v.cls[q].faces][kk]))
		if err := v.spread(ci, q+1, rest-kk, pp); err != nil {
			return err
		}
	}
	return nil
}

// leaf adds the complete roll kq, of probability p: to the no-change
// probability when no die hits; for a fixed policy, its outcome (from the
// outcome table when there) merged with any roll of the same outcome; for
// an optimal side, every distinct outcome.
func (v *volleyEnum[T, A]) leaf(p T) error {
	s := v.s
	// idx is the roll's index in the outcome table: its hitting dice per
	// (colour, class) in mixed radix, 0 when no die hits.
	idx := 0
	for i := range v.ncols {
		for q := range v.nq {
			if v.cls[q].mask != 0 {
				idx = idx*(v.maxD[i]+1) + v.kq[i][q]
			}
		}
	}
	if v.record {
		s.shapeRolls = append(s.shapeRolls, shapeRoll[T]{p: p, idx: int32(idx)})
		return nil
	}
	if err := s.bud.spend(1); err != nil {
		return err
	}
	if idx == 0 {
		v.entry.nc = s.ar.add(v.entry.nc, p)
		return nil
	}
	if v.optimal {
		v.classes()
		return s.choices(v.t, p, v.outcome)
	}
	return v.place(idx, p)
}

// place adds the roll of index idx in the outcome table (see leaf), of
// probability p, to a fixed policy's volley: its outcome, from the
// outcome table when there, merged with any roll of the same outcome.
// v.kq holds the roll when the outcome is not in the table.
func (v *volleyEnum[T, A]) place(idx int, p T) error {
	s := v.s
	ok := v.tab >= 0
	idx += v.tab
	var out volleyOut
	if ok && s.outTab[idx] > 0 {
		out = s.outVals[s.outTab[idx]-1]
	} else {
		if err := s.bud.spend(engineSteps); err != nil {
			return err
		}
		v.classes()
		s.st2 = s.st
		s.c.Resolve(&s.st2, v.t, s.w)
		out = v.outcome(&s.st2)
		if ok {
			s.outVals = append(s.outVals, out)
			s.outTab[idx] = int32(len(s.outVals))
		}
	}
	if r := s.findRoll(v.entry.r0, out.e); r >= 0 {
		s.rollP[r] = s.ar.add(s.rollP[r], p)
		return nil
	}
	s.roll(p, out)
	return nil
}

// classes hands the roll's dice per (colour, face class) to the engine;
// only needed when the outcome is not in the table yet.
func (v *volleyEnum[T, A]) classes() {
	var counts eclipse.FaceCounts
	for i := range v.ncols {
		for q := range v.nq {
			if v.cls[q].mask != 0 {
				counts[v.cols[i]][v.cls[q].rep] += int32(v.kq[i][q])
			}
		}
	}
	v.s.c.Classes(v.t, &counts, v.s.w)
}

// outcome settles the volley just applied to st2 and returns the enemy
// side it leaves.
func (v *volleyEnum[T, A]) outcome(st2 *eclipse.State) volleyOut {
	s, en := v.s, v.en
	s.c.Settle(st2, v.t, eclipse.ActFire)
	return volleyOut{e: s.enc.encodeSide(st2, en), mask: s.enc.inBattleMask(st2, en), empty: s.c.SideInBattle(st2, en) == 0}
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
