package dbd

import (
	"math"

	"github.com/crucible-sim/crucible/rules"
)

// rolloutScratch is the rollout policy's working space.
type rolloutScratch struct {
	order []int // candidate indexes by score
}

// greedyCandidates lists the activations the greedy policy weighs for the
// active side (§14 steps 1, 2 and 4), each with its noise-free score plus
// the profile's bias: the attacks without moving that meet their
// threshold, and every move (a general's only when its score is ≥ 0) with
// the attack greedy would make after it.
func (g *game) greedyCandidates() []candidate {
	gr, p := &g.gr, g.b.Opt.Profile
	s := g.st.side
	g.prepareGreedy(s)
	gr.cands = gr.cands[:0]
	for _, uu := range g.b.bySide[s] {
		u := int(uu)
		if !g.eligible(u) {
			continue
		}
		gr.buf = g.cachedActivations(u, gr.buf[:0])
		g.findFreed(u)
		m := g.mover(u)
		buf := gr.buf
		for i := 0; i < len(buf); {
			a := buf[i]
			if a.To == a.From {
				if sc := g.attackScore(a); g.passes(u, sc) {
					gr.cands = append(gr.cands, candidate{a, sc + p.AttackBias})
				}
				i++
				continue
			}
			j := i + 1
			best, has := math.Inf(-1), false
			for ; j < len(buf) && buf[j].To == a.To; j++ {
				if sc := g.attackScore(buf[j]); sc > best {
					best, has = sc, true
				}
			}
			if sc := g.moveScore(&m, a.To, has, best); !(m.gen && sc < 0) {
				gr.cands = append(gr.cands, candidate{g.attackAfterMove(a, buf[i+1:j], false), sc + p.MoveBias})
			}
			i = j
		}
	}
	return gr.cands
}

// chooseRollout is one decision of the rollout policy (§14): the K
// activations with the highest noise-free greedy scores, and ending the
// turn, are each played on from R copies of the game with greedy on both
// sides for H full rounds beyond this turn (or to the end of the game);
// the candidate with the best mean value is chosen, ties in greedy order,
// and candidates greedy scores alike in an order drawn at random.
//
// One draw of the policy stream seeds the decision's rollout stream;
// continuation r of every candidate starts from the same seed words, so
// the candidates are compared on common random numbers.
//
// At the largest option rollout a decision plays tens of thousands of
// rounds (about 90 ms; 33 s a trial), so it polls the run's stop before
// each continuation, as the rollout game's turns do, and ends the turn
// once the stop is raised: the trial is then abandoned (rules.Stoppable).
func (g *game) chooseRollout() (Activation, choice) {
	cands := g.greedyCandidates()
	seed := g.pol.Uint64()
	ro := &g.ro
	ro.order = rankCandidates(g.pol, ro.order[:0], cands)
	k := min(g.b.Opt.Rollout.K, len(ro.order))
	best, bestValue := -1, math.Inf(-1) // -1: end the turn
	for c := -1; c < k; c++ {
		if g.stop.Requested() {
			return Activation{}, choiceEnd // the trial is abandoned (rules.Stoppable)
		}
		// The end of the turn is scored first but ranks after every
		// activation on a tie.
		v := g.rolloutValue(c, seed)
		if c == -1 || v > bestValue || v == bestValue && best == -1 {
			best, bestValue = c, v
		}
	}
	if best < 0 {
		return Activation{}, choiceEnd
	}
	return cands[ro.order[best]].a, choiceAct
}

// rankCandidates appends the indexes of cands to order, highest score
// first, equal scores in an order drawn from r: §6's order runs by hex id,
// from RED's home row to BLUE's, so a tie broken by it would favour one
// colour (issue 29).
func rankCandidates(r *rules.Rand, order []int, cands []candidate) []int {
	order = shuffledOrder(r, order, len(cands))
	// Stable insertion sort: equal scores keep the shuffled order.
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && cands[order[j]].score > cands[order[j-1]].score; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	return order
}

// shuffledOrder appends 0..n-1 to buf in an even random order drawn from r
// (Fisher–Yates): a tie among candidates is then broken at random, the
// same seen from either side of the board.
func shuffledOrder(r *rules.Rand, buf []int, n int) []int {
	for i := range n {
		buf = append(buf, i)
	}
	for i := n - 1; i > 0; i-- {
		j := r.IntN(i + 1)
		buf[i], buf[j] = buf[j], buf[i]
	}
	return buf
}

// rolloutValue is the mean value (state.value) for the active side of
// playing candidate c of the ranked list (-1: ending the turn) and
// continuing with greedy (§14).
func (g *game) rolloutValue(c int, seed uint64) float64 {
	me := g.st.side
	sim := g.sim
	params := g.b.Opt.Rollout
	limit := min(g.st.turns+1+2*params.H, 2*g.b.Opt.TurnCap)
	total := 0
	for r := range params.R {
		if g.stop.Requested() {
			break // the trial is abandoned (rules.Stoppable)
		}
		sim.st = g.st
		sim.dice.Seed(seed+uint64(r)*0x9e3779b97f4a7c15, rolloutStreamWord)
		if c < 0 {
			sim.st.acts = 0
		} else {
			a := g.gr.cands[g.ro.order[c]].a
			sim.st.acts--
			sim.st.used++
			sim.execute(a)
		}
		sim.run(limit)
		total += sim.st.value(me)
	}
	return float64(total) / float64(params.R)
}

// value is the value of a position for side me (§14 rollout): 100 for a
// win (−100 for a loss) + 10 per standard ahead + 1 per HP ahead.
func (st *state) value(me Side) int {
	v := 10*(st.standards[me]-st.standards[me.Other()]) + st.hpSum[me] - st.hpSum[me.Other()]
	if st.over && st.winner >= 0 {
		if Side(st.winner) == me {
			v += 100
		} else {
			v -= 100
		}
	}
	return v
}
