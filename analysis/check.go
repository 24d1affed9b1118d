package analysis

import (
	"context"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// Check is the outcome of checking the claims of a set of scenarios.
type Check struct {
	Seed uint64
	// Alpha is the family-wise false-alarm rate; PerClaim its share for
	// each of the Claims claims (Bonferroni).
	Alpha, PerClaim float64
	Claims          int
	// Verdicts holds one verdict per claim, in file order.
	Verdicts []ClaimCheck
	// Results holds the run of each scenario that has claims judged on
	// trials; Unfought the battle's Spec of each scenario whose claims are
	// all judged on the exact value (on: exact), which no trial is fought
	// for, by name.
	Results  []*Result
	Unfought map[string]rules.Spec
	// Unclaimed names the scenarios that have no claims (and were not run).
	Unclaimed []string
	// Notes are problems that left claims without an answer (a solver that
	// cannot solve a scenario), one line each.
	Notes []string
	// Looks is the number of looks of a sequential check (CheckUntilDecided;
	// 1 for a check of a fixed size), TrialsUsed the trials fought in all.
	Looks      int
	TrialsUsed int64
	// Elapsed is the wall time each scenario's claims took to judge here
	// (its trials and verdicts; not its exact solve), by scenario name: for
	// reports that time their test cases (JUnit). It varies from run to
	// run, so no other output shows it.
	Elapsed map[string]time.Duration
	// Interrupted says that the check was cut short (Ctrl-C, SIGTERM): its
	// verdicts are those judged before, it has none for the claims it did
	// not reach, and it decides nothing.
	Interrupted bool
}

// interrupted marks c as cut short when err is a cancellation, and
// returns c and err.
func (c *Check) interrupted(err error) (*Check, error) {
	c.Interrupted = Interrupted(err)
	return c, err
}

// Failed returns the number of claims judged FAIL.
func (c *Check) Failed() int { return c.Count(Fail) }

// Count returns the number of claims judged v.
func (c *Check) Count(v Verdict) int {
	n := 0
	for _, cc := range c.Verdicts {
		if cc.Verdict == v {
			n++
		}
	}
	return n
}

// Unjudged returns the number of claims the check has no verdict for: those
// an interrupted check did not reach.
func (c *Check) Unjudged() int { return c.Claims - len(c.Verdicts) }

// Check runs every scenario that has claims and judges each claim,
// spending the false-alarm rate alpha across all claims of all scenarios
// (Bonferroni). Claims marked exact are judged against the ruleset's exact
// solution, solved before the first trial (see solveExactClaims). On an
// interrupt it returns what was judged so far with the error.
func (r Run) Check(ctx context.Context, scs []*scenarios.Scenario, alpha float64) (*Check, error) {
	if alpha <= 0 || alpha >= 1 {
		return nil, fmt.Errorf("false-alarm rate %g: want a number in (0, 1)", alpha)
	}
	if err := distinctNames(scs); err != nil {
		return nil, err
	}
	exacts, err := solveExactClaims(ctx, scs)
	if err != nil {
		return nil, err
	}
	out := &Check{Seed: r.Seed, Alpha: alpha, Looks: 1, Elapsed: map[string]time.Duration{}}
	for _, sc := range scs {
		out.Claims += len(sc.Claims)
	}
	out.PerClaim = alpha / float64(max(out.Claims, 1))
	j, err := r.beginCheck(scs, func(*scenarios.Scenario) string { return "" }, r.Job, false)
	if err != nil {
		return nil, err
	}
	defer j.End()
	claimed := withClaims(scs)
	places := r.places(claimed, "scenario")
	for i, sc := range scs {
		if len(sc.Claims) == 0 {
			out.Unclaimed = append(out.Unclaimed, sc.Name)
			continue
		}
		if !fought(sc) {
			if err := out.checkOnExact(sc, exacts[i]); err != nil {
				return out.interrupted(err)
			}
			continue
		}
		r.place = places[slices.Index(claimed, sc)]
		start := time.Now()
		res, err := r.FightIn(ctx, j, sc, "")
		if err != nil {
			return out.interrupted(err)
		}
		exact := exacts[i]
		out.Results = append(out.Results, res)
		out.TrialsUsed += res.Tally.Trials
		vs := make([]ClaimCheck, len(sc.Claims))
		for k, c := range sc.Claims {
			vs[k] = CheckClaim(c, res, out.PerClaim, exact)
		}
		if err := r.addVerdicts(out, sc, vs); err != nil {
			return out.interrupted(err)
		}
		out.Elapsed[sc.Name] = time.Since(start)
	}
	return out, nil
}

// beginCheck begins the journal of a check: one part for each scenario
// that has claims, named name(sc), fought as job(sc, its battle); more
// says that the check adds parts as it goes (CheckUntilDecided's
// batches).
func (r Run) beginCheck(scs []*scenarios.Scenario, name func(*scenarios.Scenario) string, job func(*scenarios.Scenario, rules.Battle) sim.Job, more bool) (*Journal, error) {
	j := r.Journal(r.Resume)
	var parts []*sim.Checkpoint
	for _, sc := range scs {
		if !fought(sc) {
			continue
		}
		b, err := sc.Compile()
		if err != nil {
			return nil, err
		}
		parts = append(parts, j.Empty(Part{sc.Name, name(sc), sc.Hash()}, job(sc, b)))
	}
	return j, j.Begin(parts, more)
}

// fought reports whether a check fights sc: whether it has a claim that is
// not judged on the exact value alone (on: exact).
func fought(sc *scenarios.Scenario) bool {
	return slices.ContainsFunc(sc.Claims, func(c scenarios.Claim) bool { return !c.OnExact })
}

// checkOnExact judges the claims of a scenario that is not fought, all of
// them on the exact solution e.
func (c *Check) checkOnExact(sc *scenarios.Scenario, e *rules.Exact) error {
	b, err := sc.Compile()
	if err != nil {
		return err
	}
	if c.Unfought == nil {
		c.Unfought = map[string]rules.Spec{}
	}
	c.Unfought[sc.Name] = b.Spec()
	for _, cl := range sc.Claims {
		c.Verdicts = append(c.Verdicts, CheckOnExact(cl, sc.Name, b.Spec(), e))
	}
	return nil
}

// addVerdicts adds vs, the verdicts of sc's claims on its run, to the
// check: a claim about one trial (Claim.Trial) is judged instead by
// fighting that trial alone.
func (r Run) addVerdicts(out *Check, sc *scenarios.Scenario, vs []ClaimCheck) error {
	for i, v := range vs {
		if c := sc.Claims[i]; c.Trial != nil {
			var err error
			if v, err = r.checkTrial(sc, c); err != nil {
				return err
			}
		}
		out.Verdicts = append(out.Verdicts, v)
	}
	return nil
}

// checkTrial judges a claim about one trial of the run by fighting that
// trial alone, with the stream it has in the run.
func (r Run) checkTrial(sc *scenarios.Scenario, c scenarios.Claim) (ClaimCheck, error) {
	b, err := sc.Compile()
	if err != nil {
		return ClaimCheck{}, err
	}
	o, err := sim.Replay(b, r.Seed, sim.Key(r.StreamsOf(sc)), *c.Trial, io.Discard)
	if err != nil {
		return ClaimCheck{}, err
	}
	return CheckTrial(c, sc.Name, b.Spec(), o), nil
}

// solveExactClaims solves, before a check fights its first trial, each
// scenario one of whose claims is exact; the others get nil. A claim that
// cannot be checked is an error, not an inconclusive verdict: a gate must
// not pass it. It is found first by the solvers' Check, at once for all
// the scenarios, then by the solves, which their budgets keep to seconds:
// either way the check stops before spending any trial, and its error
// (an *ExactClaimError) names the budget. An interrupt returns ctx's
// error as it is.
func solveExactClaims(ctx context.Context, scs []*scenarios.Scenario) ([]*rules.Exact, error) {
	for _, sc := range scs {
		if err := CheckExactClaims(sc); err != nil {
			return nil, err
		}
	}
	exacts := make([]*rules.Exact, len(scs))
	for i, sc := range scs {
		c, ok := exactClaim(sc)
		if !ok {
			continue
		}
		e, err := Solve(ctx, sc, false)
		switch {
		case ctx.Err() != nil:
			return nil, ctx.Err()
		case err != nil:
			return nil, &ExactClaimError{Scenario: sc, Claim: c, Err: err}
		}
		exacts[i] = e
	}
	return exacts, nil
}

// exactClaim returns the first of sc's claims that is judged against the
// exact solution (exact: true or on: exact).
func exactClaim(sc *scenarios.Scenario) (scenarios.Claim, bool) {
	for _, c := range sc.Claims {
		if c.Solved() {
			return c, true
		}
	}
	return scenarios.Claim{}, false
}

// ExactClaimError is the error of a check, or of validate, whose exact
// claim has no exact solution to be judged against: Err says why, and
// wraps rules.ErrBudget when the scenario is beyond a solver's budget.
type ExactClaimError struct {
	Scenario *scenarios.Scenario
	Claim    scenarios.Claim
	Err      error
}

func (e *ExactClaimError) Error() string {
	return fmt.Sprintf("%s: claim %s: no exact solution to check it against: %v", e.Scenario.Name, e.Claim.Label(), e.Err)
}

func (e *ExactClaimError) Unwrap() error { return e.Err }

// CheckExactClaims returns, at once and without solving, the error that
// would leave one of sc's exact claims unchecked whatever the solver's
// budgets: no solver for the ruleset, or a scenario the solver refuses
// before its first step (rules.Solver's Check). It is what `crucible
// validate` adds to compiling a scenario. A scenario it passes may still
// be beyond a budget, which only a solve finds: `crucible check` solves
// before its first trial.
func CheckExactClaims(sc *scenarios.Scenario) error {
	c, ok := exactClaim(sc)
	if !ok {
		return nil
	}
	solver, err := rules.LookupSolver(sc.Ruleset)
	if err == nil {
		err = solver.Check(sc.Document())
	}
	if err != nil {
		return &ExactClaimError{Scenario: sc, Claim: c, Err: err}
	}
	return nil
}

// withClaims returns the scenarios that have claims: those a check fights.
func withClaims(scs []*scenarios.Scenario) []*scenarios.Scenario {
	var out []*scenarios.Scenario
	for _, sc := range scs {
		if fought(sc) {
			out = append(out, sc)
		}
	}
	return out
}
