package exact

import (
	"fmt"
	"math/bits"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/eclipse"
	"github.com/crucible-sim/crucible/rules/eclipse/assign"
)

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
	enc encoder
	opt Options
	bud budget

	nodes []node
	// keyBits and progBits are the nodes' keys and progress ORed
	// together, as they are made, for the sort (see sortNodes).
	keyBits, progBits uint64
	index             indexTable
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
	endMemo indexTable // (own sub-key + side[own]·enemy sub-key, own) → terminal of a volley that destroys
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
	// The rolls of each volley shape (see shape.go): shapeMemo maps (enemy
	// types in the battle, volleyTag) to an index into shapes.
	shapeMemo  indexTable
	shapes     []rollShape
	shapeRolls []shapeRoll[T]
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
	// The side sub-keys of the node being expanded and their views (see
	// view.go); s.st holds side i decoded when stFull[i].
	stKey  [2]uint64
	views  [2]sideView
	stFull [2]bool
	// viewMemo[i] holds side i's views by sub-key, when its sub-keys are
	// few enough (else nil); armed is the global types with cannon dice.
	viewMemo [2][]sideView
	viewBuf  [2][]sideView // the arrays of viewMemo, kept for the next solve
	armed    uint8

	st2 eclipse.State
	w   *eclipse.Work
	// posSets[ph][mask] caches positions (see after): 0 until computed.
	posSets [2][256]uint32
	merge   map[int32]int32
	targets []int32
	// The edges of the node being expanded that end the battle, which
	// fixedRolls merges (termEdge).
	termEdges []int32
	dice      *diceTables[T]
	venum     volleyEnum[T, A] // the volley being enumerated

	// results
	order   []int32
	sortBuf []uint64 // sortPacked's words
	term    []T
	mass    []T
	value   []T
	rndE    T
	// roundsDistribution's sweeper and the arrays it lays the graph out
	// in (see encodeSweep): each node's position, the nodes and their
	// edges by position, the work before each position, the chain of a
	// closed round, the distribution.
	nodeCode []int32
	sweeper  sweeper
	sweep    []sweepNode
	sweepP   []float64
	sweepTo  [2][]int32
	work     []int32
	heads    []int32
	closed   closedRound
	dist     []float64
	// the induction's per-cluster arrays
	gam, del, alpha, beta []T
}

func newSolver[T any, A num[T]](ar A, c *eclipse.Compiled, opt Options, bud budget) (*solver[T, A], error) {
	s := &solver[T, A]{ar: ar}
	if err := s.reset(c, opt, bud); err != nil {
		return nil, err
	}
	return s, nil
}

// reset readies s to solve c: every array, map and table emptied, but
// kept with its capacity, so that a solver reused (see solvers) allocates
// only what the battle needs beyond what the last one did.
func (s *solver[T, A]) reset(c *eclipse.Compiled, opt Options, bud budget) error {
	if err := s.enc.init(c); err != nil {
		return err
	}
	s.c, s.opt, s.bud = c, opt, bud
	nodeLog2 := s.nodeTableLog2()
	s.optimal = c.Sides[0].Policy == assign.Optimal || c.Sides[1].Policy == assign.Optimal
	s.nodes, s.nc, s.prob, s.to = s.nodes[:0], s.nc[:0], s.prob[:0], s.to[:0]
	s.keyBits, s.progBits = 0, 0
	s.alt0, s.nalt, s.alts = s.alt0[:0], s.nalt[:0], s.alts[:0]
	s.terms, s.entries, s.outTab, s.outVals = s.terms[:0], s.entries[:0], s.outTab[:0], s.outVals[:0]
	s.rollP, s.rollA0, s.rollNA, s.outs = s.rollP[:0], s.rollA0[:0], s.rollNA[:0], s.outs[:0]
	s.shapes, s.shapeRolls = s.shapes[:0], s.shapeRolls[:0]
	s.index.init(s.index.buffers(), nodeLog2)
	for _, t := range []*indexTable{&s.memo, &s.outMemo} {
		t.init(t.buffers(), tableLog2)
	}
	for _, t := range []*indexTable{&s.shapeMemo, &s.endMemo} {
		t.init(t.buffers(), memoLog2)
	}
	s.termIdx, s.outIdx, s.merge = emptied(s.termIdx), emptied(s.outIdx), emptied(s.merge)
	s.w = c.ReuseWork(s.w)
	s.stKey = [2]uint64{^uint64(0), ^uint64(0)} // no sub-key decoded yet
	s.resetViews()
	s.posSets = [2][256]uint32{}
	s.tables()
	return nil
}

