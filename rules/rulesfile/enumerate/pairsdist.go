package enumerate

import (
	"encoding/binary"
	"slices"

	"github.com/crucible-sim/crucible/rules/rulesfile/exactmodel"
	"github.com/crucible-sim/crucible/rules/rulesfile/fight"
	"github.com/crucible-sim/crucible/rules/rulesfile/program"
)

// This file gives the exact distribution of a contest of compare: pairs
// (fight/pairs.go): the results of its pairs, in order, each sequence with
// its weight, which stepeffects.go plays over every outcome.

// dieDist is the distribution of one die of rc as pool rolls it, by
// value, lowest first, and the number of dice of the pool, in context c
// (key: faceKey's).
func (s *Enumerator[T, A]) dieDist(rc *program.Roll, c *fight.EvalContext, key string) ([]rollOut[T], int32) {
	n := max(s.f.Val(rc.Dice, c), 0)
	if rc.Faces != nil {
		nf := int32(binary.LittleEndian.Uint32([]byte(key)))
		if nf < 1 {
			return nil, 0
		}
		per := make([]rollOut[T], nf)
		for i := range per {
			per[i] = rollOut[T]{v: int32(i + 1), w: s.ar.Frac(1, int64(nf))}
		}
		return per, n
	}
	single := map[int32]T{}
	for _, d := range s.oneDie(rc, []byte(key)) {
		if old, ok := single[d.v]; ok {
			single[d.v] = s.ar.Add(old, d.w)
		} else {
			single[d.v] = d.w
		}
	}
	return sortedOuts(single), n
}

// pairSeqs returns the distribution of the sequences of pair results of
// contest c between self and other, as comparePairs plays it.
func (s *Enumerator[T, A]) pairSeqs(c *program.Contest, self, other int32, nested bool) []pairSeq[T] {
	b := s.f.B
	cs := fight.UnitCtx(self, -1, other, b.AllUnits[self].Side)
	co := fight.UnitCtx(other, -1, self, b.AllUnits[other].Side)
	var rs, ro *program.Roll
	cto := &cs
	if nested {
		rs, ro = c.Roll[0], c.Against[0]
	} else {
		ts, to := b.AllUnits[self].Typ, b.AllUnits[other].Typ
		rs, ro, cto = c.Roll[b.Pair(ts, to)], c.Roll[b.Pair(to, ts)], &co
	}
	key := pairsKey{c: c, rs: rs, ro: ro, keyS: s.faceKey(rs, &cs), keyO: s.faceKey(ro, cto)}
	ds, ns := s.dieDist(rs, &cs, key.keyS)
	do, no := s.dieDist(ro, cto, key.keyO)
	if ds == nil {
		ns = 0
	}
	if do == nil {
		no = 0
	}
	key.ns, key.no = ns, no
	if d, ok := s.pairs[key]; ok {
		return d
	}
	ar := s.ar
	r := ring[T]{zero: ar.Zero(), one: ar.Frac(1, 1), add: ar.Add, mul: ar.Mul, tick: s.tick}
	k := int(min(ns, no))
	top, bottom := topDist(r, ds, int(ns), k), topDist(r, do, int(no), k)
	seqs := seqSet[T, A]{ar: ar, index: map[string]int{}, res: make([]int8, k)}
	for _, x := range top {
		for _, y := range bottom {
			s.tick()
			for i := range k {
				seqs.res[i] = fight.PairOf(x.v[i], y.v[i], c.Ties, int(ns), int(no))
			}
			seqs.put(0, ar.Mul(x.w, y.w))
		}
	}
	out := seqs.out
	s.pairs[key] = out
	return out
}

// seqSet gathers the sequences of pair results and their weights.
type seqSet[T any, A exactmodel.Arith[T]] struct {
	ar    A
	index map[string]int
	out   []pairSeq[T]
	res   []int8 // the sequence being put
}

// put adds res with weight w, the pairs before i decided: a pair a coin
// decides (pairCoin) is each side's with half the weight.
func (q *seqSet[T, A]) put(i int, w T) {
	for ; i < len(q.res) && q.res[i] != fight.PairCoin; i++ {
	}
	if i < len(q.res) {
		half := q.ar.Mul(w, q.ar.Frac(1, 2))
		q.res[i] = fight.PairSelf
		q.put(i+1, half)
		q.res[i] = fight.PairOther
		q.put(i+1, half)
		q.res[i] = fight.PairCoin
		return
	}
	key := string(int8Bytes(q.res))
	if j, ok := q.index[key]; ok {
		q.out[j].w = q.ar.Add(q.out[j].w, w)
		return
	}
	q.index[key] = len(q.out)
	q.out = append(q.out, pairSeq[T]{res: slices.Clone(q.res), w: w})
}

func int8Bytes(v []int8) []byte {
	b := make([]byte, len(v))
	for i, x := range v {
		b[i] = byte(x)
	}
	return b
}

// tupleOut is the k highest values of a pool, highest first, and their
// weight.
type tupleOut[W any] struct {
	v []int32
	w W
}

// topDist is the distribution of the k highest of n independent values of
// per (lowest first, weights summing to one), as a tuple from the
// highest. As keepDist does, it places the values from the highest down,
// many dice at a time — c dice of the left ones at a value weigh
// C(left, c)·p^c — and the value at which the k-th die is placed ends a
// tuple, every die still to place falling at or below it: the tail
// Σ_{c≥need} C(left, c) p^c r^(left−c), r the weight below.
func topDist[W any](r ring[W], per []rollOut[W], n, k int) []tupleOut[W] {
	if k <= 0 {
		return []tupleOut[W]{{w: r.one}}
	}
	order := slices.Clone(per)
	slices.Reverse(order)
	below := make([]W, len(order)+1)
	below[len(order)] = r.zero
	for i := len(order) - 1; i >= 0; i-- {
		below[i] = r.add(below[i+1], order[i].w)
	}
	binom := pascalRows(r, n)
	var final []tupleOut[W]
	cur := []tupleOut[W]{{w: r.one}}
	pw, rw := make([]W, n+1), make([]W, n+1)
	for i, p := range order {
		pw[0], rw[0] = r.one, r.one
		for e := 1; e <= n; e++ {
			pw[e], rw[e] = r.mul(pw[e-1], p.w), r.mul(rw[e-1], below[i+1])
		}
		var next []tupleOut[W]
		for _, t := range cur {
			placed := len(t.v)
			left, need := n-placed, k-placed
			tail := r.zero
			for c := need; c <= left; c++ {
				r.tick()
				tail = r.add(tail, r.mul(binom[left][c], r.mul(pw[c], rw[left-c])))
			}
			final = append(final, tupleOut[W]{v: repeatOnto(t.v, p.v, need), w: r.mul(t.w, tail)})
			for c := range need {
				r.tick()
				next = append(next, tupleOut[W]{v: repeatOnto(t.v, p.v, c), w: r.mul(t.w, r.mul(binom[left][c], pw[c]))})
			}
		}
		cur = next
	}
	return final
}

// repeatOnto returns a new slice of v followed by c copies of x.
func repeatOnto(v []int32, x int32, c int) []int32 {
	out := make([]int32, len(v), len(v)+c)
	copy(out, v)
	for range c {
		out = append(out, x)
	}
	return out
}
