package dbd

import (
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/dbd/turnplan"
)

// The search policy (§14 search) as the game plays it: package turnplan
// plans the turn; a decision's catalogue is greedy's candidates, and a plan
// is played out in the search's own game and valued less its dice's luck.

// A plan's genes are the activations of a turn: this does not compile
// when the two counts differ.
const _ = uint(turnplan.Genes-activationsPerTurn) + uint(activationsPerTurn-turnplan.Genes)

// chooseSearch is one decision of the search policy with a budget of
// plays (§14 search). One draw of the policy stream seeds the search's
// stream.
func (g *game) chooseSearch(budget int) (Activation, choice) {
	r, cat := g.sa.Begin(g.pol.Uint64())
	cat = g.searchCatalogue(r, cat)
	turn := turnplan.Turn{Started: g.st.started, Side: int(g.st.side)}
	if a, ok := g.sa.Decide(cat, budget, turn, g.evaluatePlan, g.stop); ok {
		return a, choiceAct
	}
	return Activation{}, choiceEnd
}

// searchCatalogue appends to cat greedy's candidate activations (§14
// rollout), best first; candidates greedy scores alike come in an order
// drawn from r, the search's stream, never §6's by hex id.
func (g *game) searchCatalogue(r *rules.Rand, cat []Activation) []Activation {
	cands := g.greedyCandidates()
	g.searchOrder = rankCandidates(r, g.searchOrder[:0], cands)
	for _, k := range g.searchOrder {
		cat = append(cat, cands[k].a)
	}
	return cat
}

// Same reports whether two activations move the same unit to the same
// hex and attack the same hex the same way (turnplan.Action).
func (a Activation) Same(b Activation) bool {
	return a.Unit == b.Unit && a.To == b.To && a.Target == b.Target && a.Attack == b.Attack
}

// The second seed words of a play's dice and policy streams, mixed with
// the point of the game each decision of the play is at.
const (
	searchEvalWord   = 0x6462642d6576616c // "dbd-eval"
	searchPolicyWord = 0x6462642d706c616e // "dbd-plan"
)

// searchHorizon is the player-turns a play goes on after the planning
// side's own, each played by greedy: the opponent's answer, then the
// side's turn and the opponent's three times more. The play ends with the
// opponent having moved last, so a plan that walks into the enemy's reach
// without striking pays for it (valued only after the side's own turn, a
// play counts on strikes the enemy forestalls). Longer plays see what a
// plan sets up beyond the turn it is played: against greedy on
// cavalry_hammer (crucible ladder, side-swapped pairs won outright)
// search:1k won 16 of 30 with one player-turn and 72 of 100 with three at
// seed 29 (in earlier forms of the search); with five, valued at the last
// two positions, 231 of 300 at seeds 29, 31 and 37; with seven, 246 of the
// same 300 (and 106 of 120 development pairs against five's 97), each
// decision costing 1.19 times five's instructions (bench/dbd-ladder.txt,
// bench/dbd-search.txt). Valued at the enemy's last turn alone, the search
// lost the games it moved second in far more than those it moved first
// (16 of 21 lost games on development pairs): it stepped into reach of the
// enemy's charges, which strike before it can; the value also reads the
// position after the side's own last turn (evaluatePlan).
const searchHorizon = 7

// evaluatePlan plays plan p from the current position on the dice and
// greedy play of seed, and returns the value of the play for the side to
// move and that side's luck in the play less the enemy's.
//
// The value is the mean of the values of the last two positions of the
// play: after the side's own last turn and after the enemy's answer to
// it, and the luck the mean of the luck at each. Either alone misreads
// whichever side struck last: the first counts on strikes the enemy may
// return, the second on the enemy's strikes the side may return; at the
// cost of one value more a play, the mean reads both halfway.
func (g *game) evaluatePlan(p *turnplan.Plan[Activation], seed uint64) (value, luck float64) {
	sim := g.search
	me := g.st.side
	sim.st = g.st
	sim.alignSeed = seed
	sim.luck = [2]float64{}
	g.playGenes(p, sim)
	limit := min(g.st.turns+1+searchHorizon, 2*g.b.Opt.TurnCap)
	if !sim.st.over {
		sim.st.acts = 0
		sim.run(limit - 1)
	}
	v0, l0 := g.searchValue(&sim.st, me), sim.luck[me]-sim.luck[me.Other()]
	if !sim.st.over && sim.st.turns < limit {
		sim.beginTurn(sim.st.side.Other(), activationsPerTurn)
		sim.run(limit)
	}
	v1, l1 := g.searchValue(&sim.st, me), sim.luck[me]-sim.luck[me.Other()]
	return (v0 + v1) / 2, (l0 + l1) / 2
}

