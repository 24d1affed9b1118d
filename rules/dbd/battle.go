package dbd

import (
	"fmt"
	"io"
	"strings"

	"github.com/crucible-sim/crucible/rules"
)

// End reasons (§16), in Spec order.
const (
	EndStandards = iota
	EndAnnihilation
	EndTurnCap
)

// EndNames are the end reasons in Spec order.
var EndNames = []string{"standards", "annihilation", "turn-cap"}

// activationsPerTurn is the baseline tempo (§5 step 4).
const activationsPerTurn = 3

// Battle is a compiled scenario: the board, terrain and units, the options
// and the policies. It is immutable after Compile.
type Battle struct {
	Scenario *Scenario
	Opt      Options
	Policies [2]PolicyKind
	board    *Board
	units    []Unit
	// bySide lists each side's units in scenario order (§6's enumeration
	// order).
	bySide [2][]uint8
	spec   rules.Spec
	c      counterIndex
	// mirrorText is Mirror(): how RED's army mirrors BLUE's, or "".
	mirrorText string
	// enter is the hexes each move cost enters (reachable).
	enter *[3]hexSet
	// threat tables the enemies' dice at the hexes around them
	// (greedy_threat.go).
	threat *threatTable
	// radius is, for each unit, the distance within which each side's
	// hexes matter to its legal activations: its Move for its own side,
	// its activation radius for the enemy's (moves_cache.go).
	radius [][2]uint8
}

func newBattle(sc *Scenario, opt Options, policies [2]PolicyKind, settings rules.Settings) *Battle {
	b := &Battle{Scenario: sc, Opt: opt, Policies: policies, board: sc.Board, units: sc.Units}
	for i, u := range sc.Units {
		b.bySide[u.Side] = append(b.bySide[u.Side], uint8(i))
		var r [2]uint8
		r[u.Side], r[u.Side.Other()] = stats[u.Type].Move, uint8(activationRadius(u.Type))
		b.radius = append(b.radius, r)
	}
	var cs rules.Counters
	b.c.declare(&cs)
	opts := append(rules.Settings{}, settings...)
	opts = append(opts, rules.Setting{Name: "policies.blue", Value: policies[Blue].String()},
		rules.Setting{Name: "policies.red", Value: policies[Red].String()})
	b.spec = rules.Spec{
		Ends: EndNames, Counters: cs.List(), Options: opts, RoundsUnit: "rounds",
		Sides: [2]string{b.sideText(Blue), b.sideText(Red)}, Labels: sideNames,
	}
	b.spec.Board = b.boardSpec()
	b.mirrorText = b.mirror()
	b.enter = newEnter(&sc.Terrain)
	b.threat = newThreatTable(sc.Board, &sc.Terrain)
	return b
}

// sideText says what a side is: "BLUE: 5 INF, 2 CAV, 1 SKR, 1 ARC, 1 GEN (34 HP)".
func (b *Battle) sideText(s Side) string {
	var n [len(typeNames)]int
	hp := 0
	for _, i := range b.bySide[s] {
		n[b.units[i].Type]++
		hp += int(b.units[i].HP)
	}
	var parts []string
	for t, k := range n {
		if k > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", k, typeNames[t]))
		}
	}
	if len(parts) == 0 {
		return s.String() + ": no units"
	}
	return fmt.Sprintf("%s: %s (%d HP)", s, strings.Join(parts, ", "), hp)
}

// Spec implements rules.Battle.
func (b *Battle) Spec() rules.Spec { return b.spec }

// NewFighter implements rules.Battle.
func (b *Battle) NewFighter() rules.Fighter { return newFighter(b) }

// Stream words (§15): the dice and policy streams are PCGs seeded from one
// value drawn from the trial stream each and a fixed second word.
const (
	diceStreamWord    = 0x6462642d64696365 // "dbd-dice"
	policyStreamWord  = 0x6462642d706f6c69 // "dbd-poli"
	rolloutStreamWord = 0x6462642d726f6c6c // "dbd-roll"
)

