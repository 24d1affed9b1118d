package explain

import (
	"context"
	"fmt"
	"io"
	"slices"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/sim"
)

// Example is one trial whose outcome meets the condition, to be replayed
// with the run's seed.
type Example struct {
	Trial int64
	// FromRun is true for a trial the run kept as an example of its
	// bucket, false for one the search found after the run.
	FromRun bool
	// Outcome is the trial's outcome (its counters its own copy).
	Outcome rules.Outcome
}

// Found is the answer to "show me k games that end like this".
type Found struct {
	Condition rules.Condition
	// Run is the run the examples come from (its seed, key, battle and
	// trials); searched trials follow it.
	Run *analysis.Result
	// Want is how many examples were asked for; Examples holds up to
	// Want, the run's first (by priority), then the search's (by trial
	// index).
	Want     int
	Examples []Example
	// Search is the search past the run; zero when the run held Want.
	Search Search
}

// Examples returns up to want trials of res's run whose outcome meets
// cond: first those the run kept as examples of its buckets (the same
// for any workers, chunking, shards or resume, in order of priority), then,
// when they are fewer than want, the first trials after the run that meet
// it, searched up to budget trials (see SearchFrom). res must carry its
// battle (a run fought here, not one read back from JSON).
func Examples(ctx context.Context, res *analysis.Result, cond rules.Condition, want int, budget int64, workers int) (*Found, error) {
	if res.Battle == nil {
		return nil, fmt.Errorf("explain: the result of %s carries no battle to refight", res.Scenario)
	}
	f := &Found{Condition: cond, Run: res, Want: want}
	kept, err := runExamples(res, cond)
	if err != nil {
		return nil, err
	}
	f.Examples = kept[:min(len(kept), want)]
	if len(f.Examples) == want {
		return f, nil
	}
	from := res.First + res.Tally.Trials
	s, err := SearchFrom(ctx, res.Battle, res.Seed, res.Key, cond, from, budget, want-len(f.Examples), workers)
	f.Search = s
	f.Examples = append(f.Examples, s.Examples...)
	return f, err
}

// runExamples returns the trials the run kept in the buckets cond allows
// whose outcome meets it, by increasing priority. A bucket is a range of
// rounds and the condition may speak of exact rounds or counters, so each
// candidate is refought to read its whole outcome.
func runExamples(res *analysis.Result, cond rules.Condition) ([]Example, error) {
	var out []Example
	for _, c := range Kept(res.Tally.Examples, cond, len(res.Spec.Ends)) {
		err := sim.Outcomes(res.Battle, res.Seed, res.Key, c.Trial, 1, func(i int64, o *rules.Outcome) error {
			if cond.Holds(o) {
				out = append(out, Example{Trial: i, FromRun: true, Outcome: copyOutcome(o)})
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Kept returns the trials a run's examples keep in the buckets cond allows
// (of a battle with the given number of end reasons), by increasing
// priority: every one meets cond when it speaks only of the winner and the
// end (Condition.OnlyBuckets); otherwise each is a candidate to refight.
// Nil examples (a tally that kept none) keep nothing.
func Kept(ex *sim.Examples, cond rules.Condition, ends int) []sim.Example {
	if ex == nil {
		return nil
	}
	var cands []sim.Example
	for b := range ex.Buckets() {
		if bucketAllowed(ex, b, cond, ends) {
			kept, _ := ex.Kept(b)
			cands = append(cands, kept...)
		}
	}
	slices.SortFunc(cands, func(x, y sim.Example) int {
		if x.Priority != y.Priority {
			return cmpU(x.Priority, y.Priority)
		}
		return cmpU(uint64(x.Trial), uint64(y.Trial))
	})
	return cands
}

// bucketAllowed reports whether bucket b of ex can hold a trial meeting
// cond: its winner and end allowed, its rounds overlapping cond's.
func bucketAllowed(ex *sim.Examples, b int, cond rules.Condition, ends int) bool {
	w, end, r := ex.BucketOf(b)
	if !cond.Winners()[w] || !cond.Ends(ends)[end] {
		return false
	}
	lo, hi := sim.RoundBounds(r)
	clo, chi, ok := cond.Rounds()
	if !ok {
		return false
	}
	return (hi < 0 || clo <= hi) && (chi < 0 || lo <= chi)
}

func cmpU(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// copyOutcome returns o with counters of its own (a fighter reuses its
// outcome's).
func copyOutcome(o *rules.Outcome) rules.Outcome {
	c := *o
	c.Counters = slices.Clone(o.Counters)
	return c
}

// Replay writes the account of example e, round by round in its
// ruleset's own words (sim.ReplayContext), and returns its outcome.
func (f *Found) Replay(ctx context.Context, e Example, w io.Writer) (*rules.Outcome, error) {
	return sim.ReplayContext(ctx, f.Run.Battle, f.Run.Seed, f.Run.Key, e.Trial, w)
}
