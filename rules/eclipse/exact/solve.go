// Package exact solves an Eclipse battle analytically (rules/eclipse.md §8):
// win, draw and stalemate probabilities, the expected number of rounds, the
// distribution of rounds and of survivors, in floating point and, when
// asked, as exact fractions computed by the same algorithm over big.Rat.
//
// The solver walks the battle's Markov chain over nodes (activation pointer,
// canonical fleet state) using the engine of package eclipse — the same
// activation rules, the same Volley and the same Assign as Monte Carlo — but
// instead of rolling dice it enumerates, per colour, the multinomial counts
// of dice in each hit-set class of faces (§8.2). Every transition that
// changes the state increases a progress measure, so the chain is acyclic
// but for rounds with no change at all, which are solved by division (§8.3).
// The `optimal` policy chooses, after each roll, among every distinct
// resulting state the one with the best P(own win) − P(enemy win); since any
// hit changes the state, the choices never feed back into the no-change
// loop, and backward induction with that division gives the exact fixed
// point that value iteration converges to.
//
// Both entry points return the rules.Exact every solver returns, which
// package reports renders and claims read:
//
//	r, err := exact.SolveDoc(scenario.Document(), exact.Options{Rational: rational})
//	if errors.Is(err, exact.ErrBudget) { /* say so; suggest `crucible run` */ }
//	v, ok := r.Metric(m) // m a rules.Metric; v.Rat is the fraction with Rational
//
// SolveDoc accepts `policy: optimal`; Solve takes a battle already compiled
// by the ruleset (rules.Ruleset.Compile, which rejects optimal). The solver
// is registered with rules (register.go), so `crucible exact` and exact
// claims reach it through rules.LookupSolver.
package exact

import (
	"fmt"
	"math/big"
	"math/bits"
	"slices"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/eclipse"
)

// ErrBudget is wrapped by the error Solve returns when a battle is beyond
// the state budget (Monte Carlo is the way to evaluate such a battle) or,
// with Options.Rational, beyond the budget of exact fractions.
var ErrBudget = rules.ErrBudget

// DefaultMaxStates is the default node budget (about 0.5 KB of memory per
// node at the peak).
const DefaultMaxStates = 1_000_000

// DefaultMaxRationalStates is the default node budget of the exact
// fractions, whose numerators grow to thousands of digits.
const DefaultMaxRationalStates = 20_000

// Options control a solve.
type Options struct {
	// MaxStates bounds the nodes (activation pointer × fleet state) the
	// solver may visit; 0 means DefaultMaxStates.
	MaxStates int
	// Rational also computes the results as exact fractions (slower; the
	// same algorithm over math/big.Rat).
	Rational bool
	// Tail ends the rounds distribution once less than this mass remains;
	// 0 means 1e-12.
	Tail float64
	// MaxAssignments bounds the assignments the optimal policy may
	// enumerate in total; 0 means DefaultMaxAssignments.
	MaxAssignments int
	// MaxRationalStates bounds the nodes of a Rational solve; 0 means
	// DefaultMaxRationalStates.
	MaxRationalStates int
}

// DefaultMaxAssignments is the default bound of Options.MaxAssignments.
const DefaultMaxAssignments = 50_000_000

// Solve solves a battle compiled by the eclipse ruleset (Compile or
// CompileExact).
func Solve(b rules.Battle, opt Options) (*rules.Exact, error) {
	c, ok := b.(*eclipse.Compiled)
	if !ok {
		return nil, fmt.Errorf("exact: not an eclipse battle (%T)", b)
	}
	if opt.MaxStates <= 0 {
		opt.MaxStates = DefaultMaxStates
	}
	if opt.Tail <= 0 {
		opt.Tail = 1e-12
	}
	if opt.MaxAssignments <= 0 {
		opt.MaxAssignments = DefaultMaxAssignments
	}
	if opt.MaxRationalStates <= 0 {
		opt.MaxRationalStates = DefaultMaxRationalStates
	}
	sf, err := newSolver[float64](floats{}, c, opt)
	if err != nil {
		return nil, err
	}
	sp, _ := spares.Get().(*spareArrays)
	if sp == nil {
		sp = new(spareArrays)
	}
	sp.lend(sf)
	defer func() {
		sp.reclaim(sf)
		spares.Put(sp)
	}()
	if err := sf.run(); err != nil {
		return nil, err
	}
	res := sf.result()
	roundsDistribution(sf, res)
	if opt.Rational {
		if res.States > opt.MaxRationalStates {
			return nil, fmt.Errorf("exact: %w: exact fractions for this battle need %d states, more than the %d allowed for --rational; drop --rational for the floating-point solution", ErrBudget, res.States, opt.MaxRationalStates)
		}
		sr, err := newSolver[*big.Rat](rats{}, c, opt)
		if err != nil {
			return nil, err
		}
		if err := sr.run(); err != nil {
			return nil, err
		}
		sr.rational(res)
	}
	return res, nil
}

