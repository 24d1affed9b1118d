package exact

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/eclipse"
)

// Result is the exact solution of a battle. Probabilities are of the whole
// battle; side a is the attacker, b the defender.
type Result struct {
	A, B, Draw float64 // P(a wins), P(b wins), P(no winner)
	Stalemate  float64 // P(end reason stalemate), whatever the scoring
	// Ends gives P(end reason) for every end reason, in Spec order.
	Ends       []Prob
	RoundsMean float64
	// Rounds[r] = P(rounds = r), truncated where less than the tail
	// tolerance of mass remains; RoundsTail is that remaining mass.
	Rounds     []float64
	RoundsTail float64
	// Survivors per type (retreated ships count; P[k] = P(k survive));
	// Retreated per type on sides that may retreat; Reputation per player
	// side (P[k] = P(k tiles drawn)).
	Survivors  []Dist
	Retreated  []Dist
	Reputation []Dist
	// States is the number of nodes (activation pointer × fleet state)
	// the solver visited.
	States   int
	Options  []rules.Setting
	Notes    []string
	Rational *Rational
}

// Prob is a named probability.
type Prob struct {
	Name string
	P    float64
}

// Dist is a distribution over 0..len(P)-1 of one side's count.
type Dist struct {
	Side string // "a" or "b"
	Name string // ship type, or "reputation"
	P    []float64
	Mean float64
}

// Rational holds the results as exact fractions ("5/11").
type Rational struct {
	A, B, Draw, Stalemate, RoundsMean string
	Ends                              []NamedFrac
	Survivors                         []FracDist
}

// NamedFrac is a named exact probability.
type NamedFrac struct{ Name, P string }

// FracDist is Dist as fractions.
type FracDist struct {
	Side, Name string
	P          []string
	Mean       string
}

// Metric returns the exact value of a claim metric: win.a, win.b,
// win.none, end.<reason>, rounds.mean, or counter.<name> for the mean of a
// survivors, retreated or reputation counter. ok is false for any other
// name (e.g. rounds quantiles, which are not exact claims).
func (r *Result) Metric(name string) (v float64, ok bool) {
	switch name {
	case "win.a":
		return r.A, true
	case "win.b":
		return r.B, true
	case "win.none":
		return r.Draw, true
	case "rounds.mean":
		return r.RoundsMean, true
	}
	if e, found := strings.CutPrefix(name, "end."); found {
		for _, x := range r.Ends {
			if x.Name == e {
				return x.P, true
			}
		}
		return 0, false
	}
	if c, found := strings.CutPrefix(name, "counter."); found {
		for _, set := range []struct {
			prefix string
			ds     []Dist
		}{{"survivors.", r.Survivors}, {"retreated.", r.Retreated}} {
			for _, d := range set.ds {
				if c == set.prefix+d.Side+"."+d.Name {
					return d.Mean, true
				}
			}
		}
		for _, d := range r.Reputation {
			if c == "reputation."+d.Side {
				return d.Mean, true
			}
		}
	}
	return 0, false
}

// RationalMetric is Metric as an exact fraction, for results solved with
// Options.Rational (win.*, end.*, rounds.mean and survivors means).
func (r *Result) RationalMetric(name string) (string, bool) {
	q := r.Rational
	if q == nil {
		return "", false
	}
	switch name {
	case "win.a":
		return q.A, true
	case "win.b":
		return q.B, true
	case "win.none":
		return q.Draw, true
	case "rounds.mean":
		return q.RoundsMean, true
	}
	if e, found := strings.CutPrefix(name, "end."); found {
		for _, x := range q.Ends {
			if x.Name == e {
				return x.P, true
			}
		}
	}
	if c, found := strings.CutPrefix(name, "counter.survivors."); found {
		for _, d := range q.Survivors {
			if c == d.Side+"."+d.Name {
				return d.Mean, true
			}
		}
	}
	return "", false
}

// result assembles the float results from the terminal distribution.
func (s *solver[T, A]) result() *Result {
	c := s.c
	f := s.ar.float
	res := &Result{States: len(s.nodes), RoundsMean: f(s.rndE), Options: c.Spec().Options, Notes: c.Spec().Notes}
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
		switch tm.winner {
		case rules.A:
			res.A += p
		case rules.B:
			res.B += p
		default:
			res.Draw += p
		}
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
		res.Ends = append(res.Ends, Prob{name, ends[i]})
	}
	res.Stalemate = ends[eclipse.EndStalemate]
	for t := range c.Types {
		ty := &c.Types[t]
		res.Survivors = append(res.Survivors, newDist(eclipse.SideLetter(ty.Side), ty.Name, surv[t]))
		if c.Sides[ty.Side].Retreat.Kind != eclipse.RetreatNever {
			res.Retreated = append(res.Retreated, newDist(eclipse.SideLetter(ty.Side), ty.Name, ret[t]))
		}
	}
	for side := range 2 {
		if !c.Sides[side].NPC {
			res.Reputation = append(res.Reputation, newDist(eclipse.SideLetter(side), "reputation", rep[side][:]))
		}
	}
	return res
}

