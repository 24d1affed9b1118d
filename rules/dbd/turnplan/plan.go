package turnplan

import "math"

// An Action is what a gene plays: comparable, so that plans compare gene
// by gene, and Same when two carry out the same move and attack however
// they were found (a carried plan's gene and the new catalogue's).
type Action[A any] interface {
	comparable
	Same(A) bool
}

// Genes is the genes of a plan: the activations of a turn (§6), the
// first of which is the decision.
const Genes = 3

// negInf is the mean of a plan not yet played.
var negInf = math.Inf(-1)

// GeneKind says what a gene of a plan does with one activation.
type GeneKind uint8

const (
	GeneAct    GeneKind = iota // play the gene's activation (repaired if the dice made it illegal)
	GeneGreedy                 // let greedy choose it, as the position then stands
)

// Gene is one activation of a turn plan.
type Gene[A Action[A]] struct {
	Kind GeneKind
	Act  A
}

// Plan is a genome: what to do with each activation left in the turn,
// the first of which is the decision, and the value of its evaluations.
type Plan[A Action[A]] struct {
	Genes [Genes]Gene[A]
	sum   float64 // of the evaluations' values
	evals int
	// sumLuck is the sum of the evaluations' luck (Game); key is the mean
	// value less the share of it luck explains, by which the plans are
	// ranked.
	sumLuck float64
	key     float64
	// first is the place of the plan's first gene in greedy's catalogue
	// (Search.Begin): between plans of equal value, the one that opens as
	// greedy would ranks first. A search whose plays all end where
	// nothing has happened yet (the armies too far apart to meet within
	// them) so plays greedy's opening, not an opening drawn at random.
	first int
	// tie ranks plans of equal value and opening: drawn at random, so that
	// no order of the board decides between them.
	tie uint64
}

// Evals is the number of times the plan has been played.
func (p *Plan[A]) Evals() int { return p.evals }

// Mean is the plan's mean value (−∞ before its first evaluation).
func (p *Plan[A]) Mean() float64 {
	if p.evals == 0 {
		return negInf
	}
	return p.sum / float64(p.evals)
}

// rank is the plan's key (−∞ before its first evaluation).
func (p *Plan[A]) rank() float64 {
	if p.evals == 0 {
		return negInf
	}
	return p.key
}

// Above reports whether plan p ranks above q.
func (p *Plan[A]) Above(q *Plan[A]) bool {
	pm, qm := p.rank(), q.rank()
	if pm != qm {
		return pm > qm
	}
	if p.first != q.first {
		return p.first < q.first
	}
	return p.tie > q.tie
}

// sortPlans sorts plans best first (insertion sort: a small population,
// nearly sorted after the first generation).
func sortPlans[A Action[A]](plans []Plan[A]) {
	for i := 1; i < len(plans); i++ {
		for j := i; j > 0 && plans[j].Above(&plans[j-1]); j-- {
			plans[j], plans[j-1] = plans[j-1], plans[j]
		}
	}
}