// nodeTableLog2 is the log2 of the node table's first size for the
// battle reset is readying s for, s.nodes still holding the last solve's
// nodes: the size those needed, within what the battle's keys allow.
// A solver is reused (see solvers), most often for a battle like the
// last (the workbench's edits of one scenario, a test's or a benchmark's
// solves of one battle), whose node table then seldom grows: each growth
// moves every node, the growths of fleet-mirror-upgraded's table a tenth
// of the first-level cache misses of its solve.
func (s *solver[T, A]) nodeTableLog2() uint {
	log2 := tableLog2
	if n := len(s.nodes); n > 0 {
		log2 = max(log2, bits.Len(uint(2*n-1))) // at most half full (see indexTable)
	}
	return uint(min(log2, max(tableLog2, bits.Len64(2*s.enc.states*s.enc.ptrs-1))))
}

// emptied returns m cleared, or a new map if m is nil.
func emptied[K comparable, V any](m map[K]V) map[K]V {
	if m == nil {
		return map[K]V{}
	}
	clear(m)
	return m
}

func (s *solver[T, A]) budgetErr() error {
	return fmt.Errorf("exact: %w: more than the %d states allowed (activation points × fleet states)", ErrBudget, s.opt.MaxStates)
}

// node returns the index of the node for (xkey, k), creating it.
func (s *solver[T, A]) node(xkey uint64, k int) (int32, error) {
	return s.nodeKey(xkey*s.enc.ptrs+uint64(k), k)
}

// nodeKey returns the index of the node of key (pointer k), creating it.
// It is the node table's getOrPut written out for the node table's tag,
// 0: every edge of the graph looks its target up here.
func (s *solver[T, A]) nodeKey(key uint64, k int) (int32, error) {
	t := &s.index
	mask := len(t.slots) - 1
	i := int((key * fibHash) >> t.shift) // find's hash of (key, 0)
	for {
		sl := &t.slots[i]
		if sl.key == key+1 {
			return sl.idx, nil
		}
		if sl.key == 0 {
			break
		}
		i = (i + 1) & mask
	}
	return s.newNode(i, key, k)
}

// newNode creates the node of key (pointer k), recording it in slot i
// of the node table, the empty slot where the lookup of key ended.
func (s *solver[T, A]) newNode(i int, key uint64, k int) (int32, error) {
	n := int32(len(s.nodes))
	s.index.putAt(i, key, 0, n)
	if len(s.nodes) >= s.opt.MaxStates {
		return 0, s.budgetErr()
	}
	if err := s.bud.spend(nodeSteps); err != nil {
		return 0, err
	}
	push(&s.nodes, node{key: key, k: int16(k), chooser: -1, ncTo: -1})
	s.keyBits |= key
	push(&s.nc, s.ar.zero())
	return n, nil
}

// next is the node after activation k of a round (or of the missile phase)
// in the state of sub-keys a and b (and round digit round), in which the
// global types of mask have ships in the battle. Activations of types with
// no ship in the battle change nothing (§3.3 step 2) and are passed over,
// so such nodes never exist.
func (s *solver[T, A]) next(mask uint8, a, b uint64, round, k int) (int32, error) {
	k2, round2 := s.after(mask, round, k)
	return s.nodeKey(s.enc.join(a, b, round2)*s.enc.ptrs+uint64(k2), k2)
}

// after returns the pointer and round digit of the activation that
// follows activation k of round (or of the missile phase, round 0) when
// the global types of mask have ships in the battle (see next).
func (s *solver[T, A]) after(mask uint8, round, k int) (k2, round2 int) {
	ph := min(round, 1)
	ps := s.posSets[ph][mask]
	if ps == 0 {
		ps = s.positions(ph, mask)
	}
	if rest := ps &^ (2<<k - 1); rest&^posKnown != 0 {
		return bits.TrailingZeros32(rest), round
	}
	return 0, s.roundAfter(round)
}

// roundAfter is the round digit after the missile phase (round 0) or
// round round: the digit is capped where retreat options stop depending
// on it.
func (s *solver[T, A]) roundAfter(round int) int {
	if round == 0 {
		return 1
	}
	return min(round+1, s.c.RetreatRounds)
}

// positions fills in posSets[ph][mask]: the positions of the activation
// order (the missile order for ph 0) whose type is in mask, as bits,
// with posKnown set.
func (s *solver[T, A]) positions(ph int, mask uint8) uint32 {
	o := s.c.Order
	if ph == 0 {
		o = s.c.MissileOrder
	}
	ps := uint32(posKnown)
	for j, t := range o {
		if mask&(1<<t) != 0 {
			ps |= 1 << j
		}
	}
	s.posSets[ph][mask] = ps
	return ps
}

// posKnown marks an entry of posSets as computed (activation orders have
// at most eclipse.MaxTypes positions, far below this bit).
const posKnown = 1 << 31

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

// edges returns the edge range e0..e1 of node i (once every node is
// expanded).
func (s *solver[T, A]) edges(i int32) (e0, e1 int32) {
	e0, e1 = s.nodes[i].e0, int32(len(s.prob))
	if int(i)+1 < len(s.nodes) {
		e1 = s.nodes[i+1].e0
	}
	return e0, e1
}
