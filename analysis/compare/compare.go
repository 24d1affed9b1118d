package compare

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// Run fights a and b as r says, on the same streams, and compares them. The two
// must be of one ruleset and have the same end reasons and rounds unit.
// The trials are r.Trials, else the larger of the two scenarios' suggested
// counts, and at least MinTrials; the streams are r.Streams, else a's (so that A's
// figures are those `crucible run` gives for a with the same seed). alpha
// is the family-wise false-alarm rate (see Comparison).
//
// A comparison makes three passes over the trials, each through sim: A
// alone, B alone, and the pair (analysis.NewPairedBattle). The first two give each
// variant's exact round histogram; the third what only pairs show. The
// passes go block by block (compareBlocks), so that when ctx is cancelled
// the blocks every pass finished make a valid smaller comparison: Run
// returns it (Interrupted) with ctx's error, or no comparison when fewer
// than two blocks or MinTrials trials finished.
func Run(ctx context.Context, r analysis.Run, a, b Variant, alpha float64) (*Comparison, error) {
	if !(alpha > 0 && alpha < 1) {
		return nil, fmt.Errorf("compare: alpha %g: allowed: a number between 0 and 1", alpha)
	}
	if !r.Shard.Whole() {
		return nil, fmt.Errorf("compare: a comparison runs whole, not as shard %s", r.Shard)
	}
	ba, bb, err := compilePair(a, b)
	if err != nil {
		return nil, err
	}
	n := max(r.TrialsOf(a.Scenario), r.TrialsOf(b.Scenario))
	if n < MinTrials {
		return nil, fmt.Errorf("compare: %d trials: a comparison needs at least %d (its test of the mean rounds is a large-sample test)", n, MinTrials)
	}
	key := r.Streams
	if key == "" {
		key = a.Scenario.StreamName()
	}
	pair := analysis.NewPairedBattle(ba, bb)
	passes := passes{r: r, key: key, n: n, a: a.Scenario, b: b.Scenario, j: r.Journal(r.Resume)}
	if err := passes.begin(); err != nil {
		return nil, err
	}
	defer passes.j.End()
	advance, stop := progressOf(r, a, b, n)
	defer stop()
	done, runErr := passes.blocks(ctx, [3]rules.Battle{ba, bb, pair}, advance)
	blocks := len(done[0])
	if runErr != nil && (!analysis.Interrupted(runErr) || blocks < 2 || passes.bound(blocks) < MinTrials) {
		return nil, runErr
	}
	c := &Comparison{LabelA: a.Label, LabelB: b.Label, Streams: key, Alpha: alpha, Planned: n}
	all, err := mergeTallies(done[0])
	if err == nil {
		c.A = resultOf(r, a.Scenario, ba, all, n)
		all, err = mergeTallies(done[1])
		c.B = resultOf(r, b.Scenario, bb, all, n)
	}
	if err != nil {
		return nil, err
	}
	if err := c.computeFrom(done); err != nil {
		return nil, err
	}
	return c, runErr
}

// computeFrom computes the comparison's tests from the blocks every pass
// finished (done: A's, B's and the pairs', as many of each). The
// chi-square tests take A's first half of the blocks fought and B's
// second: all of them, as one half of the trials each, when none was cut
// short.
func (c *Comparison) computeFrom(done [3][]*sim.Tally) error {
	blocks := len(done[0])
	firstA, err := mergeTallies(done[0][:blocks/2])
	if err != nil {
		return err
	}
	secondB, err := mergeTallies(done[1][blocks/2:])
	if err != nil {
		return err
	}
	pairs, err := mergeTallies(done[2])
	if err != nil {
		return err
	}
	return c.compute(pairs, firstA, secondB)
}

// compareBlocks is the number of blocks a comparison's trials are fought
// in: each block by A, then B, then the pairs, so that a comparison cut
// short has every pass over the same blocks (all but the one in progress)
// and is a valid smaller comparison. The first half of the blocks is the
// first half of the trials, which the chi-square tests need apart.
const compareBlocks = 8

// mergeTallies returns the sum of tallies (of one spec).
func mergeTallies(ts []*sim.Tally) (*sim.Tally, error) {
	all := ts[0].Clone()
	for _, t := range ts[1:] {
		if err := all.Merge(t); err != nil {
			return nil, err
		}
	}
	return all, nil
}

