package exact

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/crucible-sim/crucible/rules"
)

// sweepPerStep is how many nodes scanned or edges followed by
// roundsDistribution make a step: they cost a few nanoseconds each, a
// sixteenth of a step of the solve.
const sweepPerStep = 16

// pruneMass is the mass below which a node's share of one round is not
// followed further but counted in the tail: most of the work of a long
// distribution is spent on such crumbs, and their total stays far below
// the tail tolerance (each bin is low by at most the pruned total).
const pruneMass = 1e-22

// maxRounds bounds the rounds of the distribution whatever the budget.
const maxRounds = 1_000_000

// roundsDistribution propagates the mass round by round along the chosen
// transitions until less than the tail tolerance remains. Within a round
// every transition leads to a node later in topological order, or to the
// head (pointer 0) of the next round, so each round is one forward sweep
// over the nodes in that order.
//
// Each round costs steps of bud, one per sweepPerStep nodes it scans and
// edges they have (counted once a round, outside the loop). A long battle
// over many states (hundreds of rounds to the tail over a million nodes)
// may spend them all: the distribution then stops at the round reached,
// the tail holds the mass beyond it, and a note says so. Its error is
// bud's context's.
//
// Every sum is made in the order of the sweep, whichever loop makes it
// (rounds, or sweepClosed once the rounds left are closed), so the
// distribution is the same to the last bit however it is computed.
func roundsDistribution(s *solver[float64, floats], res *rules.Exact, bud *budget) error {
	w := encodeSweep(s)
	first := 1
	if s.enc.roundOf(s.nodes[s.root].key/s.enc.ptrs) == 0 {
		first = 0 // the missile phase
	}
	w.dist = append(s.dist[:0], make([]float64, first+1)...)
	root := s.nodeCode[s.root] % int32(len(s.nodes)+1) // its position
	w.mass[w.cell(first, root)] = 1
	end := w.rounds(sweepAt{r: first, lo: root, hi: root}, bud)
	s.dist = w.dist // kept for the next solve (see solvers)
	if end.err != nil {
		if !errors.Is(end.err, ErrBudget) {
			return end.err
		}
		// Copied: the notes are the battle's Spec's.
		res.Notes = append(slices.Clip(res.Notes), fmt.Sprintf("the rounds distribution stops after round %d, where the %d steps of work allowed for it ran out: P(rounds > %d) = %.3g is not broken down (E[rounds] and every share are exact)", end.r-1, bud.max, end.r-1, end.remaining))
	}
	dist := w.dist
	for len(dist) > 1 && dist[len(dist)-1] == 0 {
		dist = dist[:len(dist)-1]
	}
	res.Rounds = slices.Clone(dist)
	res.RoundsTail = end.remaining + end.pruned
	return nil
}

// sweeper holds the graph as roundsDistribution sweeps it, laid out in
// the order it sweeps (see encodeSweep), and the distribution so far.
type sweeper struct {
	sweep []sweepNode
	// Per edge, in the sweep's order: its probability and the cell of
	// its target in an even round's sweep and in an odd one's.
	p  []float64
	to [2][]int32
	// work[i] is the work (nodes and their edges) before position i; a
	// round that scans positions lo..hi costs work[hi+1] − work[lo].
	work []int32
	// heads are the positions of the nodes that head a round (pointer 0).
	heads []int32
	// mass holds two rounds: round r's position i is cell
	// (r mod 2)·(n+1) + i, and cell (r mod 2)·(n+1) + n holds the mass
	// that ends the battle in round r; the next round's are the other
	// half. An edge's cell thus depends only on the parity of the round,
	// and the sweep adds its mass there without asking where it leads.
	mass []float64
	dist []float64
	tail float64
	// The nodes by index and by position, and sweepClosed's chain.
	nodes  []node
	order  []int32
	closed *closedRound
}

// sweepNode is a node as roundsDistribution reads it, at its topological
// position: its edges e0..e1 in the sweeper's arrays, the no-change exit
// last among them; and where they lead: the last position of the same
// round (hi) and the span of the next round's heads (nlo..nhi) they
// reach, so that the sweep widens its ranges once per node, not once per
// edge.
type sweepNode struct {
	e0, e1       int32 // staleNode for a stalemate check
	hi, nlo, nhi int32 // −1, maxInt32, −1 when none
}

