package dbd

import "math"

// The search policy (§14 search) plans the rest of its side's turn as a
// whole, by online evolutionary planning in the manner of Justesen,
// Mahlmann, Risi and Togelius ("Playing Multi-Action Adversarial Games:
// Online Evolutionary Planning versus Tree Search", IEEE Transactions on
// Games, 2018): a genome is the turn's remaining activations, evolved by
// crossover and mutation, each valued by playing it out against the
// enemy's greedy answer (search_value.go). DBD's dice make one play of a
// plan a poor guide to its worth, so the plans are played on many draws,
// all of them on the same draws (common random numbers), and the best is
// picked by sequential halving after Karnin, Koren and Somekh ("Almost
// Optimal Exploration in Multi-Armed Bandits", ICML 2013): two short
// generations of evolution, then rounds that play the plans left on an
// equal part of the budget and keep the better half, down to two. Plans
// are ranked by their mean value less the part of it their dice's luck
// explains (search_luck.go), and between equal values greedy's opening
// ranks first. A gene the dice have made illegal is repaired or skipped.
// Only the plan's first activation is played; the next decision of the
// turn starts from the plans that began with it. The search never ends
// its turn early: when its plays see nothing happen (the armies too far
// apart), ending the turn valued as much as any move and was picked by
// the draw, wasting activations greedy spends closing in.
//
// The budget is a number of plays, not a time: the same seed plays the
// same game on any machine, however fast.

// negInf is the mean of a plan not yet played.
var negInf = math.Inf(-1)

// searchStreamWord seeds the search's stream (§15: one draw of the policy
// stream a decision).
const searchStreamWord = 0x6462642d73656172 // "dbd-sear"

const (
	// searchEvolve is the generations of evolution before the selection.
	searchEvolve = 2
	// firstDraws is the draws of the dice each plan is played on in the
	// first generation; each generation doubles them.
	firstDraws = 4
	// catalogueTop is how many of greedy's best activations a mutation
	// favours.
	catalogueTop = 8
)

// playAll plays every plan on k draws of the dice, the same for all, and
// sorts them best first; false when the run's stop is raised (the trial
// is abandoned, rules.Stoppable).
func (g *game) playAll(plans []turnPlan, k int) bool {
	sa := &g.sa
	for i := range plans {
		plans[i].first = sa.catalogueRank(plans[i].genes[0])
	}
	if g.stop.Requested() {
		sa.carried = false
		return false
	}
	for range k {
		seed := sa.rng.Uint64()
		for i := range plans {
			p := &plans[i]
			v, l := g.evaluatePlan(p, seed)
			p.sum += v
			p.sumLuck += l
			p.evals++
			sa.sv, sa.sl, sa.svl, sa.sll = sa.sv+v, sa.sl+l, sa.svl+v*l, sa.sll+l*l
		}
	}
	sa.plays += k * len(plans)
	w := sa.luckWeight()
	for i := range plans {
		p := &plans[i]
		if p.evals > 0 {
			p.key = (p.sum - w*p.sumLuck) / float64(p.evals)
		}
	}
	sortPlans(plans)
	return true
}

// chooseSearch is one decision of the search policy with a budget of
// plays (§14 search).
func (g *game) chooseSearch(budget int) (Activation, choice) {
	sa := &g.sa
	sa.rng.Seed(g.pol.Uint64(), searchStreamWord)
	sa.plays = 0
	sa.sv, sa.sl, sa.svl, sa.sll = 0, 0, 0, 0
	if len(g.searchCatalogue()) == 0 {
		sa.carried = false
		return Activation{}, choiceEnd
	}
	g.seedPopulation()
	left := budget
	// Evolution: each generation plays every plan on twice the draws of
	// the one before, all on the same draws (common random numbers), then
	// breeds the better half.
	for gen, k := 0, firstDraws; gen < searchEvolve && left >= 2*k*len(sa.pop); gen, k = gen+1, 2*k {
		if !g.playAll(sa.pop, k) {
			return Activation{}, choiceEnd
		}
		left -= k * len(sa.pop)
		g.breed()
	}
	// Selection by sequential halving: the rest of the budget in equal
	// parts to rounds that each play the plans left on the same draws and
	// keep the better half, down to two.
	rounds := 0
	for n := len(sa.pop); n > 1; n /= 2 {
		rounds++
	}
	plans := sa.pop
	for r := range rounds {
		k := max(1, left/(rounds-r)/len(plans))
		if !g.playAll(plans, k) {
			return Activation{}, choiceEnd
		}
		left -= k * len(plans)
		if r < rounds-1 {
			plans = plans[:len(plans)/2]
		}
	}
	best := g.bestPlan()
	sa.turn, sa.side, sa.carried = g.st.started, g.st.side, true
	sa.played = best.genes[0]
	return sa.played.a, choiceAct
}

// searchCatalogue fills the arena's catalogue with greedy's candidate
// activations (§14 rollout), best first; candidates greedy scores alike
// come in an order drawn from the search's stream, never §6's by hex id.
func (g *game) searchCatalogue() []candidate {
	sa := &g.sa
	cands := g.greedyCandidates()
	sa.order = rankCandidates(&sa.rng, sa.order[:0], cands)
	sa.cat = sa.cat[:0]
	for _, k := range sa.order {
		sa.cat = append(sa.cat, cands[k])
	}
	sa.top = min(catalogueTop, len(sa.cat))
	return sa.cat
}