// compilePair compiles both variants and refuses a pair whose outcomes do
// not mean the same things.
func compilePair(a, b Variant) (rules.Battle, rules.Battle, error) {
	ba, err := a.Scenario.Compile()
	if err != nil {
		return nil, nil, err
	}
	bb, err := b.Scenario.Compile()
	if err != nil {
		return nil, nil, err
	}
	sa, sb := ba.Spec(), bb.Spec()
	switch {
	case a.Scenario.Ruleset != b.Scenario.Ruleset:
		return nil, nil, fmt.Errorf("cannot compare %s (ruleset %s) with %s (ruleset %s): both variants must be of one ruleset",
			a.Label, a.Scenario.Ruleset, b.Label, b.Scenario.Ruleset)
	case !slices.Equal(sa.Ends, sb.Ends):
		return nil, nil, fmt.Errorf("cannot compare %s (end reasons %s) with %s (end reasons %s): both variants must have the same end reasons",
			a.Label, strings.Join(sa.Ends, ", "), b.Label, strings.Join(sb.Ends, ", "))
	case sa.RoundsUnit != sb.RoundsUnit:
		return nil, nil, fmt.Errorf("cannot compare %s (rounds count %s) with %s (rounds count %s): both variants must count rounds in one unit",
			a.Label, sa.RoundsUnit, b.Label, sb.RoundsUnit)
	}
	return ba, bb, nil
}

// progressOf returns the functions the passes tell how they advance:
// r.Progress's, for the comparison as one stage of its three passes, or
// ones that do nothing.
func progressOf(r analysis.Run, a, b Variant, n int64) (advance func(int64), stop func()) {
	advance, stop = func(int64) {}, func() {}
	if r.Progress != nil {
		if advance, stop = r.Progress(analysis.Stage{Name: "compare " + a.Label + " vs " + b.Label, Trials: 3 * n, Total: 3 * n}); advance == nil {
			advance = func(int64) {}
		}
	}
	return advance, stop
}

// passes runs the passes of one comparison: n trials of streams key, of
// variants a and b, each pass a part of the comparison's work (journal j).
type passes struct {
	r    analysis.Run
	key  string
	n    int64
	a, b *scenarios.Scenario
	j    *analysis.Journal
}

// part names pass which ("A", "B" or "pairs") over trials [lo, hi).
func (p passes) part(which string, lo, hi int64) analysis.Part {
	name := fmt.Sprintf("%s trials %d..%d", which, lo, hi-1)
	switch which {
	case "A":
		return analysis.Part{Scenario: p.a.Name, Name: name, Hash: p.a.Hash()}
	case "B":
		return analysis.Part{Scenario: p.b.Name, Name: name, Hash: p.b.Hash()}
	}
	return analysis.Part{Scenario: p.a.Name + " vs " + p.b.Name, Name: name, Hash: p.a.Hash() + "+" + p.b.Hash()}
}

// bound returns the first trial of block i (compareBlocks: the trials'
// end).
func (p passes) bound(i int) int64 { return int64(i) * p.n / compareBlocks }

// begin begins the journal with the three passes of every block: the
// variants' and the pairs'.
func (p passes) begin() error {
	var parts []*sim.Checkpoint
	for i := range compareBlocks {
		lo, hi := p.bound(i), p.bound(i+1)
		job := sim.Job{Seed: p.r.Seed, First: lo, Trials: hi - lo}
		parts = append(parts, p.j.Empty(p.part("A", lo, hi), job), p.j.Empty(p.part("B", lo, hi), job),
			p.j.Empty(p.part("pairs", lo, hi), job))
	}
	return p.j.Begin(parts, false)
}

// run fights trials [lo, hi) of battle, pass which.
func (p passes) run(ctx context.Context, which string, battle rules.Battle, lo, hi int64, advance func(int64)) (*sim.Tally, error) {
	job := sim.Job{Battle: battle, Key: sim.Key(p.key), Seed: p.r.Seed, First: lo, Trials: hi - lo, Workers: p.r.Workers, Chunk: p.r.Chunk}
	return p.j.Fight(ctx, p.part(which, lo, hi), job, func(done int64, _ [3]int64) (*sim.Wins, func(int64), func()) {
		advance(done)
		return nil, advance, func() {}
	})
}

// blocks fights the three passes (A, B, then the pairs) block by block
// and returns A's, B's and the pairs' tally of each block all three
// finished, with the error that stopped them.
func (p passes) blocks(ctx context.Context, battles [3]rules.Battle, advance func(int64)) (done [3][]*sim.Tally, err error) {
	for i := range compareBlocks {
		lo, hi := p.bound(i), p.bound(i+1)
		var ts [3]*sim.Tally
		for k, which := range [3]string{"A", "B", "pairs"} {
			if ts[k], err = p.run(ctx, which, battles[k], lo, hi, advance); err != nil {
				return done, err
			}
		}
		for k := range ts {
			done[k] = append(done[k], ts[k])
		}
	}
	return done, nil
}

func resultOf(r analysis.Run, sc *scenarios.Scenario, b rules.Battle, t *sim.Tally, n int64) *analysis.Result {
	return &analysis.Result{
		Scenario: sc.Name, Ruleset: sc.Ruleset, Description: sc.Description, Hash: sc.Hash(), Version: r.Version,
		Seed: r.Seed, Spec: b.Spec(), Tally: t, Planned: n,
	}
}

