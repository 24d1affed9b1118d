// Package exact solves an EmojiSpace duel between two fixed ships
// analytically: the win, end-reason and round-count distributions and the
// distributions of the counters the chain's state determines, in floating
// point and, when asked, as exact fractions computed by the same walk over
// math/big.Rat.
//
// A duel between two fixed ships is a finite Markov chain (rules §12): its
// state is both ships' hull, subsystem degradation and repair uses spent,
// and the round number, up to the round cap. Degradation only matters
// through RED (deg ≥ capacity) and pre − deg, so it is kept saturated at the
// capacity. The policies of §18 are functions of the round and a ship's own
// state, or (the `random` rule) uniform mixtures over the available
// actions. The round number only grows, so the solver walks the chain
// forward one round at a time: the mass of every live state flows to the
// next round's states or to an end. Each round uses the pieces Monte Carlo
// uses (emojispace.EffectiveBands, EscapeFinal, ColourBand, RepairHeal,
// DamageWeights, Policy.Choose), enumerating the draws instead of drawing
// them; the scan roll and the escape roll change no state (§11, §15) and
// are not enumerated.
//
// The walk does the work of a visit once where it can: a ship state's
// moves (action, repair, bands) once per round key (turns.go), a state's
// outcomes after an attack once per band delta (outcomes.go). It numbers
// each ship's states in the order it reaches them, a small part of them
// all, and a layer (layer.go) holds a round's mass in dense vectors over
// those numbers, visited in the order the states were first reached. The
// floating-point walk's hot loop (kernel.go) is the generic walk flattened
// for float64, with its sums in another order: it sums the pairs of a
// state of ship a by ship a's outcome list before it spreads them, and it
// adds each ship's share of the counters once per outcome list, at the
// end (outList.ended). Its sums are of positive terms, so their only
// error is rounding, which depends on the order of the sums: TestPinned
// holds them within 10⁻¹² relative of the exact fractions.
//
// An NPC side is a fresh draw from the generator every trial (§19): a
// mixture over a very large set of ships, each its own chain. The solver
// does not enumerate it, and says so.
package exact

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/emojispace"
)

// ErrBudget is wrapped by Solve's error when a duel is beyond the state
// budget, or the walk beyond its budget of state-rounds, which bounds its
// time.
var ErrBudget = rules.ErrBudget

// ErrNPC is wrapped by Solve's error when a side is an NPC draw.
var ErrNPC = errors.New("an npc side is a fresh generated ship every trial (§19), a mixture over too many ships to enumerate; the exact solver needs two fixed ships (ship: a ship_state or a built-in name)")

// Options control a solve.
type Options struct {
	// Rational also computes the results as exact fractions.
	Rational bool
	// MaxVisits bounds the state-rounds the walk may visit (the sum over
	// rounds of the live states), and so its time; 0 means
	// DefaultMaxVisits.
	MaxVisits int
	// MaxRationalVisits is MaxVisits for the exact fractions; 0 means
	// DefaultMaxRationalVisits.
	MaxRationalVisits int
}

// DefaultMaxVisits is the default bound of Options.MaxVisits: about a
// second of one core (20 million state-rounds of two alien ships with
// hundreds of repair uses took 0.9 s of CPU).
const DefaultMaxVisits = 20_000_000

// DefaultMaxRationalVisits is the default bound of the exact fractions'
// walk, a state-round of which costs about a thousand times a
// floating-point one: P5 against N5b, the largest built-in duel, visits
// 168,320 in some 20 seconds.
const DefaultMaxRationalVisits = 200_000

type registered struct{}

func init() { rules.RegisterSolver("emojispace", registered{}) }

func (registered) Solve(ctx context.Context, n *doc.Node, rational bool) (*rules.Exact, error) {
	b, err := emojispace.Compile(n)
	if err != nil {
		return nil, err
	}
	return Solve(ctx, b, Options{Rational: rational})
}

// SolveWithin implements rules.WorkBounded: its unit of work is a
// state-round visited by the floating-point walk, which Exact.Work counts.
func (registered) SolveWithin(ctx context.Context, n *doc.Node, rational bool, maxWork int64) (*rules.Exact, error) {
	b, err := emojispace.Compile(n)
	if err != nil {
		return nil, err
	}
	return Solve(ctx, b, Options{Rational: rational, MaxVisits: int(min(maxWork, math.MaxInt32))})
}

func (registered) Check(n *doc.Node) error {
	b, err := emojispace.Compile(n)
	if err != nil {
		return err
	}
	_, err = newModel(b)
	return err
}

