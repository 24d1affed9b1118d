package dbd

import (
	"io"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/dbd/turnplan"
)

// game is one game in play: the state, the streams it draws from, the
// counters it fills, the policies of both sides and the scratch space of
// move generation and the policies. A fighter has two: the trial's game,
// and the one a rollout plays its continuations in (§14).
type game struct {
	b        *Battle
	board    *Board
	terrain  *[NumHexes]Terrain
	st       state
	dice     *rules.Rand // §15: every die, in attack order
	pol      *rules.Rand // §15: random picks, greedy noise, rollouts, random retreats
	cnt      []int64     // the outcome's counters (scratch in a rollout's game)
	log      io.Writer   // the replay's account; nil in Fight
	policies [2]PolicyKind
	sim      *game // the rollout game (nil inside it)
	search   *game // the search policy's game (nil inside it)
	// aligned, in the search's game, has every decision draw its dice and
	// policy numbers afresh from (alignSeed, player-turn, activation):
	// plans evaluated on one seed then meet the same luck wherever they
	// reach the same point of a turn (§14 search).
	aligned   bool
	alignSeed uint64
	// luck, in the search's game, is each side's luck in its attacks'
	// dice so far in the play (search.go).
	luck [2]float64
	// stop is the run's stop (rules.Stoppable), polled at each turn and
	// each rollout; nil outside a run.
	stop *rules.Stop

	// scratch of reachable (§7)
	reach []Hex
	// actsOf is each unit's last list of legal activations (moves_cache.go).
	actsOf []activationCache
	// scratch of legal (§6)
	acts    []Activation
	enemies []Hex // the enemy units' hexes, ascending
	gr      greedyScratch
	ro      rolloutScratch
	sa      turnplan.Search[Activation]
	// searchOrder is the search's scratch for ranking its catalogue.
	searchOrder []int
}

func (g *game) init(b *Battle, dice, pol *rules.Rand, cnt []int64) {
	g.b, g.board, g.terrain = b, b.board, &b.Scenario.Terrain
	g.dice, g.pol, g.cnt = dice, pol, cnt
	g.reach = make([]Hex, 0, 64)
	g.acts = make([]Activation, 0, 256)
	g.enemies = make([]Hex, 0, NumHexes)
	g.actsOf = make([]activationCache, len(b.units))
	for i := range g.actsOf {
		g.actsOf[i].acts = make([]Activation, 0, 64)
	}
	g.gr.init()
	g.sa.Init()
	g.searchOrder = make([]int, 0, 256)
}

// reset sets up the position of the scenario with side first to move
// (§5 step 1: the file's activationsLeft for the first turn, G16).
func (g *game) reset(trial int64, first Side) {
	st := &g.st
	*st = state{winner: -1}
	for i, u := range g.b.units {
		st.hp[i] = u.HP
		st.place(g.board, i, u.Side, u.Hex)
		st.alive[u.Side]++
		st.hpSum[u.Side] += int(u.HP)
	}
	if g.log != nil {
		g.header(trial, first)
	}
	// G15: a side without units at the start has lost, unless neither has
	// any (then nothing can happen until the turn cap).
	for s := range Side(2) {
		if st.alive[s] == 0 && st.alive[s.Other()] > 0 {
			g.finish(int8(s.Other()), EndAnnihilation)
			return
		}
	}
	g.beginTurn(first, g.b.Scenario.ActivationsLeft)
}

// beginTurn starts a player-turn of side s with acts activations (§5).
func (g *game) beginTurn(s Side, acts int) {
	st := &g.st
	st.side, st.acts, st.used = s, acts, 0
	st.started++
	for _, u := range g.b.bySide[s] {
		st.acted[u] = false
	}
	if g.log != nil {
		g.logTurn()
	}
}

// run plays until the game ends or limit player-turns have been completed,
// from wherever the game stands (a rollout starts mid-turn).
func (g *game) run(limit int) {
	st := &g.st
	for !st.over {
		for st.acts > 0 && !st.over {
			if g.aligned {
				g.align()
			}
			a, kind := g.choose()
			if kind == choiceEnd {
				if g.log != nil {
					g.logEndTurn()
				}
				break
			}
			st.acts--
			st.used++
			if kind == choicePass {
				if g.log != nil {
					g.logPass()
				}
				continue
			}
			g.execute(a)
		}
		if st.over {
			return
		}
		// §5 step 4: the other side takes a turn of 3 activations.
		st.turns++
		if st.turns >= limit || g.stop.Requested() {
			return
		}
		g.beginTurn(st.side.Other(), activationsPerTurn)
	}
}

// choice is what a policy decides: an activation, a pass (§14 step 3: an
// activation forfeited) or the end of the turn.
type choice uint8

const (
	choiceAct choice = iota
	choicePass
	choiceEnd
)

// choose asks the active side's policy for its next activation (§14).
func (g *game) choose() (Activation, choice) {
	switch g.policies[g.st.side] {
	case PolicyRandom:
		return g.chooseRandom()
	case PolicyRollout:
		return g.chooseRollout()
	}
	if b := g.policies[g.st.side].searchBudget(); b > 0 {
		return g.chooseSearch(b)
	}
	return g.chooseGreedy()
}

// chooseRandom picks uniformly among every legal activation of every
// eligible unit, and ends the turn only when there is none (§14 random).
func (g *game) chooseRandom() (Activation, choice) {
	g.acts = g.legal(g.acts[:0])
	if len(g.acts) == 0 {
		return Activation{}, choiceEnd
	}
	return g.acts[g.pol.IntN(len(g.acts))], choiceAct
}

// execute plays one activation (§6): the move, then the attack.
func (g *game) execute(a Activation) {
	st := &g.st
	u := int(a.Unit)
	st.acted[u] = true
	if g.log != nil {
		g.logActivation(a)
	}
	if a.To != a.From {
		sd := g.b.units[u].Side
		st.lift(g.board, u, sd)
		st.place(g.board, u, sd, a.To)
		// A unit that moves by itself no longer stands where a retreat put
		// it, nor waits to retreat after a friend's.
		st.rDepth[u], st.exposed[u] = 0, 0
	}
	if a.Attack != noAttack {
		g.attack(u, a.Target, a.Attack == rangedAttack, a.Charge)
	}
}

// finish ends the game with a winner (-1: none) and an end reason.
func (g *game) finish(winner int8, end int) {
	g.st.over, g.st.winner, g.st.end = true, winner, end
	if g.log != nil {
		g.logEnd()
	}
}

// endTurnCap ends a game that reached the turn cap (§11, G15): a draw, or
// with turn-cap-result: standards the side with more standards wins.
func (g *game) endTurnCap() {
	st := &g.st
	w := int8(-1)
	if g.b.Opt.CapByStandards {
		switch {
		case st.standards[Blue] > st.standards[Red]:
			w = int8(Blue)
		case st.standards[Red] > st.standards[Blue]:
			w = int8(Red)
		}
	}
	g.finish(w, EndTurnCap)
}
