package exact

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/eclipse"
)

// result assembles the float results from the terminal distribution, as the
// rules.Exact every solver returns: its counters are the battle's own
// (a.survivors.<type>, a.retreated.<type>, a.reputation, …), in Spec order.
func (s *solver[T, A]) result() *rules.Exact {
	c := s.c
	f := s.ar.float
	spec := c.Spec()
	res := &rules.Exact{States: len(s.nodes), RoundsMean: rules.Value{F: f(s.rndE)}, RoundsUnit: spec.RoundsUnit,
		Options: spec.Options, Notes: spec.Notes, Labels: spec.Labels, NonVictories: spec.NonVictories}
	ends := make([]float64, len(eclipse.EndNames))
	surv := make([][]float64, len(c.Types))
	ret := make([][]float64, len(c.Types))
	for t := range c.Types {
		surv[t] = make([]float64, c.Types[t].Count+1)
		ret[t] = make([]float64, c.Types[t].Count+1)
	}
	var rep [2][6]float64
	for i, tm := range s.terms {
		p := f(s.term[i])
		res.Win[tm.winner].F += p
		ends[tm.end] += p
		for t := range c.Types {
			surv[t][tm.survivors[t]] += p
			if tm.left[t] {
				ret[t][tm.survivors[t]] += p
			} else {
				ret[t][0] += p
			}
		}
		for side := range 2 {
			if tm.rep[side] >= 0 {
				rep[side][tm.rep[side]] += p
			}
		}
	}
	for i, name := range eclipse.EndNames {
		res.Ends = append(res.Ends, rules.NamedValue{Name: name, Value: rules.Value{F: ends[i]}})
	}
	// The counters in Spec order: survivors, then retreated, then
	// reputation (eclipse's Compiled.finish declares them so).
	var dists [][]float64
	for t := range c.Types {
		dists = append(dists, surv[t])
	}
	for t := range c.Types {
		if c.Sides[c.Types[t].Side].Retreat.Kind != eclipse.RetreatNever {
			dists = append(dists, ret[t])
		}
	}
	for side := range 2 {
		if !c.Sides[side].NPC {
			dists = append(dists, rep[side][:])
		}
	}
	for i, p := range dists {
		d := rules.ExactCounter{Name: spec.Counters[i].Name, P: p}
		for k, x := range p {
			d.Mean.F += float64(k) * x
		}
		res.Counters = append(res.Counters, d)
	}
	return res
}

// rational adds the exact fractions to res: the win and end shares, the
// mean rounds and the survivors' distributions.
func (s *solver[T, A]) rational(res *rules.Exact) {
	c := s.c
	ar := s.ar
	str := func(x T) string { return any(x).(*big.Rat).RatString() }
	var win [3]T
	for i := range win {
		win[i] = ar.zero()
	}
	ends := make([]T, len(eclipse.EndNames))
	for i := range ends {
		ends[i] = ar.zero()
	}
	surv := make([][]T, len(c.Types))
	for t := range c.Types {
		surv[t] = make([]T, c.Types[t].Count+1)
		for k := range surv[t] {
			surv[t][k] = ar.zero()
		}
	}
	for i, tm := range s.terms {
		p := s.term[i]
		win[tm.winner] = ar.add(win[tm.winner], p)
		ends[tm.end] = ar.add(ends[tm.end], p)
		for t := range c.Types {
			surv[t][tm.survivors[t]] = ar.add(surv[t][tm.survivors[t]], p)
		}
	}
	for i := range win {
		res.Win[i].Rat = str(win[i])
	}
	res.RoundsMean.Rat = str(s.rndE)
	for i := range res.Ends {
		res.Ends[i].Rat = str(ends[i])
	}
	for t := range c.Types { // the survivors counters come first, one per type
		d := &res.Counters[t]
		mean := ar.zero()
		for k, p := range surv[t] {
			d.Rat = append(d.Rat, str(p))
			mean = ar.add(mean, ar.mul(ar.frac(int64(k), 1), p))
		}
		d.Mean.Rat = str(mean)
	}
}

