package ladder

import (
	"fmt"
	"io"

	"github.com/crucible-sim/crucible/rules"
)

// pairBattle fights trial i as a side-swapped pair: the upper rung as
// side a against the lower as side b (game one), then the lower as side a
// against the upper as side b (game two), both from the same random
// stream — game two from a copy of it taken before game one's first draw
// — so that the pair differs by who plays which side and not by luck
// (common random numbers). It reports, for sim to tally:
//
//   - the upper rung's points from the pair, as one of the counters
//     "points.K" (K = 2·points, 0 to 4);
//   - the end reasons of both games, as the end "<one's>|<two's>" (index
//     one's·k + two's);
//   - the rounds of both games together.
type pairBattle struct {
	one, two rules.Battle
	k        int // end reasons of a game
	spec     rules.Spec
}

func newPairBattle(one, two rules.Battle) *pairBattle {
	ends := one.Spec().Ends
	p := &pairBattle{one: one, two: two, k: len(ends)}
	var cs rules.Counters
	for k := range len(Penta{}) {
		cs.Add(fmt.Sprintf("points.%d", k), fmt.Sprintf("pairs in which the upper rung took %g points", float64(k)/2))
	}
	for _, e1 := range ends {
		for _, e2 := range ends {
			p.spec.Ends = append(p.spec.Ends, e1+"|"+e2)
		}
	}
	p.spec.Counters = cs.List()
	p.spec.RoundsUnit = one.Spec().RoundsUnit
	return p
}

func (p *pairBattle) Spec() rules.Spec { return p.spec }

func (p *pairBattle) NewFighter() rules.Fighter {
	return &pairFighter{
		p: p, one: p.one.NewFighter(), two: p.two.NewFighter(),
		o1: rules.Outcome{Counters: make([]int64, len(p.one.Spec().Counters))},
		o2: rules.Outcome{Counters: make([]int64, len(p.two.Spec().Counters))},
	}
}

// pairFighter keeps the stream's copy and both outcomes in itself, so
// that a pair allocates nothing.
type pairFighter struct {
	p        *pairBattle
	one, two rules.Fighter
	r2       rules.Rand
	o1, o2   rules.Outcome
}

func (f *pairFighter) Fight(i int64, r *rules.Rand, o *rules.Outcome) {
	f.r2 = *r
	f.o1.Reset()
	f.one.Fight(i, r, &f.o1)
	f.o2.Reset()
	f.two.Fight(i, &f.r2, &f.o2)
	f.join(o)
}

// Replay writes the account of both games of pair i.
func (f *pairFighter) Replay(i int64, r *rules.Rand, o *rules.Outcome, w io.Writer) {
	f.r2 = *r
	fmt.Fprintln(w, "game one (the upper rung as side a):")
	f.o1.Reset()
	f.one.Replay(i, r, &f.o1, w)
	fmt.Fprintln(w, "game two (the upper rung as side b):")
	f.o2.Reset()
	f.two.Replay(i, &f.r2, &f.o2, w)
	f.join(o)
}

// SetStop implements rules.Stoppable, passing the run's stop on to the
// games' fighters that take one, so that an interrupt stops a pair of
// slow players within a second.
func (f *pairFighter) SetStop(s *rules.Stop) {
	for _, g := range [2]rules.Fighter{f.one, f.two} {
		if g, ok := g.(rules.Stoppable); ok {
			g.SetStop(s)
		}
	}
}

// join reports the pair's outcome. Its winner is none: the points are in
// the counters.
func (f *pairFighter) join(o *rules.Outcome) {
	o.Winner = rules.None
	o.End = f.o1.End*f.p.k + f.o2.End
	o.Rounds = f.o1.Rounds + f.o2.Rounds
	o.Counters[halfPoints(f.o1.Winner, rules.A)+halfPoints(f.o2.Winner, rules.B)] = 1
}

// halfPoints returns the half points side me took from a game won by w: 2
// for a win, 1 for a draw, 0 for a loss.
func halfPoints(w, me rules.Side) int {
	switch w {
	case me:
		return 2
	case rules.None:
		return 1
	}
	return 0
}
