package enumerate

import (
	"encoding/binary"
	"math/big"
	"slices"

	"github.com/crucible-sim/crucible/rules/rulesfile/exactmodel"
	"github.com/crucible-sim/crucible/rules/rulesfile/fight"
	"github.com/crucible-sim/crucible/rules/rulesfile/program"
)

// This file gives the exact distributions of rolls and contests: what the
// fighter's roll and contest draw, as weights.

// rollDist returns the distribution of roll rc in context c, by value,
// and the number of dice it rolls (a value that is not dice rolls none).
func (s *Enumerator[T, A]) rollDist(rc *program.Roll, c *fight.EvalContext) ([]rollOut[T], int32) {
	f := s.f
	if rc.Value != nil {
		return []rollOut[T]{{v: f.Val(rc.Value, c), w: s.ar.Frac(1, 1)}}, 0
	}
	n := max(f.Val(rc.Dice, c), 0)
	plus := int32(0)
	if rc.Plus != nil {
		plus = f.Val(rc.Plus, c)
	}
	key := rollKey{rc: rc, n: n, plus: plus}
	switch {
	case rc.Faces != nil:
		key.nf = max(f.Val(rc.Faces, c), 0)
	case !rc.Coins:
		key.masks = s.faceKey(rc, c)
	}
	if d, ok := s.rolls[key]; ok {
		return d, n
	}
	var d []rollOut[T]
	switch {
	case rc.Faces != nil:
		d = s.uniformDice(int(n), key.nf)
	case rc.Coins:
		d = s.coins(int(n))
	default:
		d = s.dicePool(rc, int(n), []byte(key.masks))
	}
	for i := range d {
		d[i].v += plus
	}
	s.rolls[key] = d
	return d, n
}

// uniformDice is the distribution of the sum of n dice of faces 1..nf, as
// the fighter rolls dice whose faces the state says: none below one face,
// so that dice of no faces add nothing.
func (s *Enumerator[T, A]) uniformDice(n int, nf int32) []rollOut[T] {
	if nf < 1 {
		return []rollOut[T]{{v: 0, w: s.ar.Frac(1, 1)}}
	}
	per := make([]rollOut[T], nf)
	for i := range per {
		per[i] = rollOut[T]{v: int32(i + 1), w: s.ar.Frac(1, int64(nf))}
	}
	return s.sumOf(per, n)
}

// coins is the distribution of the heads among n fair coins.
func (s *Enumerator[T, A]) coins(n int) []rollOut[T] {
	out := make([]rollOut[T], n+1)
	for k := range out {
		out[k] = rollOut[T]{v: int32(k), w: s.ar.Mul(s.bin.Binom(n, k), s.pw.Pow(1, 2, n))}
	}
	return out
}

// dieOut is one outcome of a single die of a roll, re-roll and explosions
// included: its value and the faces counted.
type dieOut[T any] struct {
	v, cnt int32
	w      T
}

// oneDie is the distribution of one die of rc whose faces pass the tests
// masks says (bit 0 re-roll, 1 explode, 2 count): re-rolled once when
// the re-roll test passes; each face that explodes, up to the roll's
// depth, adds another.
func (s *Enumerator[T, A]) oneDie(rc *program.Roll, masks []byte) []dieOut[T] {
	ar := s.ar
	nf := int64(len(rc.Die))
	cur := map[dieState]T{}
	for fi := range rc.Die {
		if masks[fi]&1 != 0 {
			for fj := range rc.Die {
				addWeight(ar, cur, dieFace(rc, masks, fj), ar.Frac(1, nf*nf))
			}
			continue
		}
		addWeight(ar, cur, dieFace(rc, masks, fi), ar.Frac(1, nf))
	}
	if rc.Explode.Set {
		cur = s.explode(rc, masks, cur)
	}
	return s.dieOuts(cur)
}

// dieState is a die being rolled: its value and the faces counted so far,
// and whether its last face explodes.
type dieState struct {
	v, cnt int32
	cont   bool
}

// dieFace is the state of a die showing face fi.
func dieFace(rc *program.Roll, masks []byte, fi int) dieState {
	return dieState{v: int32(rc.Die[fi]), cnt: int32(masks[fi] >> 2 & 1), cont: masks[fi]&2 != 0}
}