// seedPopulation fills the population for a decision: the plans of the
// turn's last decision that began with the activation just played, moved
// on by one gene; then greedy's best activations each followed by
// greedy's play; ending the turn; then random plans.
func (g *game) seedPopulation() {
	sa := &g.sa
	sa.next = sa.next[:0]
	if sa.carried && sa.turn == g.st.started && sa.side == g.st.side {
		for i := range sa.pop {
			p := &sa.pop[i]
			if p.genes[0] != sa.played {
				continue
			}
			q := turnPlan{tie: sa.rng.Uint64()}
			copy(q.genes[:], p.genes[1:])
			q.genes[len(q.genes)-1] = gene{kind: geneGreedy}
			g.rootGene(&q.genes[0])
			if !sa.has(sa.next, &q) && len(sa.next) < populationSize/2 {
				sa.next = append(sa.next, q)
			}
		}
	}
	for i := 0; i < len(sa.cat) && len(sa.next) < populationSize-2; i++ {
		q := turnPlan{tie: sa.rng.Uint64()}
		q.genes[0] = gene{kind: geneAct, a: sa.cat[i].a}
		q.genes[1], q.genes[2] = gene{kind: geneGreedy}, gene{kind: geneGreedy}
		if !sa.has(sa.next, &q) {
			sa.next = append(sa.next, q)
		}
	}
	for tries := 0; len(sa.next) < populationSize && tries < 4*populationSize; tries++ {
		q := turnPlan{tie: sa.rng.Uint64()}
		for k := range q.genes {
			q.genes[k] = g.randomGene(k)
		}
		if !sa.has(sa.next, &q) {
			sa.next = append(sa.next, q)
		}
	}
	sa.pop, sa.next = sa.next, sa.pop
}

// rootGene makes a carried plan's first gene one the position allows: an
// activation of the new catalogue (the dice may have taken its target or
// blocked its hex), else greedy's best.
func (g *game) rootGene(gn *gene) {
	sa := &g.sa
	if gn.kind == geneAct {
		for _, c := range sa.cat {
			if sameActivation(c.a, gn.a) {
				gn.a = c.a
				return
			}
		}
	}
	*gn = gene{kind: geneAct, a: sa.cat[0].a}
}

// catalogueRank is the place of gene gn's activation in the catalogue;
// the catalogue's length for greedy's choice.
func (sa *searchArena) catalogueRank(gn gene) int {
	if gn.kind == geneAct {
		for i, c := range sa.cat {
			if sameActivation(c.a, gn.a) {
				return i
			}
		}
	}
	return len(sa.cat)
}

// sameActivation reports whether two activations move the same unit to
// the same hex and attack the same hex the same way.
func sameActivation(a, b Activation) bool {
	return a.Unit == b.Unit && a.To == b.To && a.Target == b.Target && a.Attack == b.Attack
}

// has reports whether plans holds a plan with p's genes.
func (sa *searchArena) has(plans []turnPlan, p *turnPlan) bool {
	for i := range plans {
		if plans[i].genes == p.genes {
			return true
		}
	}
	return false
}

// randomGene draws gene k of a plan: an activation of the catalogue
// (mostly one of greedy's best), or, after the first, greedy's choice.
func (g *game) randomGene(k int) gene {
	sa := &g.sa
	r := sa.rng.IntN(12)
	switch {
	case k > 0 && r < 4:
		return gene{kind: geneGreedy}
	case r < 8:
		return gene{kind: geneAct, a: sa.cat[sa.rng.IntN(sa.top)].a}
	}
	return gene{kind: geneAct, a: sa.cat[sa.rng.IntN(len(sa.cat))].a}
}

// breed replaces the worse half of the sorted population with children of
// the better half: each gene from either parent, then one gene mutated,
// and drawn again while the child repeats a plan of the population.
func (g *game) breed() {
	sa := &g.sa
	keep := len(sa.pop) / 2
	for i := keep; i < len(sa.pop); i++ {
		a, b := &sa.pop[sa.rng.IntN(keep)], &sa.pop[sa.rng.IntN(keep)]
		child := turnPlan{tie: sa.rng.Uint64()}
		for k := range child.genes {
			child.genes[k] = a.genes[k]
			if sa.rng.IntN(2) == 0 {
				child.genes[k] = b.genes[k]
			}
		}
		for tries := 0; tries < 4; tries++ {
			k := sa.rng.IntN(len(child.genes))
			child.genes[k] = g.randomGene(k)
			if !sa.has(sa.pop[:i], &child) {
				break
			}
		}
		sa.pop[i] = child
	}
}

// sortPlans sorts plans best first (insertion sort: a small population,
// nearly sorted after the first generation).
func sortPlans(plans []turnPlan) {
	for i := 1; i < len(plans); i++ {
		for j := i; j > 0 && plans[j].above(&plans[j-1]); j-- {
			plans[j], plans[j-1] = plans[j-1], plans[j]
		}
	}
}

// bestPlan returns the best plan of the sorted population: every plan
// has been played on the draws of at least the last generation.
func (g *game) bestPlan() *turnPlan { return &g.sa.pop[0] }
