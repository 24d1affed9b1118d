package analysis

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// CheckUntilDecided checks claims sequentially: it fights each scenario in
// batches that double — start trials, then 2·start, 4·start, … up to budget
// trials per scenario — and looks at the claims after each batch, until
// every claim is decided (PASS or FAIL) or the budget is spent.
//
// Looking again at a fixed-size test would raise its false-alarm rate with
// every look. Instead each claim's share of alpha (Bonferroni over the
// claims, as Check) is spent over the looks: α/2 at the first, α/4 at the
// second, α/2^k at the k-th, so that the chance of any false verdict over
// any number of looks stays below the claim's α (a union bound: an
// alpha-spending rule). Claims about a fixed run are decided at the first
// look.
func (r Run) CheckUntilDecided(ctx context.Context, scs []*scenarios.Scenario, alpha float64, start, budget int64) (*Check, error) {
	if err := sequentialBounds(alpha, start, budget); err != nil {
		return nil, err
	}
	if err := distinctNames(scs); err != nil {
		return nil, err
	}
	exacts, err := solveExactClaims(ctx, scs)
	if err != nil {
		return nil, err
	}
	out := &Check{Seed: r.Seed, Alpha: alpha, Elapsed: map[string]time.Duration{}}
	for _, sc := range scs {
		out.Claims += len(sc.Claims)
	}
	out.PerClaim = alpha / float64(max(out.Claims, 1))
	j, err := r.beginCheck(scs, func(*scenarios.Scenario) string { return BatchName(0, start) },
		func(sc *scenarios.Scenario, b rules.Battle) sim.Job { return r.Batch(sc, b, 0, start) }, true)
	if err != nil {
		return nil, err
	}
	defer j.End()
	claimed := withClaims(scs)
	for i, sc := range scs {
		if len(sc.Claims) == 0 {
			out.Unclaimed = append(out.Unclaimed, sc.Name)
			continue
		}
		exact := exacts[i]
		if !fought(sc) {
			if err := out.checkOnExact(sc, exact); err != nil {
				return out.interrupted(err)
			}
			continue
		}
		// How many trials each scenario takes is not known ahead.
		r.place = Place{Step: slices.Index(claimed, sc) + 1, Steps: len(claimed), Unit: "scenario"}
		began := time.Now()
		grow, err := r.Grower(ctx, j, sc)
		if err != nil {
			return out, err
		}
		vs, res, looks, err := Sequentially(sc.Claims, grow, start, budget, out.PerClaim, exact)
		if res != nil {
			out.Results = append(out.Results, res)
			out.TrialsUsed += res.Tally.Trials
		}
		out.Looks = max(out.Looks, looks)
		if err := r.addVerdicts(out, sc, vs); err != nil {
			return out.interrupted(err)
		}
		out.Elapsed[sc.Name] = time.Since(began)
		if err != nil {
			return out.interrupted(err)
		}
	}
	return out, nil
}

// sequentialBounds checks CheckUntilDecided's false-alarm rate and its
// first and largest batches.
func sequentialBounds(alpha float64, start, budget int64) error {
	if alpha <= 0 || alpha >= 1 {
		return fmt.Errorf("false-alarm rate %g: want a number in (0, 1)", alpha)
	}
	if start < 1 || budget < start || budget > sim.MaxTrials {
		return fmt.Errorf("sequential budget: start %d and budget %d trials per scenario (want 1 ≤ start ≤ budget ≤ %d)", start, budget, int64(sim.MaxTrials))
	}
	return nil
}