// playGenes plays the plan's genes in sim, one an activation left, until
// greedy ends the turn or the game ends. A gene the dice have made illegal is
// repaired (repairGene) or, failing that, skipped without spending its
// activation.
func (g *game) playGenes(p *turnplan.Plan[Activation], sim *game) {
	for k := 0; k < g.st.acts && !sim.st.over; k++ {
		sim.align()
		gn := p.Genes[k]
		var a Activation
		switch gn.Kind {
		case turnplan.GeneGreedy:
			var kind choice
			if a, kind = sim.chooseGreedy(); kind == choiceEnd {
				return
			} else if kind == choicePass {
				sim.st.acts--
				sim.st.used++
				continue
			}
		case turnplan.GeneAct:
			var ok bool
			if a, ok = sim.repairGene(gn.Act); !ok {
				continue
			}
		}
		sim.st.acts--
		sim.st.used++
		sim.execute(a)
	}
}

// repairGene returns the legal activation that carries out want as the
// position now stands: want itself; else, when its target is gone or out
// of reach, the same move without the attack; else nothing (the unit is
// dead, has acted, or its hex is taken).
func (g *game) repairGene(want Activation) (Activation, bool) {
	u := int(want.Unit)
	if !g.eligible(u) || g.st.hex[u] != want.From {
		return want, false
	}
	g.sortEnemies(g.st.side)
	g.gr.buf = g.cachedActivations(u, g.gr.buf[:0])
	move := -1
	for i, a := range g.gr.buf {
		if a.To != want.To {
			continue
		}
		if a.Target == want.Target && a.Attack == want.Attack {
			return a, true
		}
		if a.Attack == noAttack {
			move = i
		}
	}
	if move < 0 {
		return want, false
	}
	return g.gr.buf[move], true
}

// searchValue values a position for side me, as the rollout policy does
// (§14): 100 for a win (−100 for a loss), 10 per standard ahead and 1 per
// HP ahead. A game the horizon carried to the turn cap is valued as the
// cap scores it (G15): a draw is worth nothing, whatever the material.
func (g *game) searchValue(st *state, me Side) float64 {
	them := me.Other()
	if !st.over && st.turns >= 2*g.b.Opt.TurnCap {
		switch {
		case !g.b.Opt.CapByStandards || st.standards[me] == st.standards[them]:
			return 0
		case st.standards[me] > st.standards[them]:
			return 100
		}
		return -100
	}
	return float64(st.value(me))
}

// align seeds the dice and policy streams of the search's game for the
// decision at hand from its seed and the point of the game: the player-turn
// and the activations spent in it.
func (g *game) align() {
	at := uint64(g.st.started)<<8 | uint64(g.st.used)
	g.dice.Seed(g.alignSeed, at^searchEvalWord)
	g.pol.Seed(g.alignSeed, at^searchPolicyWord)
}

// The search's luck (§14 search): a play's value swings with its dice far
// more than plans differ, and playing two plans on one seed does little to
// cancel the swing, since different plans spend the same dice on different
// attacks. So each attack of a play notes how much better its dice did for
// the attacker than they do on average, in the value's units: the HP taken
// beyond the mean HP such an attack takes, and 10 per standard beyond the
// chance it destroys the defender. Its mean is zero whatever the plan, so
// a plan's mean value less a multiple of its mean luck is still an
// estimate of its worth (a control variate), with less of the dice in it.

// maxLuckDice bounds the dice and HP of the luck tables; an attack with
// more is read at the bound.
const maxLuckDice = 16

// luckTable holds, for n dice of which each hits with chance 1/3 (§8: 5–6
// of a die) and a defender of h HP, the mean HP taken, E[min(X, h)], and
// the chance of destroying it, P(X ≥ h).
type luckTable struct {
	meanTaken [maxLuckDice + 1][maxLuckDice + 1]float64
	pDestroy  [maxLuckDice + 1][maxLuckDice + 1]float64
}

var luck = newLuckTable()

func newLuckTable() *luckTable {
	t := &luckTable{}
	for n := 0; n <= maxLuckDice; n++ {
		pmf := binomialThirds(n)
		for h := 0; h <= maxLuckDice; h++ {
			for x, px := range pmf {
				t.meanTaken[n][h] += px * float64(min(x, h))
				if x >= h {
					t.pDestroy[n][h] += px
				}
			}
		}
	}
	return t
}

// binomialThirds returns the distribution of the hits of n dice, each a
// hit with chance 1/3.
func binomialThirds(n int) []float64 {
	pmf := make([]float64, n+1)
	pmf[0] = 1
	for k := 1; k <= n; k++ {
		for x := k; x >= 0; x-- {
			pmf[x] *= 2.0 / 3
			if x > 0 {
				pmf[x] += pmf[x-1] / 3
			}
		}
	}
	return pmf
}

// noteLuck adds to side by's luck that of an attack of n dice that hit
// hits times a defender of type t with hp HP.
func (g *game) noteLuck(by Side, n, hits, hp int, t UnitType) {
	n, hp = min(n, maxLuckDice), min(hp, maxLuckDice)
	std := standardsFor(t)
	worth := float64(10 * std)
	if g.st.standards[by]+std >= g.b.Scenario.StandardsToWin || g.st.alive[by.Other()] == 1 {
		worth += 100 // destroying it wins the game (§11)
	}
	l := float64(min(hits, hp)) - luck.meanTaken[n][hp]
	if hits >= hp {
		l += worth
	}
	g.luck[by] += l - worth*luck.pDestroy[n][hp]
}