// sweepPerStep is how many nodes scanned or edges followed by
// roundsDistribution make a step: they cost a few nanoseconds each, a
// sixteenth of a step of the solve.
const sweepPerStep = 16

// pruneMass is the mass below which a node's share of one round is not
// followed further but counted in the tail: most of the work of a long
// distribution is spent on such crumbs, and their total stays far below
// the tail tolerance (each bin is low by at most the pruned total).
const pruneMass = 1e-22

// sweepNode is a node as roundsDistribution reads it, at its topological
// position: its edges e0..e1 (in the solver's edge arrays) and its
// no-change exit, if any.
type sweepNode struct {
	e0, e1 int32
	nc     int32 // target code of the no-change exit, noExit if none
	stale  bool
	ncP    float64
}

// noExit marks a sweepNode without a no-change exit (target codes are
// ≥ −1 or ≤ −2 − position, so −2 − n is never a code).
const noExit = math.MinInt32

// encodeSweep lays the graph out for the sweep of roundsDistribution: nodes
// by their position in s.order, in s.sweep, and every edge's target coded
// in place in s.to. It returns the position of the root, which heads the
// first round.
func encodeSweep(s *solver[float64, floats]) int32 {
	n := len(s.nodes)
	// A target is encoded as its position p, or −2−p when it heads a round
	// (pointer 0), or −1 for any terminal, so the sweep reads no other
	// array to tell them apart; nodeCode holds each node's.
	s.nodeCode = scratch(s.nodeCode, n) // every element is set below
	nodeCode := s.nodeCode
	for i, a := range s.order {
		nodeCode[a] = int32(i)
		if s.nodes[a].k == 0 {
			nodeCode[a] = -2 - int32(i)
		}
	}
	code := func(to int32) int32 {
		if to < 0 {
			return -1
		}
		return nodeCode[to]
	}
	s.sweep = scratch(s.sweep, n) // every element is set below
	sweep := s.sweep
	for i, a := range s.order {
		nd := &s.nodes[a]
		sn := sweepNode{stale: nd.stale, nc: noExit}
		if !nd.stale {
			sn.e0, sn.e1 = s.edges(a)
			if nd.ncTo >= 0 && s.nc[a] != 0 {
				sn.nc, sn.ncP = code(nd.ncTo), s.nc[a]
			}
		}
		sweep[i] = sn
	}
	for e, to := range s.to {
		s.to[e] = code(to)
	}
	return -2 - nodeCode[s.root]
}

// sweepRound is one round of roundsDistribution's sweep: the mass of cur
// from position lo on goes along the edges to later positions of cur, to
// nxt (the next round's heads, which span nlo..nhi), to the ends (ended)
// or, where it is a crumb, to pruned. It is a function of its own so that
// the loop has the registers to itself.
type sweepRound struct {
	sweep         []sweepNode
	tgt           []int32
	pr, cur, nxt  []float64
	stale         *float64 // the previous round's bin, where stalemates go
	ended, pruned float64
	hi, nlo, nhi  int32 // the last position reached; nxt's span
}

// run sweeps the positions from lo to hi, and those the sweep reaches
// after them; n is the number of positions.
func (w *sweepRound) run(lo, hi, n int32) {
	sweep, tgt, pr, cur, nxt := w.sweep, w.tgt, w.pr, w.cur, w.nxt
	nlo, nhi := n, int32(-1)
	ended, pruned := 0.0, 0.0
	for i := lo; i <= hi; i++ {
		m := cur[i]
		if m == 0 {
			continue
		}
		cur[i] = 0
		if m < pruneMass {
			pruned += m
			continue
		}
		sn := &sweep[i]
		if sn.stale {
			*w.stale += m // stalemate: rounds begun before the check
			continue
		}
		// The edges, then the no-change exit as one more.
		for e := sn.e0; e <= sn.e1; e++ {
			var to int32
			var x float64
			switch {
			case e < sn.e1:
				to, x = tgt[e], m*pr[e]
			case sn.nc != noExit:
				to, x = sn.nc, m*sn.ncP
			default:
				continue
			}
			switch {
			case to >= 0: // later in this round, later in the order
				cur[to] += x
				hi = max(hi, to)
			case to == -1:
				ended += x
			default: // the next round (or round 1 after missiles)
				to = -2 - to
				nxt[to] += x
				nlo, nhi = min(nlo, to), max(nhi, to)
			}
		}
	}
	w.ended, w.pruned, w.hi, w.nlo, w.nhi = ended, pruned, hi, nlo, nhi
}

