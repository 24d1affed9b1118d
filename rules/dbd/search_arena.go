package dbd

import "github.com/crucible-sim/crucible/rules"

// The search policy's working space (§14 search): a population of turn
// plans and the catalogue of activations they are made of, both kept from
// one decision to the next, so that a search allocates nothing once its
// fighter has played its first game.

// populationSize is the number of plans the search keeps: enough to hold
// greedy's best openings and ending the turn, small enough for dozens of
// generations at the smallest budget.
const populationSize = 16

// geneKind says what a gene of a plan does with one activation.
type geneKind uint8

const (
	geneAct    geneKind = iota // play the gene's activation (repaired if the dice made it illegal)
	geneGreedy                 // let greedy choose it, as the position then stands
)

// gene is one activation of a turn plan.
type gene struct {
	kind geneKind
	a    Activation
}

// turnPlan is a genome: what to do with each activation left in the turn,
// the first of which is the decision, and the value of its evaluations.
type turnPlan struct {
	genes [activationsPerTurn]gene
	sum   float64 // of the evaluations' values
	evals int
	// sumLuck is the sum of the evaluations' luck (search_luck.go); key
	// is the mean value less the share of it luck explains, by which the
	// plans are ranked.
	sumLuck float64
	key     float64
	// first is the place of the plan's first gene in greedy's catalogue
	// (searchArena.cat): between plans of equal value, the one that opens
	// as greedy would ranks first. A search whose plays all end where
	// nothing has happened yet (the armies too far apart to meet within
	// them) so plays greedy's opening, not an opening drawn at random.
	first int
	// tie ranks plans of equal value and opening: drawn at random, so that
	// no order of the board decides between them.
	tie uint64
}

// mean is the plan's mean value (−∞ before its first evaluation).
func (p *turnPlan) mean() float64 {
	if p.evals == 0 {
		return negInf
	}
	return p.sum / float64(p.evals)
}

// rank is the plan's key (−∞ before its first evaluation).
func (p *turnPlan) rank() float64 {
	if p.evals == 0 {
		return negInf
	}
	return p.key
}

// above reports whether plan p ranks above q.
func (p *turnPlan) above(q *turnPlan) bool {
	pm, qm := p.rank(), q.rank()
	if pm != qm {
		return pm > qm
	}
	if p.first != q.first {
		return p.first < q.first
	}
	return p.tie > q.tie
}

// searchArena is the search's state: the population, the next one, the
// catalogue of the decision, and the search's own random stream.
type searchArena struct {
	pop, next []turnPlan
	// cat lists the activations of the decision's position that a plan's
	// genes draw from (greedy's candidates), best first; top is the
	// number at the head of it the mutation favours.
	cat []candidate
	top int
	// turn and side identify the turn the population was planned for:
	// the next decision of the same turn starts from the plans that
	// begin with the activation just played.
	turn    int
	side    Side
	carried bool
	played  gene // the first gene of the plan the last decision chose
	rng     rules.Rand
	order   []int
	// plays counts the decision's evaluations (its budget's use).
	plays int
	// sv, sl, svl and sll sum the decision's values v and luck l, their
	// products and the squares of the luck: the regression of value on
	// luck (luckWeight).
	sv, sl, svl, sll float64
}

func (s *searchArena) init() {
	s.pop = make([]turnPlan, 0, populationSize)
	s.next = make([]turnPlan, 0, populationSize)
	s.cat = make([]candidate, 0, 256)
	s.order = make([]int, 0, 256)
	s.turn = -1
}
