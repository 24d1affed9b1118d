package turnplan

import "github.com/crucible-sim/crucible/rules"

// streamWord seeds the search's stream (§15: one draw of the policy
// stream a decision).
const streamWord = 0x6462642d73656172 // "dbd-sear"

const (
	// evolve is the generations of evolution before the selection.
	evolve = 2
	// firstDraws is the draws of the dice each plan is played on in the
	// first generation; each generation doubles them.
	firstDraws = 4
)

// Evaluate plays plan p from the position of the decision on the draws of
// seed, and returns the value of the play for the side to move and that
// side's luck in the play less the enemy's: how much better its dice did
// than they do on average, in the value's units, so that its mean is zero
// whatever the plan (a control variate).
type Evaluate[A Action[A]] func(p *Plan[A], seed uint64) (value, luck float64)

// Begin starts a decision whose stream is seeded from seed. It returns
// the stream, from which the catalogue's order may draw, and the
// catalogue emptied, to be filled best first and handed to Decide.
func (s *Search[A]) Begin(seed uint64) (*rules.Rand, []A) {
	s.rng.Seed(seed, streamWord)
	s.plays = 0
	s.sv, s.sl, s.svl, s.sll = 0, 0, 0, 0
	return &s.rng, s.cat[:0]
}

// Decide is one decision of turn with a budget of plays of evaluate, on
// the catalogue cat that Begin handed out, filled: the first activation
// of the best plan, or false when the catalogue is empty or the run's
// stop is raised (the trial is abandoned, rules.Stoppable).
func (s *Search[A]) Decide(cat []A, budget int, turn Turn, evaluate Evaluate[A], stop *rules.Stop) (A, bool) {
	var none A
	s.cat = cat
	s.top = min(catalogueTop, len(s.cat))
	if len(s.cat) == 0 {
		s.carried = false
		return none, false
	}
	s.seedPopulation(turn)
	left := budget
	// Evolution: each generation plays every plan on twice the draws of
	// the one before, all on the same draws (common random numbers), then
	// breeds the better half.
	for gen, k := 0, firstDraws; gen < evolve && left >= 2*k*len(s.pop); gen, k = gen+1, 2*k {
		if !s.playAll(s.pop, k, evaluate, stop) {
			return none, false
		}
		left -= k * len(s.pop)
		s.breed()
	}
	// Selection by sequential halving: the rest of the budget in equal
	// parts to rounds that each play the plans left on the same draws and
	// keep the better half, down to two.
	rounds := 0
	for n := len(s.pop); n > 1; n /= 2 {
		rounds++
	}
	plans := s.pop
	for r := range rounds {
		k := max(1, left/(rounds-r)/len(plans))
		if !s.playAll(plans, k, evaluate, stop) {
			return none, false
		}
		left -= k * len(plans)
		if r < rounds-1 {
			plans = plans[:len(plans)/2]
		}
	}
	best := &s.pop[0] // every plan has been played on the draws of at least the last generation
	s.turn, s.carried = turn, true
	s.played = best.Genes[0]
	return s.played.Act, true
}

// playAll plays every plan on k draws of the dice, the same for all, and
// sorts them best first; false when the run's stop is raised.
func (s *Search[A]) playAll(plans []Plan[A], k int, evaluate Evaluate[A], stop *rules.Stop) bool {
	for i := range plans {
		plans[i].first = s.catalogueRank(plans[i].Genes[0])
	}
	if stop.Requested() {
		s.carried = false
		return false
	}
	for range k {
		seed := s.rng.Uint64()
		for i := range plans {
			p := &plans[i]
			v, l := evaluate(p, seed)
			p.sum += v
			p.sumLuck += l
			p.evals++
			s.sv, s.sl, s.svl, s.sll = s.sv+v, s.sl+l, s.svl+v*l, s.sll+l*l
		}
	}
	s.plays += k * len(plans)
	w := s.luckWeight()
	for i := range plans {
		p := &plans[i]
		if p.evals > 0 {
			p.key = (p.sum - w*p.sumLuck) / float64(p.evals)
		}
	}
	sortPlans(plans)
	return true
}

// luckWeight is the multiple of a plan's mean luck taken off its mean
// value: the regression of the decision's values on their luck so far,
// kept between 0 and 2 (a weight the few plays of a decision's start
// could throw far off).
func (s *Search[A]) luckWeight() float64 {
	n := float64(s.plays)
	if n < 2 {
		return 0
	}
	vl := s.svl - s.sv*s.sl/n
	ll := s.sll - s.sl*s.sl/n
	if ll <= 0 {
		return 0
	}
	return min(max(vl/ll, 0), 2)
}