// sweepWork sets s.nodeCode[i], for each position i of the sweep and for
// n, to the nodes before position i and their edges: a round that scans
// positions lo..hi costs at most nodeCode[hi+1] − nodeCode[lo]. (The
// array is nodeCode's, which encodeSweep is done with; a local slice
// would cost the sweep's loop a register.)
func sweepWork(s *solver[float64, floats]) {
	s.nodeCode = scratch(s.nodeCode, len(s.sweep)+1) // every element is set below
	work := s.nodeCode
	w := int32(0)
	for i, sn := range s.sweep {
		work[i] = w
		w += 1 + sn.e1 - sn.e0
	}
	work[len(s.sweep)] = w
}

// roundsDistribution propagates the mass round by round along the chosen
// transitions until less than the tail tolerance remains. Within a round
// every transition leads to a node later in topological order, or to the
// head (pointer 0) of the next round, so each round is one forward sweep
// over the nodes in that order.
//
// It runs after the float pass, whose edge targets, per-node mass and
// no-change probabilities it then consumes: the targets are rewritten in
// place as codes and the mass arrays reused. (Copying the edges into a
// position-ordered layout first, for the sweep to read in sequence, costs
// more than it saves.)
//
// Each round costs steps of bud, one per sweepPerStep nodes it scans and
// edges they have (counted once a round, from sweepWork, outside the
// loop). A long battle over many states (hundreds of rounds to the tail
// over a million nodes) may spend them all: the distribution then stops
// at the round reached, the tail holds the mass beyond it, and a note
// says so. Its error is bud's context's.
func roundsDistribution(s *solver[float64, floats], res *rules.Exact, bud *budget) error {
	root := encodeSweep(s)
	sweep, tgt, pr := s.sweep, s.to, s.prob
	n := len(s.nodes)
	sweepWork(s)
	cur, nxt := s.mass, s.nc
	clear(cur)
	clear(nxt)
	var dist []float64
	r := 1
	if s.enc.roundOf(s.nodes[s.root].key/s.enc.ptrs) == 0 {
		r = 0
	}
	nxt[root] = 1
	nlo, nhi := root, root
	pruned, remaining := 0.0, 1.0
	var spent error // the budget's error, once it stops the sweep
	const maxRounds = 1_000_000
	for {
		for len(dist) <= r {
			dist = append(dist, 0)
		}
		// Every node the last round reached was visited and emptied, so
		// cur is all zeros: it takes the next round's heads' mass.
		cur, nxt = nxt, cur
		lo := nlo
		w := sweepRound{sweep: sweep, tgt: tgt, pr: pr, cur: cur, nxt: nxt, stale: &dist[max(r-1, 0)]}
		w.run(lo, nhi, int32(n))
		nlo, nhi = w.nlo, w.nhi
		pruned += w.pruned
		dist[r] += w.ended
		remaining = 0
		for i := nlo; i <= nhi; i++ {
			remaining += nxt[i]
		}
		r++
		if remaining < s.opt.Tail || r > maxRounds {
			break
		}
		if spent = bud.spend(int64(s.nodeCode[w.hi+1]-s.nodeCode[lo]) / sweepPerStep); spent != nil {
			break
		}
	}
	if spent != nil {
		if !errors.Is(spent, ErrBudget) {
			return spent
		}
		// Copied: the notes are the battle's Spec's.
		res.Notes = append(slices.Clip(res.Notes), fmt.Sprintf("the rounds distribution stops after round %d, where the %d steps of work allowed for it ran out: P(rounds > %d) = %.3g is not broken down (E[rounds] and every share are exact)", r-1, bud.max, r-1, remaining))
	}
	for len(dist) > 1 && dist[len(dist)-1] == 0 {
		dist = dist[:len(dist)-1]
	}
	res.Rounds = dist
	res.RoundsTail = remaining + pruned
	return nil
}