// SolveDoc compiles a scenario document (the ruleset part, as
// rules.Ruleset.Compile receives it) for the exact solver, which accepts
// `policy: optimal`, and solves it.
func SolveDoc(n *doc.Node, opt Options) (*rules.Exact, error) {
	c, err := eclipse.CompileExact(n)
	if err != nil {
		return nil, err
	}
	return Solve(c, opt)
}

// node is one (activation pointer, fleet state) point of the chain.
type node struct {
	key     uint64 // xkey*ptrs + k
	prog    int32
	k       int16
	chooser int8 // side whose optimal policy picks among alternatives, -1 if none
	stale   bool // round start with no cannon in the battle (§3.7)
	// e0 is the node's first edge. Nodes are expanded in creation order,
	// so a node's edges end where the next node's begin (see edges); not
	// storing the count keeps a node at 24 bytes.
	e0   int32
	ncTo int32 // node reached when nothing changes, -1 if none
}

// state identifies the node's fleet state: x·ptrs (its key without the
// pointer), which spares dividing by ptrs.
func (nd *node) state() uint64 { return nd.key - uint64(nd.k) }

// terminal is one end of the battle as the outputs see it.
type terminal struct {
	winner    rules.Side
	end       int
	survivors [eclipse.MaxTypes]int8
	left      [eclipse.MaxTypes]bool
	rep       [2]int8
}

type solver[T any, A num[T]] struct {
	ar  A
	c   *eclipse.Compiled
	enc *encoder
	opt Options

	nodes []node
	index indexTable
	// Edges: per edge its probability and the target followed (node
	// index, or -1-terminal). An optimal side's edges may have several
	// alternative targets: alt0, nalt and alts list them (only when a side
	// is optimal; fixed policies, by far the common case, need just one
	// target per edge), and backward points to at the chosen one.
	prob    []T
	to      []int32
	optimal bool    // some side plays the optimal policy
	alt0    []int32 // per edge: first alternative in alts
	nalt    []int32 // per edge: number of alternatives
	alts    []int32 // alternative targets
	nc      []T     // per node: probability of no change
	terms   []terminal
	termIdx map[uint64]int32
	root    int32

	// Volley memo: a volley changes only the enemy side, so its outcomes
	// depend on (firing type, missile or cannon, ships firing, enemy
	// sub-state) and are shared by every node with that enemy sub-state.
	memo    indexTable // (enemy sub-key, volleyTag) → entry
	entries []volleyEntry[T]
	// Outcome memo of fixed policies: the state after a roll depends only
	// on the firing type, the enemy sub-state and the dice per (colour,
	// hitting face class), not on how many ships rolled them, so volleys of
	// 1..n ships of a type against the same enemy share their outcomes.
	// outTab[at + index(counts)], at from outMemo, is 1 + an index into
	// outVals, or 0 when not computed yet; index is mixed radix over the
	// counts, each bounded by the dice of the whole type (see volley).
	outMemo indexTable // (enemy sub-key, volleyTag with n = 0) → outTab offset
	outTab  []int32
	outVals []volleyOut
	// Rolls of the memoised volleys: per roll its probability and its
	// outcomes. When no side is optimal every roll has exactly one outcome,
	// outs[r], and rollA0/rollNA (first outcome, number of outcomes) stay
	// empty, as alt0/nalt do for edges; see rollOuts.
	rollP  []T
	rollA0 []int32
	rollNA []int32
	outs   []volleyOut
	outIdx map[uint64]int32

	// expansion scratch
	st eclipse.State
	// The side sub-keys s.st holds decoded, and their progress: nodes are
	// expanded in creation order, and a volley's successors share the
	// firing side's sub-key, so one side rarely needs decoding again.
	stKey  [2]uint64
	stProg [2]int32

	st2     eclipse.State
	w       *eclipse.Work
	merge   map[int32]int32
	targets []int32
	// The edges of the node being expanded that end the battle, which
	// fixedEdge merges.
	termEdges []int32
	binom     [][]T
	pow       [7][]T
	leaves    int

	// results
	order []int32
	term  []T
	mass  []T
	value []T
	rndE  T
	// roundsDistribution's arrays: each node's target code, and the nodes
	// by topological position as the sweep reads them.
	nodeCode []int32
	sweep    []sweepNode
}

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