func newDist(side, name string, p []float64) Dist {
	d := Dist{Side: side, Name: name, P: p}
	for k, x := range p {
		d.Mean += float64(k) * x
	}
	return d
}

// rational assembles the exact fractions.
func (s *solver[T, A]) rational() *Rational {
	c := s.c
	ar := s.ar
	str := func(x T) string { return any(x).(*big.Rat).RatString() }
	a, b, draw := ar.zero(), ar.zero(), ar.zero()
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
		switch tm.winner {
		case rules.A:
			a = ar.add(a, p)
		case rules.B:
			b = ar.add(b, p)
		default:
			draw = ar.add(draw, p)
		}
		ends[tm.end] = ar.add(ends[tm.end], p)
		for t := range c.Types {
			surv[t][tm.survivors[t]] = ar.add(surv[t][tm.survivors[t]], p)
		}
	}
	r := &Rational{A: str(a), B: str(b), Draw: str(draw), Stalemate: str(ends[eclipse.EndStalemate]), RoundsMean: str(s.rndE)}
	for i, name := range eclipse.EndNames {
		r.Ends = append(r.Ends, NamedFrac{name, str(ends[i])})
	}
	for t := range c.Types {
		ty := &c.Types[t]
		fd := FracDist{Side: eclipse.SideLetter(ty.Side), Name: ty.Name}
		mean := ar.zero()
		for k, p := range surv[t] {
			fd.P = append(fd.P, str(p))
			mean = ar.add(mean, ar.mul(ar.frac(int64(k), 1), p))
		}
		fd.Mean = str(mean)
		r.Survivors = append(r.Survivors, fd)
	}
	return r
}

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
func roundsDistribution(s *solver[float64, floats], res *Result) {
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
	tgt, pr := s.to, s.prob
	for e, to := range tgt {
		tgt[e] = code(to)
	}
	cur, nxt := s.mass, s.nc
	clear(cur)
	clear(nxt)
	var dist []float64
	r := 1
	if s.enc.roundOf(s.nodes[s.root].key/s.enc.ptrs) == 0 {
		r = 0
	}
	root := -2 - nodeCode[s.root] // the root heads the first round
	nxt[root] = 1
	nlo, nhi := root, root
	pruned, remaining := 0.0, 1.0
	const maxRounds = 1_000_000
	for {
		for len(dist) <= r {
			dist = append(dist, 0)
		}
		// Every node the last round reached was visited and emptied, so
		// cur is all zeros: it takes the next round's heads' mass.
		cur, nxt = nxt, cur
		lo, hi := nlo, nhi
		nlo, nhi = int32(n), -1
		ended := 0.0
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
				dist[r-1] += m // stalemate: rounds begun before the check
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
		dist[r] += ended
		remaining = 0
		for i := nlo; i <= nhi; i++ {
			remaining += nxt[i]
		}
		r++
		if remaining < s.opt.Tail || r > maxRounds {
			break
		}
	}
	for len(dist) > 1 && dist[len(dist)-1] == 0 {
		dist = dist[:len(dist)-1]
	}
	res.Rounds = dist
	res.RoundsTail = remaining + pruned
}