// compute derives the statistics from the variants' tallies and the pair
// tally p; firstA and secondB are A's tally of the first half of the
// trials and B's of the second.
func (c *Comparison) compute(p *sim.Tally, firstA, secondB *sim.Tally) error {
	if err := c.checkMarginals(p); err != nil {
		return err
	}
	c.Shares = c.shareDiffs(p)
	m := float64(c.Tests())
	c.Level = 1 - c.Alpha/m
	z := -analysis.NormalQuantile(c.Alpha / (2 * m)) // from the lower tail, finite for any alpha > 0
	cut := c.Alpha / m
	for i := range c.Shares {
		s := &c.Shares[i]
		s.Paired = analysis.PairedShareInterval(s.Counts, z)
		s.Unpaired = analysis.UnpairedShareInterval(s.Counts.A(), s.Counts.N(), s.Counts.B(), s.Counts.N(), z)
		s.Test = analysis.McNemarTest(s.Counts.OnlyA, s.Counts.OnlyB)
		s.Significant = s.Test.P < cut
	}
	ra, rb := &c.A.Tally.Rounds, &c.B.Tally.Rounds
	c.Rounds = RoundsDiff{
		Unit: c.A.Spec.RoundsUnit, MeanA: ra.Mean(), MeanB: rb.Mean(),
		MeanDiffTest: analysis.PairedMeanDiff(pairedMoments(ra, rb, &p.Rounds), z),
		Differ:       p.Trials - p.Rounds.Count(0),
	}
	c.Rounds.Significant = c.Rounds.P < cut
	c.Dist = distTest(&firstA.Rounds, &secondB.Rounds, cut)
	c.compareCounters(p, firstA, secondB)
	return nil
}

// checkMarginals refuses a pair tally that disagrees with the variants'
// own runs: the same trials on the same streams must give the same
// outcomes, unless a battle depends on something other than its stream.
func (c *Comparison) checkMarginals(p *sim.Tally) error {
	var wa, wb [3]int64
	for _, x := range analysis.Winners {
		for _, y := range analysis.Winners {
			n, _ := p.Counter(analysis.WinnersCounter(x, y))
			wa[x] += n
			wb[y] += n
		}
	}
	if p.Trials != c.A.Tally.Trials || wa != c.A.Tally.Wins || wb != c.B.Tally.Wins {
		return fmt.Errorf("compare: the paired pass disagrees with the variants' own runs (winners A %v vs %v, B %v vs %v): a battle depends on more than its random stream",
			wa, c.A.Tally.Wins, wb, c.B.Tally.Wins)
	}
	return nil
}

// shareDiffs returns the paired counts of every win share and end reason.
func (c *Comparison) shareDiffs(p *sim.Tally) []ShareDiff {
	var out []ShareDiff
	for _, s := range []rules.Side{rules.A, rules.B, rules.None} {
		var pc analysis.PairedCounts
		for _, x := range analysis.Winners {
			for _, y := range analysis.Winners {
				k, _ := p.Counter(analysis.WinnersCounter(x, y))
				pc = analysis.TallyPair(pc, x == s, y == s, k)
			}
		}
		out = append(out, shareDiff("win."+s.String(), pc))
	}
	ends := c.A.Spec.Ends
	for e, name := range ends {
		var pc analysis.PairedCounts
		for i, k := range p.Ends {
			pc = analysis.TallyPair(pc, i/len(ends) == e, i%len(ends) == e, k)
		}
		out = append(out, shareDiff("end."+name, pc))
	}
	return out
}

func shareDiff(metric string, pc analysis.PairedCounts) ShareDiff {
	s := ShareDiff{Metric: metric, Counts: pc, Diff: pc.Diff()}
	if n := pc.N(); n > 0 {
		s.A, s.B = float64(pc.A())/float64(n), float64(pc.B())/float64(n)
	}
	return s
}

// pairedMoments gathers Σd = ΣB − ΣA from the variants' exact sums and Σd²
// from the pair pass's histogram of |d|.
func pairedMoments(ra, rb, absDiff *sim.Hist) analysis.PairedMoments {
	sum := new(big.Int).Sub(bigOf(rb.Sum()), bigOf(ra.Sum()))
	return analysis.PairedMoments{
		N: absDiff.N(), Sum: sum, SumSq: bigOf(absDiff.SumSq()),
		MeanA: ra.Mean(), MeanB: rb.Mean(), VarA: ra.Var(), VarB: rb.Var(),
	}
}

// bigOf parses one of sim.Hist's exact decimal sums, which always parse.
func bigOf(decimal string) *big.Int {
	v, _ := new(big.Int).SetString(decimal, 10)
	return v
}