func newSolver[T any, A num[T]](ar A, c *eclipse.Compiled, opt Options) (*solver[T, A], error) {
	enc, err := newEncoder(c)
	if err != nil {
		return nil, err
	}
	s := &solver[T, A]{ar: ar, c: c, enc: enc, opt: opt,
		termIdx: map[uint64]int32{}, outIdx: map[uint64]int32{},
		w: c.NewWork(), merge: map[int32]int32{}}
	s.index.init([2][]tableSlot{})
	s.memo.init([2][]tableSlot{})
	s.outMemo.init([2][]tableSlot{})
	s.optimal = c.Sides[0].Policy == eclipse.PolicyOptimal || c.Sides[1].Policy == eclipse.PolicyOptimal
	s.tables()
	s.stKey = [2]uint64{^uint64(0), ^uint64(0)} // no sub-key decoded yet
	return s, nil
}

// run explores the chain from the initial state and solves it.
func (s *solver[T, A]) run() error {
	c := s.c
	c.Initial(&s.st)
	round := 0
	if len(c.MissileOrder) == 0 {
		round = 1
	}
	var err error
	if s.root, err = s.node(s.enc.encode(&s.st, round), 0); err != nil {
		return err
	}
	for i := 0; i < len(s.nodes); i++ {
		if err := s.expand(int32(i)); err != nil {
			return err
		}
	}
	s.sortNodes()
	s.backward()
	s.forward()
	return nil
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

func (s *solver[T, A]) budgetErr() error {
	return fmt.Errorf("exact: %w: more than %d states (activation points × fleet states) would be needed; run Monte Carlo instead (crucible run)", ErrBudget, s.opt.MaxStates)
}

// node returns the index of the node for (xkey, k), creating it.
func (s *solver[T, A]) node(xkey uint64, k int) (int32, error) {
	key := xkey*s.enc.ptrs + uint64(k)
	i, found := s.index.getOrPut(key, 0, int32(len(s.nodes)))
	if found {
		return i, nil
	}
	if len(s.nodes) >= s.opt.MaxStates {
		return 0, s.budgetErr()
	}
	push(&s.nodes, node{key: key, k: int16(k), chooser: -1, ncTo: -1})
	push(&s.nc, s.ar.zero())
	return i, nil
}

// next is the node after activation k of a round (or of the missile phase)
// in the state of sub-keys a and b (and round digit round), in which the
// global types of mask have ships in the battle. Activations of types with
// no ship in the battle change nothing (§3.3 step 2) and are passed over,
// so such nodes never exist.
func (s *solver[T, A]) next(mask uint8, a, b uint64, round, k int) (int32, error) {
	if round == 0 {
		mo := s.c.MissileOrder
		for k+1 < len(mo) && mask&(1<<mo[k+1]) == 0 {
			k++
		}
		if k+1 < len(mo) {
			return s.node(s.enc.join(a, b, round), k+1)
		}
		return s.node(s.enc.join(a, b, 1), 0)
	}
	o := s.c.Order
	for k+1 < len(o) && mask&(1<<o[k+1]) == 0 {
		k++
	}
	if k+1 < len(o) {
		return s.node(s.enc.join(a, b, round), k+1)
	}
	return s.node(s.enc.join(a, b, min(round+1, s.c.RetreatRounds)), 0)
}

func (s *solver[T, A]) terminal(st *eclipse.State, winner rules.Side, end int) int32 {
	t := terminal{winner: winner, end: end}
	key := uint64(winner) | uint64(end)<<2
	for u := range s.c.Types {
		t.survivors[u] = st.N[u]
		t.left[u] = st.Status[u] == eclipse.Left
		key = key<<5 | uint64(st.N[u])<<1
		if t.left[u] {
			key |= 1
		}
	}
	for side := range 2 {
		t.rep[side] = int8(s.c.Reputation(st, side))
		key = key<<1 | b2u(st.Withdrew[side])
	}
	if i, ok := s.termIdx[key]; ok {
		return i
	}
	i := int32(len(s.terms))
	s.termIdx[key] = i
	s.terms = append(s.terms, t)
	return i
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// settle ends a deterministic activation (leave, declare) on st2.
func (s *solver[T, A]) settle(st2 *eclipse.State, t int, act eclipse.Action, round, k int) (int32, error) {
	if over, winner, end := s.c.Settle(st2, t, act); over {
		return -1 - s.terminal(st2, winner, end), nil
	}
	mask := s.enc.inBattleMask(st2, 0) | s.enc.inBattleMask(st2, 1)
	return s.next(mask, s.enc.encodeSide(st2, 0), s.enc.encodeSide(st2, 1), round, k)
}

// edge adds (or, for a single target, merges) an edge of the node being
// expanded; e0 is the node's first edge.
func (s *solver[T, A]) edge(e0 int32, p T, targets []int32) {
	if len(targets) == 1 {
		// single reports whether edge e has one target (then s.to[e]).
		single := func(e int32) bool { return !s.optimal || s.nalt[e] == 1 }
		if n := int32(len(s.prob)) - e0; n <= 32 {
			for e := e0; e < int32(len(s.prob)); e++ {
				if s.to[e] == targets[0] && single(e) {
					s.prob[e] = s.ar.add(s.prob[e], p)
					return
				}
			}
		} else {
			if n == 33 {
				clear(s.merge)
				for e := e0; e < int32(len(s.prob)); e++ {
					if single(e) {
						s.merge[s.to[e]] = e
					}
				}
			}
			if e, ok := s.merge[targets[0]]; ok {
				s.prob[e] = s.ar.add(s.prob[e], p)
				return
			}
			s.merge[targets[0]] = int32(len(s.prob))
		}
	}
	push(&s.prob, p)
	push(&s.to, targets[0])
	if s.optimal {
		push(&s.alt0, int32(len(s.alts)))
		push(&s.nalt, int32(len(targets)))
		s.alts = append(s.alts, targets...)
	}
}

func (s *solver[T, A]) expand(ni int32) error {
	key := s.nodes[ni].key
	x, k := key/s.enc.ptrs, int(key%s.enc.ptrs)
	a, b, round := s.enc.split(x)
	for side, sub := range [2]uint64{a, b} {
		if sub != s.stKey[side] {
			s.stKey[side], s.stProg[side] = sub, s.enc.decodeSide(sub, side, &s.st)
		}
	}
	e0 := int32(len(s.prob))
	s.nodes[ni].e0 = e0
	s.nodes[ni].prog = int32(round) + s.stProg[0] + s.stProg[1]
	mask := s.enc.inBattleMask(&s.st, 0) | s.enc.inBattleMask(&s.st, 1)
	nochange := func(p T) error {
		to, err := s.next(mask, a, b, round, k)
		if err != nil {
			return err
		}
		s.nodes[ni].ncTo = to
		s.nc[ni] = s.ar.add(s.nc[ni], p)
		return nil
	}
	one := s.ar.frac(1, 1)
	var err error
	switch {
	case round >= 1 && k == 0 && s.c.Stalemate(&s.st):
		// §3.7: checked at the start of every round.
		s.nodes[ni].stale = true
		s.edge(e0, one, []int32{-1 - s.terminal(&s.st, s.c.StalemateWinner(), eclipse.EndStalemate)})
	case round == 0:
		// §3.2: missile volleys in activation order; a type destroyed
		// earlier in the phase does not fire.
		t := s.c.MissileOrder[k]
		if eclipse.InBattle(&s.st, t) == 0 {
			err = nochange(one)
		} else {
			err = s.fire(ni, t, true, a, b, round, k, nochange)
		}
	default:
		t := s.c.Order[k]
		switch act := s.c.Action(&s.st, t, round); act {
		case eclipse.ActSkip:
			err = nochange(one)
		case eclipse.ActLeave, eclipse.ActDeclare:
			s.st2 = s.st
			if act == eclipse.ActLeave {
				s.c.Leave(&s.st2, t)
			} else {
				s.c.Declare(&s.st2, t)
			}
			var to int32
			if to, err = s.settle(&s.st2, t, act, round, k); err == nil {
				s.edge(e0, one, []int32{to})
			}
		case eclipse.ActFire:
			err = s.fire(ni, t, false, a, b, round, k, nochange)
		}
	}
	if err != nil {
		return err
	}
	return nil
}

// edges returns the edge range e0..e1 of node i (once every node is
// expanded).
func (s *solver[T, A]) edges(i int32) (e0, e1 int32) {
	e0, e1 = s.nodes[i].e0, int32(len(s.prob))
	if int(i)+1 < len(s.nodes) {
		e1 = s.nodes[i+1].e0
	}
	return e0, e1
}

// fire adds the edges of a volley by type t at the node being expanded
// (state a, b, round; pointer k), from the volley memo.
func (s *solver[T, A]) fire(ni int32, t int, missile bool, a, b uint64, round, k int, nochange func(T) error) error {
	c := s.c
	own := c.Types[t].Side
	en := 1 - own
	esub := b
	if own == 1 {
		esub = a
	}
	n := eclipse.InBattle(&s.st, t)
	tag := volleyTag(t, n, missile)
	ei, ok := s.memo.get(esub, tag)
	if !ok {
		var err error
		if ei, err = s.volley(t, missile, n, esub); err != nil {
			return err
		}
		s.memo.put(esub, tag, ei)
	}
	if c.Sides[own].Policy == eclipse.PolicyOptimal {
		s.nodes[ni].chooser = int8(own)
	}
	entry := s.entries[ei]
	if !s.ar.isZero(entry.nc) {
		if err := nochange(entry.nc); err != nil {
			return err
		}
	}
	ownMask := s.enc.inBattleMask(&s.st, own)
	s.termEdges = s.termEdges[:0]
	winner := rules.A
	if own == 1 {
		winner = rules.B
	}
	for r := entry.r0; r < entry.r0+entry.nr; r++ {
		s.targets = s.targets[:0]
		o0, o1 := s.rollOuts(r)
		for o := o0; o < o1; o++ {
			out := s.outs[o]
			var to int32
			if out.empty {
				// The enemy's last ships were destroyed (§3.8 destroyed).
				s.st2 = s.st
				s.enc.decodeSide(out.e, en, &s.st2)
				to = -1 - s.terminal(&s.st2, winner, eclipse.EndDestroyed)
			} else {
				a2, b2 := a, out.e
				if own == 1 {
					a2, b2 = out.e, b
				}
				var err error
				if to, err = s.next(ownMask|out.mask, a2, b2, round, k); err != nil {
					return err
				}
			}
			s.targets = append(s.targets, to)
		}
		if s.optimal {
			s.edge(s.nodes[ni].e0, s.rollP[r], s.targets)
		} else {
			s.fixedEdge(s.rollP[r], s.targets[0])
		}
	}
	return nil
}

// fixedEdge adds the edge of a fixed policy's roll to the node being
// expanded. The volley memo merges rolls with the same outcome, so
// distinct rolls leave the enemy in distinct states and lead to distinct
// nodes: only rolls that end the battle may share a target (a terminal),
// and only those are merged, sparing the search edge makes.
func (s *solver[T, A]) fixedEdge(p T, to int32) {
	if to < 0 {
		for _, e := range s.termEdges {
			if s.to[e] == to {
				s.prob[e] = s.ar.add(s.prob[e], p)
				return
			}
		}
		s.termEdges = append(s.termEdges, int32(len(s.prob)))
	}
	push(&s.prob, p)
	push(&s.to, to)
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

// choices adds a roll whose alternatives are every distinct outcome of
// assigning the prepared volley's dice (§6 `optimal`): each die, in (damage
// desc, #H asc) order, to a ship it hits that is not doomed, if any.
func (s *solver[T, A]) choices(t int, p T, outcome func(*eclipse.State) volleyOut) error {
	c, w := s.c, s.w
	type unit struct {
		dmg   int16
		hits  uint8
		class int8
		nh    int
	}
	var units []unit
	for ci := range w.NClasses {
		cl := w.Classes[ci]
		nh := 0
		for j := range w.NTargets {
			if cl.Hits&(1<<w.Targets[j].Type) != 0 {
				nh++
			}
		}
		for range cl.N {
			units = append(units, unit{cl.Dmg, cl.Hits, int8(ci), nh})
		}
	}
	slices.SortStableFunc(units, func(a, b unit) int {
		if a.dmg != b.dmg {
			return int(b.dmg - a.dmg)
		}
		return a.nh - b.nh
	})
	nt := w.NTargets
	var rem [eclipse.MaxTargets]int16
	for j := range nt {
		rem[j] = w.Targets[j].Rem
		w.Add[j] = 0
	}
	last := make([]int, len(units))
	var outs []volleyOut
	seen := map[uint64]bool{}
	var firstErr error
	var rec func(u int)
	rec = func(u int) {
		if firstErr != nil {
			return
		}
		if u == len(units) {
			s.leaves++
			if s.leaves > s.opt.MaxAssignments {
				firstErr = fmt.Errorf("exact: %w: the optimal policy would enumerate more than %d assignments; run Monte Carlo with a fixed policy instead (crucible run)", ErrBudget, s.opt.MaxAssignments)
				return
			}
			s.st2 = s.st
			c.ApplyDamage(&s.st2, w)
			out := outcome(&s.st2)
			if !seen[out.e] {
				seen[out.e] = true
				outs = append(outs, out)
			}
			return
		}
		un := units[u]
		start := 0
		if u > 0 && units[u-1].class == un.class {
			start = last[u-1] // identical dice: non-decreasing targets
		}
		eligible := func(j int) bool { return rem[j] > 0 && un.hits&(1<<w.Targets[j].Type) != 0 }
		any := false
		for j := start; j < nt; j++ {
			if !eligible(j) {
				continue
			}
			any = true
			dup := false
			for j2 := start; j2 < j; j2++ {
				if eligible(j2) && w.Targets[j2].Type == w.Targets[j].Type && rem[j2] == rem[j] {
					dup = true // an identical ship earlier: symmetric
					break
				}
			}
			if dup {
				continue
			}
			rem[j] -= un.dmg
			w.Add[j] += un.dmg
			last[u] = j
			rec(u + 1)
			rem[j] += un.dmg
			w.Add[j] -= un.dmg
		}
		if !any {
			for j := 0; j < start; j++ {
				if eligible(j) {
					return // covered by another order of the identical dice
				}
			}
			last[u] = start // every ship it hits is doomed: damage lost
			rec(u + 1)
		}
	}
	rec(0)
	if firstErr != nil {
		return firstErr
	}
	s.roll(p, outs...)
	return nil
}

// sortNodes orders the nodes topologically: by progress, then state, then
// pointer, so that each fleet state's nodes (a "cluster", which only the
// no-change loop connects) are contiguous. Since key = x·ptrs + k with
// k < ptrs, (state, pointer) order is key order. Keys are distinct, so the
// order is fully determined; it is found by a radix sort (stable passes
// over the bytes of the key, least significant first, then of the
// progress), several times faster than a comparison sort here: keys have
// few significant bytes and progress takes few values.
func (s *solver[T, A]) sortNodes() {
	n := len(s.nodes)
	// Every node exists now, so the node table is no longer needed: its
	// slots (at least twice as many as the nodes) hold the two buffers the
	// passes alternate between, which saves allocating them; a slot's tag
	// holds the node's progress. (The table is not used again.)
	src, dst := s.index.slots[:n], s.index.slots[n:2*n]
	var keyBits, progBits uint64
	for i := range s.nodes {
		nd := &s.nodes[i]
		src[i] = tableSlot{key: nd.key, tag: uint32(nd.prog), idx: int32(i)}
		keyBits |= nd.key
		progBits |= uint64(nd.prog)
	}
	for d := range (bits.Len64(keyBits) + 7) / 8 {
		radixPass(dst, src, d)
		src, dst = dst, src
	}
	for d := range (bits.Len64(progBits) + 7) / 8 {
		radixPass(dst, src, 8+d)
		src, dst = dst, src
	}
	s.order = scratch(s.order, n) // every element is set below
	for i, sl := range src {
		s.order[i] = sl.idx
	}
}

// radixPass copies src into dst stably ordered by digit d of the slots:
// byte d of the key for d < 8, else byte d−8 of the tag.
func radixPass(dst, src []tableSlot, d int) {
	digit := func(sl tableSlot) uint8 {
		if d < 8 {
			return uint8(sl.key >> (8 * d))
		}
		return uint8(sl.tag >> (8 * (d - 8)))
	}
	var start [256]int32 // per digit value: where its run begins in dst
	for _, sl := range src {
		start[digit(sl)]++
	}
	sum := int32(0)
	for v, c := range start {
		start[v] = sum
		sum += c
	}
	for _, sl := range src {
		v := digit(sl)
		dst[start[v]] = sl
		start[v]++
	}
}

// clusters calls f for each run of nodes with the same fleet state, in
// topological order (or reverse).
func (s *solver[T, A]) clusters(reverse bool, f func(cl []int32)) {
	// The runs are found on the fly, scanning from the end when reverse,
	// rather than listed first: no allocation per solve.
	state := func(i int) uint64 { return s.nodes[s.order[i]].state() }
	n := len(s.order)
	if !reverse {
		for i := 0; i < n; {
			j := i + 1
			for j < n && state(j) == state(i) {
				j++
			}
			f(s.order[i:j])
			i = j
		}
		return
	}
	for j := n; j > 0; {
		i := j - 1
		for i > 0 && state(i-1) == state(j-1) {
			i--
		}
		f(s.order[i:j])
		j = i
	}
}

// scratch returns buf resized to n elements, reallocating only when its
// capacity is short: the per-cluster arrays of backward and forward are
// reused from one cluster to the next instead of allocated for each.
func scratch[E any](buf []E, n int) []E {
	if cap(buf) < n {
		return make([]E, n)
	}
	return buf[:n]
}

// intra reports whether node a's no-change successor is in its own cluster.
func (s *solver[T, A]) intra(a int32) bool {
	to := s.nodes[a].ncTo
	return to >= 0 && s.nodes[to].state() == s.nodes[a].state()
}

func (s *solver[T, A]) termValue(i int32) T {
	switch s.terms[i].winner {
	case rules.A:
		return s.ar.frac(1, 1)
	case rules.B:
		return s.ar.frac(-1, 1)
	}
	return s.ar.zero()
}

func (s *solver[T, A]) targetValue(to int32) T {
	if to < 0 {
		return s.termValue(-1 - to)
	}
	return s.value[to]
}

// backward computes V = P(a wins) − P(b wins) for every node and the
// choices of optimal sides; fixed policies need no values.
func (s *solver[T, A]) backward() {
	if s.c.Sides[0].Policy != eclipse.PolicyOptimal && s.c.Sides[1].Policy != eclipse.PolicyOptimal {
		return
	}
	ar := s.ar
	s.value = make([]T, len(s.nodes))
	for i := range s.value {
		s.value[i] = ar.zero()
	}
	var cs, qs [16]T
	var gam, del []T
	s.clusters(true, func(cl []int32) {
		// c_k: value from the node's changed outcomes (and its no-change
		// exit when that leaves the cluster); q_k: the intra-cluster
		// no-change probability.
		for i, a := range cl {
			nd := &s.nodes[a]
			sum := ar.zero()
			e0, e1 := s.edges(a)
			for e := e0; e < e1; e++ {
				best := int32(0)
				var bv T
				for o := int32(0); o < s.nalt[e]; o++ {
					v := s.targetValue(s.alts[s.alt0[e]+o])
					if nd.chooser == 1 {
						v = ar.sub(ar.zero(), v)
					}
					if o == 0 || ar.better(v, bv) {
						best, bv = o, v
					}
				}
				s.to[e] = s.alts[s.alt0[e]+best]
				sum = ar.add(sum, ar.mul(s.prob[e], s.targetValue(s.to[e])))
			}
			qs[i] = ar.zero()
			if nd.ncTo >= 0 {
				if s.intra(a) {
					qs[i] = s.nc[a]
				} else {
					sum = ar.add(sum, ar.mul(s.nc[a], s.value[nd.ncTo]))
				}
			}
			cs[i] = sum
		}
		// Within the cluster pointers increase along cl; the last node may
		// loop back to the first (a round with no change).
		n := len(cl)
		wrap := s.intra(cl[n-1]) && s.nodes[cl[n-1]].ncTo == cl[0]
		gam, del = scratch(gam, n), scratch(del, n) // every element is set below
		for i := n - 1; i >= 0; i-- {
			next := i + 1
			linked := s.intra(cl[i]) && next < n && s.nodes[cl[i]].ncTo == cl[next]
			switch {
			case i == n-1 && wrap:
				gam[i], del[i] = cs[i], qs[i]
			case linked:
				gam[i] = ar.add(cs[i], ar.mul(qs[i], gam[next]))
				del[i] = ar.mul(qs[i], del[next])
			default:
				gam[i], del[i] = cs[i], ar.zero()
			}
		}
		v0 := gam[0]
		if !ar.isZero(del[0]) {
			v0 = ar.div(gam[0], ar.sub(ar.frac(1, 1), del[0]))
		}
		for i := range n {
			s.value[cl[i]] = ar.add(gam[i], ar.mul(del[i], v0))
		}
	})
}

// forward pushes the probability mass from the root through the chain and
// collects the terminal distribution and E[rounds] (§8.3).
func (s *solver[T, A]) forward() {
	ar := s.ar
	s.mass = scratch(s.mass, len(s.nodes))
	for i := range s.mass {
		s.mass[i] = ar.zero()
	}
	s.term = make([]T, len(s.terms))
	for i := range s.term {
		s.term[i] = ar.zero()
	}
	s.rndE = ar.zero()
	s.mass[s.root] = ar.frac(1, 1)
	var ms [16]T
	var alpha, beta []T
	s.clusters(false, func(cl []int32) {
		n := len(cl)
		// M_i = α_i + β_i M_0 along the no-change chain; M_0 closes the loop.
		alpha, beta = scratch(alpha, n), scratch(beta, n) // every element is set below
		alpha[0], beta[0] = ar.zero(), ar.frac(1, 1)
		for i := 1; i < n; i++ {
			prev := cl[i-1]
			if s.intra(prev) && s.nodes[prev].ncTo == cl[i] {
				alpha[i] = ar.add(s.mass[cl[i]], ar.mul(s.nc[prev], alpha[i-1]))
				beta[i] = ar.mul(s.nc[prev], beta[i-1])
			} else {
				alpha[i], beta[i] = s.mass[cl[i]], ar.zero()
			}
		}
		last := cl[n-1]
		m0 := s.mass[cl[0]]
		if s.intra(last) && s.nodes[last].ncTo == cl[0] {
			q := s.nc[last]
			m0 = ar.div(ar.add(m0, ar.mul(q, alpha[n-1])), ar.sub(ar.frac(1, 1), ar.mul(q, beta[n-1])))
		}
		for i := range n {
			if i == 0 {
				ms[i] = m0
			} else {
				ms[i] = ar.add(alpha[i], ar.mul(beta[i], m0))
			}
		}
		for i, a := range cl {
			m := ms[i]
			if ar.isZero(m) {
				continue
			}
			nd := &s.nodes[a]
			if nd.k == 0 && !nd.stale && s.enc.roundOf(nd.key/s.enc.ptrs) >= 1 {
				s.rndE = ar.add(s.rndE, m) // a round begins at each visit
			}
			e0, e1 := s.edges(a)
			for e := e0; e < e1; e++ {
				to := s.to[e]
				x := ar.mul(m, s.prob[e])
				if to < 0 {
					s.term[-1-to] = ar.add(s.term[-1-to], x)
				} else {
					s.mass[to] = ar.add(s.mass[to], x)
				}
			}
			if nd.ncTo >= 0 && !s.intra(a) {
				s.mass[nd.ncTo] = ar.add(s.mass[nd.ncTo], ar.mul(m, s.nc[a]))
			}
		}
	})
}