// Sequentially runs the sequential test of CheckUntilDecided on one
// scenario's claims. grow(n) extends the scenario's run to n trials and
// returns the result of all of them. It returns one verdict per claim (the
// deciding look's, or the last look's for claims left undecided), the
// result of the trials fought and the number of looks. When grow fails,
// the verdicts are those of the last look before (none if it was the
// first).
func Sequentially(claims []scenarios.Claim, grow func(n int64) (*Result, error), start, budget int64, alpha float64, exact *rules.Exact) ([]ClaimCheck, *Result, int, error) {
	verdicts := make([]ClaimCheck, len(claims))
	decided := make([]bool, len(claims))
	var res *Result
	look := 0
	for n := start; ; n = min(2*n, budget) {
		look++
		var err error
		if res, err = grow(n); err != nil {
			if look == 1 {
				return nil, res, look, err // no claim judged yet
			}
			return verdicts, res, look, err
		}
		spend := alpha / float64(uint64(1)<<min(look, 62))
		open := 0
		for i, c := range claims {
			if decided[i] {
				continue
			}
			verdicts[i] = CheckClaim(c, res, spend, exact)
			decided[i] = verdicts[i].Verdict != Inconclusive || c.Fixed || c.OnExact
			if !decided[i] {
				open++
			}
		}
		if open == 0 || n == budget {
			return verdicts, res, look, nil
		}
	}
}

// Grower returns the function that extends the run of sc to n trials,
// fighting only the trials it has not fought yet, each batch a part of the
// check's work (journal j).
func (r Run) Grower(ctx context.Context, j *Journal, sc *scenarios.Scenario) (func(int64) (*Result, error), error) {
	battle, err := sc.Compile()
	if err != nil {
		return nil, err
	}
	spec := battle.Spec()
	total := sim.NewTally(spec)
	return func(n int64) (*Result, error) {
		lo := total.Trials
		var tell progress
		if r.Progress != nil {
			// The stage is the scenario's whole run so far: the trials
			// of the earlier batches are done, their wins counted.
			tell = func(done int64, won [3]int64) (*sim.Wins, func(int64), func()) {
				for side, w := range total.Wins {
					won[side] += w
				}
				return r.progressOf(sc.Name, n, spec)(lo+done, won)
			}
		}
		more, err := j.Fight(ctx, Part{sc.Name, BatchName(lo, n), sc.Hash()}, r.Batch(sc, battle, lo, n), tell)
		if more != nil {
			if merr := total.Merge(more); merr != nil {
				return nil, merr
			}
		}
		res := &Result{Scenario: sc.Name, Ruleset: sc.Ruleset, Hash: sc.Hash(), Version: r.Version,
			Seed: r.Seed, Spec: spec, Tally: total.Clone(), Planned: n}
		return res, err
	}, nil
}

// Growing returns the function that extends the run of sc to n trials, as
// Grower does, in a journal of its own that resumes from r.Resume and
// saves through r.Save (a section of a command: Sections), its first
// batch fighting trials [0, first); and the function that ends the
// journal, saving it a last time.
func (r Run) Growing(ctx context.Context, sc *scenarios.Scenario, first int64) (func(int64) (*Result, error), func(), error) {
	b, err := sc.Compile()
	if err != nil {
		return nil, nil, err
	}
	j := r.Journal(r.Resume)
	part := j.Empty(Part{sc.Name, BatchName(0, first), sc.Hash()}, r.Batch(sc, b, 0, first))
	if err := j.Begin([]*sim.Checkpoint{part}, true); err != nil {
		return nil, nil, err
	}
	grow, err := r.Grower(ctx, j, sc)
	if err != nil {
		j.End()
		return nil, nil, err
	}
	return grow, j.End, nil
}

// Batch returns the job of one batch of a sequential check: trials
// [lo, hi) of sc.
func (r Run) Batch(sc *scenarios.Scenario, b rules.Battle, lo, hi int64) sim.Job {
	return sim.Job{Battle: b, Key: sim.Key(r.StreamsOf(sc)), Seed: r.Seed, First: lo, Trials: hi - lo, Workers: r.Workers, Chunk: r.Chunk}
}

// BatchName names the part of a sequential check that fights trials
// [lo, hi).
func BatchName(lo, hi int64) string { return fmt.Sprintf("trials %d..%d", lo, hi-1) }