// fighter plays the trials of one worker.
type fighter struct {
	b    *Battle
	dice rules.Rand
	pol  rules.Rand
	g    game
	// sim is the game a rollout plays its continuations in (§14), with its
	// own stream and scratch counters.
	sim     game
	simRand rules.Rand
	// search is the game the search policy evaluates its plans in (§14
	// search), with a dice and a policy stream of its own.
	search                game
	searchDice, searchPol rules.Rand
}

func newFighter(b *Battle) *fighter {
	f := &fighter{b: b}
	f.g.init(b, &f.dice, &f.pol, make([]int64, len(b.spec.Counters)))
	f.g.policies = b.Policies
	f.g.sim = &f.sim
	f.sim.init(b, &f.simRand, &f.simRand, make([]int64, len(b.spec.Counters)))
	f.sim.policies = [2]PolicyKind{PolicyGreedy, PolicyGreedy}
	f.g.search = &f.search
	f.search.init(b, &f.searchDice, &f.searchPol, make([]int64, len(b.spec.Counters)))
	f.search.policies = [2]PolicyKind{PolicyGreedy, PolicyGreedy}
	f.search.aligned = true
	return f
}

// SetStop implements rules.Stoppable: a game with rollout players takes
// up to 33 s (option rollout 32,64,20), and a long turn cap lets even
// greedy play long, so both games poll the stop at each turn and the
// rollout policy before each continuation.
func (f *fighter) SetStop(s *rules.Stop) { f.g.stop, f.sim.stop, f.search.stop = s, s, s }

// Fight implements rules.Fighter.
func (f *fighter) Fight(i int64, r *rules.Rand, o *rules.Outcome) { f.play(i, r, o, nil) }

// Replay implements rules.Fighter.
func (f *fighter) Replay(i int64, r *rules.Rand, o *rules.Outcome, w io.Writer) { f.play(i, r, o, w) }

// firstSide returns the side that takes the first turn of trial i (§5 step
// 1, G16): with first-side: alternate, the scenario's side on even trials
// and the other on odd ones.
func (b *Battle) firstSide(i int64) Side {
	switch b.Opt.FirstSide {
	case firstBlue:
		return Blue
	case firstRed:
		return Red
	case firstAlternate:
		if i%2 != 0 {
			return b.Scenario.TurnSide.Other()
		}
	}
	return b.Scenario.TurnSide
}

func (f *fighter) play(i int64, r *rules.Rand, o *rules.Outcome, w io.Writer) {
	// §15: two draws from the trial stream seed the dice and policy streams.
	f.dice.Seed(r.Uint64(), diceStreamWord)
	f.pol.Seed(r.Uint64(), policyStreamWord)
	g := &f.g
	g.cnt = o.Counters
	g.log = w
	first := f.b.firstSide(i)
	g.reset(i, first)
	g.run(2 * f.b.Opt.TurnCap)
	if !g.st.over {
		g.endTurnCap()
	}
	if w != nil {
		g.footer()
	}
	f.b.outcome(&g.st, first, o)
	g.log = nil
}

// outcome fills o from the final state (§16).
func (b *Battle) outcome(st *state, first Side, o *rules.Outcome) {
	o.End = st.end
	o.Winner = rules.None
	if st.winner >= 0 {
		o.Winner = rules.Side(st.winner + 1)
	}
	// Rounds: full rounds played, player-turns started (the one in
	// progress included) halved and rounded up (§16).
	o.Rounds = int64(st.started+1) / 2
	c := &b.c
	for s := range 2 {
		o.Counters[c.standards[s]] = int64(st.standards[s])
	}
	if first == Blue {
		o.Counters[c.movedFirst] = 1
	}
	switch {
	case st.winner < 0:
	case Side(st.winner) == first:
		o.Counters[c.firstWon] = 1
		o.Counters[c.firstEdge] = 1
	default:
		o.Counters[c.secondWon] = 1
		o.Counters[c.firstEdge] = -1
	}
	o.Counters[c.cascade] = int64(st.cascade)
}