// staleNode is the e0 and e1 of a node that checks for a stalemate (§3.7)
// at a round's start: its mass ends the battle, in the round before.
const staleNode = -1

// cell is the cell of position i in round r's half of mass.
func (w *sweeper) cell(r int, i int32) int32 {
	return int32(r%2)*int32(len(w.sweep)+1) + i
}

// encodeSweep lays the graph out for the sweep: the nodes by their
// position in s.order, their edges in the same order, each read once a
// round and in sequence.
func encodeSweep(s *solver[float64, floats]) *sweeper {
	edges := placeSweepNodes(s)
	s.sweepP = scratch(s.sweepP, int(edges))
	s.sweepTo[0], s.sweepTo[1] = scratch(s.sweepTo[0], int(edges)), scratch(s.sweepTo[1], int(edges))
	placeSweepEdges(s)
	s.mass = scratch(s.mass, 2*(len(s.nodes)+1))
	clear(s.mass)
	s.closed.open, s.closed.rounds = -1, 0
	s.sweeper = sweeper{sweep: s.sweep, p: s.sweepP, to: s.sweepTo, work: s.work, heads: s.heads, mass: s.mass, tail: s.opt.Tail,
		nodes: s.nodes, order: s.order, closed: &s.closed}
	return &s.sweeper
}

// placeSweepNodes sets, in one pass over the nodes in the order of
// their positions, s.nodeCode (each node's cell in an even round: its
// position, or n+1 + its position if it heads a round, an edge to it
// then leading to the next round), s.heads, and s.sweep (the nodes' edge
// ranges, their reach empty) and s.work by position; it returns the
// number of edges, the no-change exits included.
func placeSweepNodes(s *solver[float64, floats]) int32 {
	n := len(s.nodes)
	h := int32(n + 1)
	s.nodeCode = scratch(s.nodeCode, n) // every element is set below
	s.sweep = scratch(s.sweep, n)       // every element is set below
	s.work = scratch(s.work, n+1)       // every element is set below
	s.heads = s.heads[:0]
	edges, work := int32(0), int32(0)
	for i, a := range s.order {
		nd := &s.nodes[a]
		s.nodeCode[a] = int32(i)
		if nd.k == 0 {
			s.nodeCode[a] += h
			s.heads = append(s.heads, int32(i))
		}
		s.work[i] = work
		work++
		sn := sweepNode{e0: staleNode, e1: staleNode, hi: -1, nlo: math.MaxInt32, nhi: -1}
		if !nd.stale {
			e0, e1 := s.edges(a)
			work += e1 - e0
			sn.e0, sn.e1 = edges, edges+e1-e0
			if nd.ncTo >= 0 && s.nc[a] != 0 {
				sn.e1++
			}
			edges = sn.e1
		}
		s.sweep[i] = sn
	}
	s.work[n] = work
	return edges
}

// placeSweepEdges writes every edge's probability and cells where its
// node's position puts it (see placeSweepNodes), the no-change exit
// last, and each node's reach. The edges are read in the order they were
// made, node after node: reading them in the order of positions instead
// jumped about the arrays (a third of the sweep's time for
// fleet-mirror-upgraded). A node's reach is kept in registers and
// written once.
func placeSweepEdges(s *solver[float64, floats]) {
	nodes, code, prob, to := s.nodes, s.nodeCode, s.prob, s.to
	sp, even, odd := s.sweepP, s.sweepTo[0], s.sweepTo[1]
	n := int32(len(nodes))
	for a := range nodes {
		nd := &nodes[a]
		if nd.stale {
			continue
		}
		i := code[a]
		if i > n {
			i -= n + 1
		}
		sn := &s.sweep[i]
		r := sweepReach{n: n, hi: -1, nlo: math.MaxInt32, nhi: -1}
		e0, e1 := s.edges(int32(a))
		// Slices of one length: the loop's indices need no checks.
		src, tos := prob[e0:e1], to[e0:e1]
		e, m := int(sn.e0), len(tos)
		dp, de, do := sp[e:e+m], even[e:e+m], odd[e:e+m]
		src = src[:m]
		for j, t := range tos {
			dp[j] = src[j]
			de[j], do[j] = r.place(code, t)
		}
		if nd.ncTo >= 0 && s.nc[a] != 0 {
			sp[e+m] = s.nc[a]
			even[e+m], odd[e+m] = r.place(code, nd.ncTo)
		}
		sn.hi, sn.nlo, sn.nhi = r.hi, r.nlo, r.nhi
	}
}

