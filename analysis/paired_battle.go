package analysis

import (
	"fmt"
	"io"

	"github.com/crucible-sim/crucible/rules"
)

// pairedBattle fights trial i of two variants from one stream: variant A
// from the stream sim hands it and variant B from a copy of that stream
// taken before A's first draw, so that both see the same random numbers.
// It reports what only the pair knows, so that sim tallies it like any
// battle (with its determinism, workers, chunks and cancellation):
//
//   - the 3×3 table of winners, in the counters "winners.<A's>.<B's>";
//   - the k×k table of end reasons, as the end "<A's>|<B's>" (index
//     A's·k + B's);
//   - |B's rounds − A's rounds| as the rounds, whose exact 128-bit sum of
//     squares gives Σd² for the paired variance of rounds;
//   - B's value minus A's of every counter both variants report, in the
//     counters "diff.<name>", whose sums and sums of squares give the
//     paired mean and variance of each counter's difference.
//
// A's and B's own rounds come from their own passes (see compare.Run):
// sim's counters hold per-trial values below 2^31, which a lifetime in
// seconds passes, while its round histogram holds any int64 exactly.
type pairedBattle struct {
	a, b rules.Battle
	k    int // end reasons per variant
	// diffs holds, for each counter both variants report (in A's order),
	// its index in A's and in B's counters; names their names.
	diffs [][2]int
	names []string
	spec  rules.Spec
}

func NewPairedBattle(a, b rules.Battle) *pairedBattle {
	ends := a.Spec().Ends
	p := &pairedBattle{a: a, b: b, k: len(ends)}
	var cs rules.Counters
	for _, wa := range Winners {
		for _, wb := range Winners {
			cs.Add(WinnersCounter(wa, wb), fmt.Sprintf("trials won by %s under A and by %s under B", wa, wb))
		}
	}
	for _, ea := range ends {
		for _, eb := range ends {
			p.spec.Ends = append(p.spec.Ends, ea+"|"+eb)
		}
	}
	for ia, c := range a.Spec().Counters {
		if ib := b.Spec().CounterIndex(c.Name); ib >= 0 {
			cs.Add("diff."+c.Name, "B's "+c.Name+" minus A's")
			p.diffs, p.names = append(p.diffs, [2]int{ia, ib}), append(p.names, c.Name)
		}
	}
	p.spec.Counters = cs.List()
	p.spec.RoundsUnit = a.Spec().RoundsUnit
	return p
}

// Winners lists the winners in the order of rules.Side's values, so that
// the counter of (A's winner, B's winner) has index 3·A's + B's.
var Winners = [3]rules.Side{rules.None, rules.A, rules.B}

func WinnersCounter(a, b rules.Side) string { return "winners." + a.String() + "." + b.String() }

func (p *pairedBattle) Spec() rules.Spec { return p.spec }

func (p *pairedBattle) NewFighter() rules.Fighter {
	return &pairedFighter{
		p: p, a: p.a.NewFighter(), b: p.b.NewFighter(),
		oa: rules.Outcome{Counters: make([]int64, len(p.a.Spec().Counters))},
		ob: rules.Outcome{Counters: make([]int64, len(p.b.Spec().Counters))},
	}
}

// pairedFighter keeps the copy of the stream and both outcomes in itself,
// so that a trial allocates nothing.
type pairedFighter struct {
	p      *pairedBattle
	a, b   rules.Fighter
	rb     rules.Rand
	oa, ob rules.Outcome
}

func (f *pairedFighter) Fight(i int64, r *rules.Rand, o *rules.Outcome) {
	f.rb = *r
	f.oa.Reset()
	f.a.Fight(i, r, &f.oa)
	f.ob.Reset()
	f.b.Fight(i, &f.rb, &f.ob)
	f.join(o)
}

// SetStop implements rules.Stoppable for variants whose fighters are
// Stoppable, passing the run's stop on to them.
func (f *pairedFighter) SetStop(s *rules.Stop) {
	for _, v := range [2]rules.Fighter{f.a, f.b} {
		if v, ok := v.(rules.Stoppable); ok {
			v.SetStop(s)
		}
	}
}

// Replay writes the account of trial i under A, then under B.
func (f *pairedFighter) Replay(i int64, r *rules.Rand, o *rules.Outcome, w io.Writer) {
	f.rb = *r
	fmt.Fprintln(w, "variant A:")
	f.oa.Reset()
	f.a.Replay(i, r, &f.oa, w)
	fmt.Fprintln(w, "variant B:")
	f.ob.Reset()
	f.b.Replay(i, &f.rb, &f.ob, w)
	f.join(o)
}

// join reports the pair's outcome. Its winner is none: the winners are in
// the counters.
func (f *pairedFighter) join(o *rules.Outcome) {
	o.Winner = rules.None
	o.End = f.oa.End*f.p.k + f.ob.End
	o.Rounds = f.ob.Rounds - f.oa.Rounds
	if o.Rounds < 0 {
		o.Rounds = -o.Rounds
	}
	o.Counters[3*int(f.oa.Winner)+int(f.ob.Winner)] = 1
	for k, d := range f.p.diffs {
		o.Counters[len(Winners)*len(Winners)+k] = f.ob.Counters[d[1]] - f.oa.Counters[d[0]]
	}
}