// explode rolls another die for each state of cur whose last face
// explodes, up to the roll's depth or until none does.
func (s *Enumerator[T, A]) explode(rc *program.Roll, masks []byte, cur map[dieState]T) map[dieState]T {
	ar := s.ar
	nf := int64(len(rc.Die))
	for depth := 0; depth < rc.Depth; depth++ {
		next := map[dieState]T{}
		any := false
		for x, w := range cur {
			if !x.cont {
				addWeight(ar, next, x, w)
				continue
			}
			any = true
			for fj := range rc.Die {
				s.tick()
				y := dieFace(rc, masks, fj)
				y.v += x.v
				y.cnt += x.cnt
				addWeight(ar, next, y, ar.Mul(w, ar.Frac(1, nf)))
			}
		}
		cur = next
		if !any {
			break
		}
	}
	return cur
}

// dieOuts merges the states of a die rolled by value and faces counted
// (whether the last face explodes no longer matters), in order.
func (s *Enumerator[T, A]) dieOuts(cur map[dieState]T) []dieOut[T] {
	out := make([]dieOut[T], 0, len(cur))
	merged := map[[2]int32]int{}
	for x, w := range cur {
		k := [2]int32{x.v, x.cnt}
		if i, ok := merged[k]; ok {
			out[i].w = s.ar.Add(out[i].w, w)
			continue
		}
		merged[k] = len(out)
		out = append(out, dieOut[T]{v: x.v, cnt: x.cnt, w: w})
	}
	slices.SortFunc(out, func(a, b dieOut[T]) int {
		if a.v != b.v {
			return int(a.v - b.v)
		}
		return int(a.cnt - b.cnt)
	})
	return out
}

// addWeight adds w to the weight of k in m (none yet if k is absent).
func addWeight[K comparable, T any, A exactmodel.Arith[T]](ar A, m map[K]T, k K, w T) {
	if old, ok := m[k]; ok {
		m[k] = ar.Add(old, w)
	} else {
		m[k] = w
	}
}

// dicePool is the distribution of a roll of n dice of rc: the count of faces
// counted, the sum of the highest or lowest keepN dice, or the sum.
func (s *Enumerator[T, A]) dicePool(rc *program.Roll, n int, masks []byte) []rollOut[T] {
	one := s.oneDie(rc, masks)
	single := map[int32]T{}
	for _, d := range one {
		x := d.v
		if rc.Count.Set {
			x = d.cnt
		}
		if old, ok := single[x]; ok {
			single[x] = s.ar.Add(old, d.w)
		} else {
			single[x] = d.w
		}
	}
	per := sortedOuts(single)
	if rc.Keep != 0 {
		return s.keepSum(per, n, rc.KeepN, rc.Keep == 1)
	}
	return s.sumOf(per, n)
}

func sortedOuts[T any](m map[int32]T) []rollOut[T] {
	out := make([]rollOut[T], 0, len(m))
	for v, w := range m {
		out = append(out, rollOut[T]{v: v, w: w})
	}
	slices.SortFunc(out, func(a, b rollOut[T]) int { return int(a.v - b.v) })
	return out
}

// sumOf is the distribution of the sum of n independent values of per.
func (s *Enumerator[T, A]) sumOf(per []rollOut[T], n int) []rollOut[T] {
	ar := s.ar
	acc := []rollOut[T]{{v: 0, w: ar.Frac(1, 1)}}
	for range n {
		m := map[int32]T{}
		for _, a := range acc {
			for _, p := range per {
				s.tick()
				x := a.v + p.v
				w := ar.Mul(a.w, p.w)
				if old, ok := m[x]; ok {
					m[x] = ar.Add(old, w)
				} else {
					m[x] = w
				}
			}
		}
		acc = sortedOuts(m)
	}
	return acc
}

// keepSum is the distribution of the sum of the k highest (or lowest) of
// n independent values of per (keepDist says how). Exact fractions are
// counted in integers over a common denominator (inIntegers), which spares
// math/big.Rat its GCD on every operation: a keep of 5 of 10 exploding
// d10s went from minutes to well under a second so.
func (s *Enumerator[T, A]) keepSum(per []rollOut[T], n, k int, highest bool) []rollOut[T] {
	if rats, ok := any(per).([]rollOut[*big.Rat]); ok {
		return any(inIntegers(rats, n, func(ints []rollOut[*big.Int]) []rollOut[*big.Int] {
			r := bigInts
			r.tick = s.tick
			return keepDist(r, ints, n, k, highest)
		})).([]rollOut[T])
	}
	ar := s.ar
	r := ring[T]{zero: ar.Zero(), one: ar.Frac(1, 1), add: ar.Add, mul: ar.Mul, tick: s.tick}
	return keepDist(r, per, n, k, highest)
}