// sweepReach is where the edges of a node lead (see sweepNode) as
// placeSweepEdges places them, for a graph of n nodes.
type sweepReach struct {
	n, hi, nlo, nhi int32
}

// place returns the cells, in an even and an odd round (see
// sweeper.mass), of an edge to node to (or an end of the battle), whose
// nodes' cells in an even round code holds, and adds where it leads to
// the reach.
func (r *sweepReach) place(code []int32, to int32) (even, odd int32) {
	h := r.n + 1
	even = r.n // an end of the battle
	if to >= 0 {
		even = code[to]
	}
	odd = even + h
	switch {
	case even >= h: // the next round's head
		odd = even - h
		r.nlo, r.nhi = min(r.nlo, odd), max(r.nhi, odd)
	case even < r.n:
		r.hi = max(r.hi, even)
	}
	return even, odd
}

// remaining returns the mass of the cells of positions lo..hi of the half
// of mass at next, added up in order. Only heads get mass for the next
// round (every other cell of its half was emptied when swept), so over a
// wide span it adds up the heads' cells alone, a cluster's worth fewer;
// over a narrow one, looking them up would cost more than it saves.
func (w *sweeper) remaining(next, lo, hi int32) float64 {
	sum := 0.0
	if hi-lo < 64 {
		for i := lo; i <= hi; i++ {
			sum += w.mass[next+i]
		}
		return sum
	}
	i, _ := slices.BinarySearch(w.heads, lo)
	j, _ := slices.BinarySearch(w.heads, hi+1)
	for _, h := range w.heads[i:j] {
		sum += w.mass[next+h]
	}
	return sum
}

// sweepAt is where the sweep stands between two rounds: the round to
// sweep next, r, whose heads' mass is in its cells at positions lo..hi,
// the mass pruned so far; and, once it stops, the mass remaining and the
// error, if any, that stopped it.
type sweepAt struct {
	r         int
	lo, hi    int32
	pruned    float64
	remaining float64
	err       error
}

// rounds sweeps round at.r and the rounds after it until less than the
// tail remains, bud is spent or maxRounds is passed, and returns where it
// stopped (at.r the round after the last swept). Rounds that are closed
// (see closed.go) it leaves to sweepClosed.
//
// It is longer than a function should be: it is the hot loop of a large
// battle's rounds distribution (fifty rounds over a hundred thousand
// nodes for fleet-mirror-upgraded), and one function keeps its variables
// in registers.
func (w *sweeper) rounds(at sweepAt, bud *budget) sweepAt {
	sweep, mass, dist := w.sweep, w.mass, w.dist
	n := int32(len(sweep))
	for {
		if w.closedFrom(at) {
			w.dist = dist
			var done bool
			if at, done = w.sweepClosed(at); done {
				return at
			}
			dist = w.dist
		}
		b := at.r % 2
		cur := int32(b) * (n + 1)
		to := w.to[b]
		p := w.p[:len(to)]
		lo, hi := at.lo, at.hi
		// The next round's span, kept in memory: the loop needs the
		// registers more.
		span := [2]int32{n, -1}
		crumbs := 0.0
		for i := lo; i <= hi; i++ {
			m := mass[cur+i]
			if m == 0 {
				continue
			}
			mass[cur+i] = 0
			if m < pruneMass {
				crumbs += m
				continue
			}
			sn := &sweep[i]
			if sn.e0 == staleNode {
				dist[max(at.r-1, 0)] += m // stalemate: rounds begun before the check
				continue
			}
			hi = max(hi, sn.hi)
			span[0], span[1] = min(span[0], sn.nlo), max(span[1], sn.nhi)
			for e, e1 := sn.e0, sn.e1; e < e1; e++ {
				mass[to[e]] += m * p[e]
			}
		}
		at.lo, at.hi = span[0], span[1]
		at.pruned += crumbs
		dist[at.r] += mass[cur+n]
		mass[cur+n] = 0
		next := n + 1 - cur
		at.remaining = w.remaining(next, at.lo, at.hi)
		at.r++
		if at.remaining < w.tail || at.r > maxRounds {
			w.dist = dist
			return at
		}
		if at.err = bud.spend(int64(w.work[hi+1]-w.work[lo]) / sweepPerStep); at.err != nil {
			w.dist = dist
			return at
		}
		dist = append(dist, 0)
	}
}
