package fight

import (
	"fmt"
	"strings"

	"github.com/crucible-sim/crucible/rules/rulesfile/program"
)

// This file plays contests that compare their rolls die by die (compare:
// pairs), as RISK's battles do: each side's dice sorted from the highest,
// the highest against the highest, the second against the second, as far
// as the smaller pool goes. Every pair is a small contest of its own, with
// the contest's tie rule, and the contest's effects run once for each
// pair, in the order of the pairs (a phase's in contest.go, a nested
// contest's in effects.go).

// Pair results, from self's side.
const (
	PairOther int8 = -1 // other's die is the higher (or the tie is other's)
	PairNone  int8 = 0  // a tie nobody wins
	PairSelf  int8 = 1
	PairCoin  int8 = 2 // a tie a coin decides (pairOf's answer only)
)

// pool rolls the dice of rc in context c one by one — each re-rolled once
// when its re-roll test passes, and the sum of its chain when it explodes
// — and returns their values in dst, highest first. Dice of 1..N faces
// (faces:) of no faces are not rolled.
func (f *Fighter) pool(rc *program.Roll, c *EvalContext, dst []int32) []int32 {
	dst = dst[:0]
	n := max(f.Val(rc.Dice, c), 0)
	if rc.Faces != nil {
		if nf := f.Val(rc.Faces, c); nf >= 1 {
			for range n {
				dst = append(dst, f.die(int(nf))+1)
			}
		}
	} else {
		for range n {
			dst = append(dst, f.chain(rc, c))
		}
	}
	for i := 1; i < len(dst); i++ { // insertion sort: pools are small, and it allocates nothing
		for j := i; j > 0 && dst[j] > dst[j-1]; j-- {
			dst[j], dst[j-1] = dst[j-1], dst[j]
		}
	}
	return dst
}

// chain rolls one die of rc: re-rolled once when the re-roll test passes,
// then another added for as long as the die explodes, up to the depth.
func (f *Fighter) chain(rc *program.Roll, c *EvalContext) int32 {
	nf := len(rc.Die)
	fi := f.die(nf)
	if rc.Reroll.Set && f.Test(&rc.Reroll, fi, c) {
		fi = f.die(nf)
	}
	v := int32(rc.Die[fi])
	for depth := 0; rc.Explode.Set && depth < rc.Depth && f.Test(&rc.Explode, fi, c); depth++ {
		fi = f.die(nf)
		v += int32(rc.Die[fi])
	}
	return v
}

// comparePairs rolls self's pool against other's, compares them pair by
// pair and appends each pair's result (pairSelf, pairOther, pairNone) to
// f.pairRes; it returns the number of pairs. A phase contest (nested
// false) rolls the same roll for each side, with self as that side's
// champion.
func (f *Fighter) comparePairs(c *program.Contest, self, other int32, nested bool) int {
	b := f.B
	cs := EvalContext{Unit: [program.NumRoles + 1]int32{self, -1, other, -1}, Side: b.AllUnits[self].Side}
	co := EvalContext{Unit: [program.NumRoles + 1]int32{other, -1, self, -1}, Side: b.AllUnits[other].Side}
	if nested {
		f.poolS = f.pool(c.Roll[0], &cs, f.poolS)
		f.poolO = f.pool(c.Against[0], &cs, f.poolO)
	} else {
		ts, to := b.AllUnits[self].Typ, b.AllUnits[other].Typ
		f.poolS = f.pool(c.Roll[b.Pair(ts, to)], &cs, f.poolS)
		f.poolO = f.pool(c.Roll[b.Pair(to, ts)], &co, f.poolO)
	}
	ps, po := f.poolS, f.poolO
	k := min(len(ps), len(po))
	for i := range k {
		r := PairOf(ps[i], po[i], c.Ties, len(ps), len(po))
		if r == PairCoin {
			r = PairOther
			if f.coin() {
				r = PairSelf
			}
		}
		f.pairRes = append(f.pairRes, r)
	}
	if f.log != nil {
		f.log.pairs(self, ps, other, po, f.pairRes[len(f.pairRes)-k:])
	}
	return k
}

// PairOf is the result of one pair: self's die x against other's y, a
// tie settled by rule, ns and no the sizes of the pools; pairCoin when a
// coin decides it.
func PairOf(x, y int32, rule program.TieRule, ns, no int) int8 {
	switch {
	case x > y:
		return PairSelf
	case x < y:
		return PairOther
	}
	switch rule {
	case program.TieSelf:
		return PairSelf
	case program.TieOther:
		return PairOther
	case program.TieNone:
		return PairNone
	case program.TieFewer, program.TieMore:
		if ns != no {
			if (ns < no) == (rule == program.TieFewer) {
				return PairSelf
			}
			return PairOther
		}
	}
	return PairCoin
}

// pairs writes a comparison of pools: both pools, highest first, and who
// won how many pairs.
func (a *account) pairs(self int32, ps []int32, other int32, po []int32, res []int8) {
	var won, lost, tied int
	for _, r := range res {
		switch r {
		case PairSelf:
			won++
		case PairOther:
			lost++
		default:
			tied++
		}
	}
	words := func(p []int32) string {
		s := make([]string, len(p))
		for i, v := range p {
			s[i] = fmt.Sprint(v)
		}
		return strings.Join(s, " ")
	}
	out := fmt.Sprintf("%s wins %d, %s wins %d", a.unit(self), won, a.unit(other), lost)
	if tied > 0 {
		out += fmt.Sprintf(", %d tied", tied)
	}
	fmt.Fprintf(a.w, "  pairs: %s [%s] against %s [%s]: %s\n", a.unit(self), words(ps), a.unit(other), words(po), out)
}