// ring is the arithmetic keepDist needs: weights added and multiplied;
// tick counts a step of work.
type ring[W any] struct {
	zero, one W
	add, mul  func(x, y W) W
	tick      func()
}

var bigInts = ring[*big.Int]{
	zero: new(big.Int), one: big.NewInt(1),
	add: func(x, y *big.Int) *big.Int { return new(big.Int).Add(x, y) },
	mul: func(x, y *big.Int) *big.Int { return new(big.Int).Mul(x, y) },
}

// keepDist is the distribution of the sum of the k highest (or lowest) of
// n independent values of per, whose weights sum to one die's total. The
// values are placed from the best down, so many dice at a time, the
// weight of c dice of n left at a value C(left, c)·p^c. While fewer than k
// dice are placed, a state is the count placed and their sum; the value
// at which the k-th die is placed ends it, every die still to place
// falling below that value: the tail Σ_{c≥need} C(left, c) p^c r^(left−c),
// r the weight below, adds all those ends at once. The states are never
// more than k counts by the sums of fewer than k values.
func keepDist[W any](r ring[W], per []rollOut[W], n, k int, highest bool) []rollOut[W] {
	k = min(k, n)
	order := slices.Clone(per)
	if highest {
		slices.Reverse(order)
	}
	below := make([]W, len(order)+1) // below[i+1]: the weight after order[i]
	below[len(order)] = r.zero
	for i := len(order) - 1; i >= 0; i-- {
		below[i] = r.add(below[i+1], order[i].w)
	}
	if k <= 0 {
		return []rollOut[W]{{v: 0, w: powRing(r, below[0], n)}}
	}
	binom := pascalRows(r, n)
	final := map[int32]W{}
	put := func(m map[int32]W, v int32, w W) {
		if old, ok := m[v]; ok {
			w = r.add(old, w)
		}
		m[v] = w
	}
	cur := make([]map[int32]W, k)
	cur[0] = map[int32]W{0: r.one}
	pw, rw := make([]W, n+1), make([]W, n+1)
	for i, p := range order {
		pw[0], rw[0] = r.one, r.one
		for e := 1; e <= n; e++ {
			pw[e], rw[e] = r.mul(pw[e-1], p.w), r.mul(rw[e-1], below[i+1])
		}
		next := make([]map[int32]W, k)
		for placed, sums := range cur {
			left, need := n-placed, k-placed
			tail := r.zero
			for c := need; c <= left; c++ {
				r.tick()
				tail = r.add(tail, r.mul(binom[left][c], r.mul(pw[c], rw[left-c])))
			}
			for sum, w := range sums {
				r.tick()
				put(final, sum+int32(need)*p.v, r.mul(w, tail))
				for c := range need {
					if next[placed+c] == nil {
						next[placed+c] = map[int32]W{}
					}
					put(next[placed+c], sum+int32(c)*p.v, r.mul(w, r.mul(binom[left][c], pw[c])))
				}
			}
		}
		cur = next
	}
	return sortedOuts(final)
}

// pascalRows returns C(m, j) for m ≤ n in r.
func pascalRows[W any](r ring[W], n int) [][]W {
	rows := make([][]W, n+1)
	for m := range rows {
		rows[m] = make([]W, m+1)
		rows[m][0], rows[m][m] = r.one, r.one
		for j := 1; j < m; j++ {
			rows[m][j] = r.add(rows[m-1][j-1], rows[m-1][j])
		}
	}
	return rows
}

func powRing[W any](r ring[W], x W, e int) W {
	out := r.one
	for range e {
		out = r.mul(out, x)
	}
	return out
}