// Solve solves a compiled duel between two fixed ships. It returns ctx's
// error as soon as ctx is done.
func Solve(ctx context.Context, b *emojispace.Battle, opt Options) (*rules.Exact, error) {
	if opt.MaxVisits <= 0 {
		opt.MaxVisits = DefaultMaxVisits
	}
	if opt.MaxRationalVisits <= 0 {
		opt.MaxRationalVisits = DefaultMaxRationalVisits
	}
	m, err := newModel(b)
	if err != nil {
		return nil, err
	}
	c := newChain(m)
	fl := newWalk[float64](floats{}, c)
	if err := fl.run(ctx, opt.MaxVisits); err != nil {
		return nil, err
	}
	res := fl.result()
	res.Work = int64(fl.visits)
	if opt.Rational {
		// The walk over fractions visits the state-rounds the float walk
		// did: refuse at once what it would refuse after seconds.
		if fl.visits > opt.MaxRationalVisits {
			return nil, fmt.Errorf("exact: %w: exact fractions for this duel need %d state-rounds, more than the %d allowed for --rational; drop --rational for the floating-point solution", ErrBudget, fl.visits, opt.MaxRationalVisits)
		}
		rt := newWalk[*big.Rat](rats{}, c)
		if err := rt.run(ctx, opt.MaxRationalVisits); err != nil {
			return nil, err
		}
		rt.fractions(res)
	}
	return res, nil
}

// side is one ship as the walk sees it: its assembly, its policy and the
// radices of its state index (hull, degradation per subsystem, uses
// spent).
type side struct {
	ship   *emojispace.Ship
	policy emojispace.Policy
	rps    int
	deg0   [3]int // the starting degradation, saturated
	n      uint64 // number of states
	// The walk numbers the states it reaches in the order it first
	// reaches them, and indexes its tables and vectors by that number: a
	// duel reaches a small part of a ship's states (P5 against N5b some
	// 200 and 300 of 2640 each), so they stay small and dense.
	ids    []int32  // a state's index (encode) → its number, or -1
	states []uint32 // a number → the state's index
}

// model is the chain's static part.
type model struct {
	b     *emojispace.Battle
	sides [2]side
}

// maxSideStates bounds one ship's states (hull × degradation × repair
// uses), which size its table of state numbers.
const maxSideStates = 1 << 18

// newModel returns the static part of the chain of a duel, or the error
// that leaves it without one: an NPC side, or more states than the
// solver's tables hold.
func newModel(b *emojispace.Battle) (*model, error) {
	for s := range 2 {
		if !b.Sides[s].Fixed {
			return nil, fmt.Errorf("exact: side %s: %w; run it by Monte Carlo", [2]string{"a", "b"}[s], ErrNPC)
		}
	}
	m := &model{b: b}
	for s := range 2 {
		sh := &b.Sides[s].Ship
		sd := &m.sides[s]
		sd.ship, sd.policy = sh, b.Sides[s].Policy
		sd.rps = emojispace.RPS(sh, &b.Sides[1-s].Ship)
		n := uint64(sh.HullMax + 1)
		for k := range 3 {
			sd.deg0[k] = min(sh.Deg0[k], sh.Cap[k])
			n *= uint64(sh.Cap[k] + 1)
		}
		n *= uint64(sh.TotalUses + 1)
		if n >= maxSideStates {
			return nil, fmt.Errorf("exact: %w: side %s has %d states (hull × degradation × repair uses), more than the %d allowed for one ship", ErrBudget, [2]string{"a", "b"}[s], n, maxSideStates-1)
		}
		sd.n = n
	}
	if nA, nB := m.sides[0].n, m.sides[1].n; nA*nB > maxJoint {
		return nil, fmt.Errorf("exact: %w: %d × %d states of the two ships (hull × degradation × repair uses), more than the %d allowed", ErrBudget, nA, nB, maxJoint)
	}
	for s := range 2 {
		sd := &m.sides[s]
		sd.ids = make([]int32, sd.n)
		for i := range sd.ids {
			sd.ids[i] = -1
		}
	}
	return m, nil
}

// shipState is one ship's part of a chain state.
type shipState struct {
	hull  int
	deg   [3]int // saturated at the capacity
	spent int    // repair uses spent
}

func (sd *side) encode(x shipState) uint64 {
	sh := sd.ship
	i := uint64(x.hull)
	for k := range 3 {
		i = i*uint64(sh.Cap[k]+1) + uint64(x.deg[k])
	}
	return i*uint64(sh.TotalUses+1) + uint64(x.spent)
}

func (sd *side) decode(i uint64) shipState {
	sh := sd.ship
	var x shipState
	u := uint64(sh.TotalUses + 1)
	x.spent = int(i % u)
	i /= u
	for k := 2; k >= 0; k-- {
		c := uint64(sh.Cap[k] + 1)
		x.deg[k] = int(i % c)
		i /= c
	}
	x.hull = int(i)
	return x
}

// id returns the number of state x, numbering it if the walk has not
// reached it before.
func (sd *side) id(x shipState) uint32 {
	i := sd.encode(x)
	if k := sd.ids[i]; k >= 0 {
		return uint32(k)
	}
	k := len(sd.states)
	sd.ids[i] = int32(k)
	sd.states = append(sd.states, uint32(i))
	return uint32(k)
}

// state returns the state numbered k.
func (sd *side) state(k uint32) shipState { return sd.decode(uint64(sd.states[k])) }

// reached returns the number of states numbered.
func (sd *side) reached() int { return len(sd.states) }

// endState reads the counters of a state.
func (sd *side) endState(x shipState) endState {
	red := int32(0)
	for k := range 3 {
		if x.deg[k] >= sd.ship.Cap[k] {
			red++
		}
	}
	return endState{hull: int32(x.hull), spent: int32(x.spent), red: red}
}