// MarshalJSON renders the result as the `"exact"` object of crucible's JSON
// output: {"a", "b", "draw", "stalemate", "ends", "rounds_mean", "rounds":
// {"1": …}, "rounds_tail", "survivors", "retreated", "reputation",
// "states", "notes", "rational": {"a": "5/11", …}} with keys in a stable
// order.
func (r *Result) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	num := func(x float64) string {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return "null"
		}
		return strconv.FormatFloat(x, 'g', 17, 64)
	}
	q := func(s string) string { bs, _ := json.Marshal(s); return string(bs) }
	b.WriteString("{")
	fmt.Fprintf(&b, `"a":%s,"b":%s,"draw":%s,"stalemate":%s`, num(r.A), num(r.B), num(r.Draw), num(r.Stalemate))
	b.WriteString(`,"ends":{`)
	for i, e := range r.Ends {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, "%s:%s", q(e.Name), num(e.P))
	}
	fmt.Fprintf(&b, `},"rounds_mean":%s,"rounds":{`, num(r.RoundsMean))
	first := true
	for k, p := range r.Rounds {
		if p == 0 {
			continue
		}
		if !first {
			b.WriteString(",")
		}
		first = false
		fmt.Fprintf(&b, `"%d":%s`, k, num(p))
	}
	fmt.Fprintf(&b, `},"rounds_tail":%s`, num(r.RoundsTail))
	dists := func(name string, ds []Dist, key func(Dist) string) {
		fmt.Fprintf(&b, `,%s:{`, q(name))
		for i, d := range ds {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `%s:{"mean":%s,"p":[`, q(key(d)), num(d.Mean))
			for k, p := range d.P {
				if k > 0 {
					b.WriteString(",")
				}
				b.WriteString(num(p))
			}
			b.WriteString("]}")
		}
		b.WriteString("}")
	}
	typeKey := func(d Dist) string { return d.Side + "." + d.Name }
	dists("survivors", r.Survivors, typeKey)
	if len(r.Retreated) > 0 {
		dists("retreated", r.Retreated, typeKey)
	}
	dists("reputation", r.Reputation, func(d Dist) string { return d.Side })
	fmt.Fprintf(&b, `,"states":%d`, r.States)
	if len(r.Notes) > 0 {
		ns, _ := json.Marshal(r.Notes)
		fmt.Fprintf(&b, `,"notes":%s`, ns)
	}
	if ra := r.Rational; ra != nil {
		fmt.Fprintf(&b, `,"rational":{"a":%s,"b":%s,"draw":%s,"stalemate":%s,"rounds_mean":%s,"ends":{`,
			q(ra.A), q(ra.B), q(ra.Draw), q(ra.Stalemate), q(ra.RoundsMean))
		for i, e := range ra.Ends {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, "%s:%s", q(e.Name), q(e.P))
		}
		b.WriteString(`},"survivors":{`)
		for i, d := range ra.Survivors {
			if i > 0 {
				b.WriteString(",")
			}
			ps, _ := json.Marshal(d.P)
			fmt.Fprintf(&b, `%s:{"mean":%s,"p":%s}`, q(d.Side+"."+d.Name), q(d.Mean), ps)
		}
		b.WriteString("}}")
	}
	b.WriteString("}")
	return b.Bytes(), nil
}

// WriteTable writes the result as a plain-text table.
func (r *Result) WriteTable(w io.Writer) error {
	var b strings.Builder
	frac := func(get func(*Rational) string) string {
		if r.Rational == nil {
			return ""
		}
		return "  = " + get(r.Rational)
	}
	fmt.Fprintf(&b, "exact solution (%d states)\n", r.States)
	fmt.Fprintf(&b, "  %-24s %.12f%s\n", "P(attacker a wins)", r.A, frac(func(x *Rational) string { return x.A }))
	fmt.Fprintf(&b, "  %-24s %.12f%s\n", "P(defender b wins)", r.B, frac(func(x *Rational) string { return x.B }))
	fmt.Fprintf(&b, "  %-24s %.12f%s\n", "P(draw)", r.Draw, frac(func(x *Rational) string { return x.Draw }))
	for i, e := range r.Ends {
		fmt.Fprintf(&b, "  %-24s %.12f", "P(end "+e.Name+")", e.P)
		if r.Rational != nil {
			fmt.Fprintf(&b, "  = %s", r.Rational.Ends[i].P)
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "  %-24s %.12f%s\n", "E[rounds]", r.RoundsMean, frac(func(x *Rational) string { return x.RoundsMean }))
	b.WriteString("rounds distribution, P(rounds = r):\n")
	shown := 0.0
	for k, p := range r.Rounds {
		if p < 1e-9 {
			continue
		}
		fmt.Fprintf(&b, "  %4d  %.12f\n", k, p)
		shown += p
	}
	fmt.Fprintf(&b, "  rest  %.3g (rows below 1e-9, and %.3g beyond round %d)\n", math.Max(0, 1-shown-r.RoundsTail), r.RoundsTail, len(r.Rounds)-1)
	b.WriteString("survivors, P(k ships survive) for k = 0, 1, …:\n")
	writeDists(&b, r.Survivors)
	if len(r.Retreated) > 0 {
		b.WriteString("retreated, P(k ships left the battle):\n")
		writeDists(&b, r.Retreated)
	}
	b.WriteString("reputation tiles drawn, P(k) for k = 0..5:\n")
	writeDists(&b, r.Reputation)
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "note: %s\n", n)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeDists(b *strings.Builder, ds []Dist) {
	for _, d := range ds {
		fmt.Fprintf(b, "  %s %-20s mean %.6f:", d.Side, d.Name, d.Mean)
		for _, p := range d.P {
			fmt.Fprintf(b, " %.6f", p)
		}
		b.WriteString("\n")
	}
}