// inIntegers runs f, a distribution of n dice whose every weight is a
// product of n weights of per, in integers: per's weights scaled by the
// least common denominator L, the results divided by L^n.
func inIntegers(per []rollOut[*big.Rat], n int, f func([]rollOut[*big.Int]) []rollOut[*big.Int]) []rollOut[*big.Rat] {
	lcm := big.NewInt(1)
	for _, p := range per {
		d := p.w.Denom()
		g := new(big.Int).GCD(nil, nil, lcm, d)
		lcm.Mul(lcm, new(big.Int).Quo(d, g))
	}
	ints := make([]rollOut[*big.Int], len(per))
	for i, p := range per {
		w := new(big.Int).Quo(lcm, p.w.Denom())
		ints[i] = rollOut[*big.Int]{v: p.v, w: w.Mul(w, p.w.Num())}
	}
	den := new(big.Int).Exp(lcm, big.NewInt(int64(n)), nil)
	res := f(ints)
	out := make([]rollOut[*big.Rat], len(res))
	for i, x := range res {
		out[i] = rollOut[*big.Rat]{v: x.v, w: new(big.Rat).SetFrac(x.w, den)}
	}
	return out
}

// contestOdds returns the chances that self wins, loses or that nobody
// wins the contest c between units self and other, as the fighter's
// contest plays it: re-rolled ties are the sum of a geometric series.
func (s *Enumerator[T, A]) contestOdds(c *program.Contest, self, other int32, nested bool) (win, lose, none T) {
	f, ar := s.f, s.ar
	b := f.B
	ts, to := b.AllUnits[self].Typ, b.AllUnits[other].Typ
	cs := fight.UnitCtx(self, -1, other, b.AllUnits[self].Side)
	co := fight.UnitCtx(other, -1, self, b.AllUnits[other].Side)
	var rs, ro []rollOut[T]
	var ns, no int32
	if nested {
		rs, ns = s.rollDist(c.Roll[0], &cs)
		ro, no = s.rollDist(c.Against[0], &cs)
	} else {
		rs, ns = s.rollDist(c.Roll[b.Pair(ts, to)], &cs)
		ro, no = s.rollDist(c.Roll[b.Pair(to, ts)], &co)
	}
	gt, lt, eq := ar.Zero(), ar.Zero(), ar.Zero()
	for _, x := range rs {
		for _, y := range ro {
			s.tick()
			w := ar.Mul(x.w, y.w)
			switch {
			case x.v > y.v:
				gt = ar.Add(gt, w)
			case x.v < y.v:
				lt = ar.Add(lt, w)
			default:
				eq = ar.Add(eq, w)
			}
		}
	}
	half := ar.Mul(eq, ar.Frac(1, 2))
	switch c.Ties {
	case program.TieReroll:
		if ar.IsZero(ar.Sub(ar.Frac(1, 1), eq)) {
			return ar.Zero(), ar.Zero(), ar.Frac(1, 1) // the rolls always tie
		}
		decided := ar.Sub(ar.Frac(1, 1), eq)
		return ar.Div(gt, decided), ar.Div(lt, decided), ar.Zero()
	case program.TieSelf:
		return ar.Add(gt, eq), lt, ar.Zero()
	case program.TieOther:
		return gt, ar.Add(lt, eq), ar.Zero()
	case program.TieNone:
		return gt, lt, eq
	case program.TieFewer, program.TieMore:
		if ns != no {
			if (ns < no) == (c.Ties == program.TieFewer) {
				return ar.Add(gt, eq), lt, ar.Zero()
			}
			return gt, ar.Add(lt, eq), ar.Zero()
		}
	}
	return ar.Add(gt, half), ar.Add(lt, half), ar.Zero()
}

// faceKey is what the distribution of one die of rc depends on in context
// c besides rc: which faces its re-roll, explode and count tests pass
// (they may read the state), or its number of faces when the state says
// it.
func (s *Enumerator[T, A]) faceKey(rc *program.Roll, c *fight.EvalContext) string {
	f := s.f
	if rc.Faces != nil {
		var b [4]byte
		binary.LittleEndian.PutUint32(b[:], uint32(max(f.Val(rc.Faces, c), 0)))
		return string(b[:])
	}
	masks := make([]byte, len(rc.Die))
	for fi := range rc.Die {
		for bit, ft := range []*program.FaceTest{&rc.Reroll, &rc.Explode, &rc.Count} {
			if ft.Set && f.Test(ft, int32(fi), c) {
				masks[fi] |= 1 << bit
			}
		}
	}
	return string(masks)
}
