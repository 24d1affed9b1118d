package analysis

import (
	"context"
	"fmt"

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
	if alpha <= 0 || alpha >= 1 {
		return nil, fmt.Errorf("false-alarm rate %g: want a number in (0, 1)", alpha)
	}
	if start < 1 || budget < start || budget > sim.MaxTrials {
		return nil, fmt.Errorf("sequential budget: start %d and budget %d trials per scenario (want 1 ≤ start ≤ budget ≤ %d)", start, budget, int64(sim.MaxTrials))
	}
	if err := distinctNames(scs); err != nil {
		return nil, err
	}
	exacts, err := solveExactClaims(ctx, scs)
	if err != nil {
		return nil, err
	}
	out := &Check{Seed: r.Seed, Alpha: alpha}
	for _, sc := range scs {
		out.Claims += len(sc.Claims)
	}
	out.PerClaim = alpha / float64(max(out.Claims, 1))
	for i, sc := range scs {
		if len(sc.Claims) == 0 {
			out.Unclaimed = append(out.Unclaimed, sc.Name)
			continue
		}
		exact := exacts[i]
		grow, err := r.grower(ctx, sc)
		if err != nil {
			return out, err
		}
		vs, res, looks, err := Sequentially(sc.Claims, grow, start, budget, out.PerClaim, exact)
		if res != nil {
			out.Results = append(out.Results, res)
			out.TrialsUsed += res.Tally.Trials
		}
		out.Looks = max(out.Looks, looks)
		for i, v := range vs {
			if c := sc.Claims[i]; c.Trial != nil {
				if v, err = r.checkTrial(sc, c); err != nil {
					return out, err
				}
			}
			out.Verdicts = append(out.Verdicts, v)
		}
		if err != nil {
			return out, err
		}
	}
	return out, nil
}

// Sequentially runs the sequential test of CheckUntilDecided on one
// scenario's claims. grow(n) extends the scenario's run to n trials and
// returns the result of all of them. It returns one verdict per claim (the
// deciding look's, or the last look's for claims left undecided), the
// result of the trials fought and the number of looks.
func Sequentially(claims []scenarios.Claim, grow func(n int64) (*Result, error), start, budget int64, alpha float64, exact *rules.Exact) ([]ClaimCheck, *Result, int, error) {
	verdicts := make([]ClaimCheck, len(claims))
	decided := make([]bool, len(claims))
	var res *Result
	look := 0
	for n := start; ; n = min(2*n, budget) {
		look++
		var err error
		if res, err = grow(n); err != nil {
			return verdicts, res, look, err
		}
		spend := alpha / float64(uint64(1)<<min(look, 62))
		open := 0
		for i, c := range claims {
			if decided[i] {
				continue
			}
			verdicts[i] = CheckClaim(c, res, spend, exact)
			decided[i] = verdicts[i].Verdict != Inconclusive || c.Fixed
			if !decided[i] {
				open++
			}
		}
		if open == 0 || n == budget {
			return verdicts, res, look, nil
		}
	}
}

// grower returns the function that extends the run of sc to n trials,
// fighting only the trials it has not fought yet.
func (r Run) grower(ctx context.Context, sc *scenarios.Scenario) (func(int64) (*Result, error), error) {
	battle, err := sc.Compile()
	if err != nil {
		return nil, err
	}
	spec := battle.Spec()
	total := sim.NewTally(spec)
	return func(n int64) (*Result, error) {
		job := sim.Job{Battle: battle, Key: sim.Key(r.streamsOf(sc)), Seed: r.Seed,
			First: total.Trials, Trials: n - total.Trials, Workers: r.Workers, Chunk: r.Chunk}
		stop := func() {}
		if r.Progress != nil {
			job.Done, stop = r.Progress(sc.Name, n, total.Trials)
		}
		more, err := sim.Run(ctx, job)
		stop()
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
