package check

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/skill"
	"github.com/crucible-sim/crucible/cmd/cli/command"
	"github.com/crucible-sim/crucible/reports"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/reports/outdir"
	"github.com/crucible-sim/crucible/reports/skillreport"
	"github.com/crucible-sim/crucible/reports/verdicts"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// NewCmd returns the check command.
func NewCmd() *cobra.Command {
	o := &checkOptions{}
	cmd := &cobra.Command{
		Use:   "check SCENARIO|SUITE...",
		Short: "Evaluate the claims written in scenario files",
		Long: `check runs each scenario and judges each of its claims PASS (the data show it
holds), FAIL (the data show it does not) or INCONCLUSIVE (more trials needed;
the verdict says about how many). The false-alarm rate --alpha is spent
across every claim of the check (Bonferroni). Claims marked exact must agree
with the ruleset's exact solution within their tolerance (an equivalence
test); claims marked fixed are judged on the run itself, without an
interval. --until-decided fights in doubling batches until every claim is
decided or --max-trials is spent, spending each claim's rate over the looks.
A suite file (a list of scenarios under "suite:") checks all of its
scenarios; --all checks every built-in claim. Every verdict names its
claim's file:line:column; a line counting the verdicts ends the output.
--format junit writes JUnit XML for CI test reports, --format github GitHub
Actions annotations at each failed or undecided claim's line; an input
error (a file that does not parse, a mistyped metric) comes out in the
same format, at its line, and an interrupted JUnit report lists the claims
it did not reach as skipped. Exit status 1 on any FAIL (and
with --strict on any INCONCLUSIVE), 130 if interrupted.`,
		Example: `  crucible check stratfight/lifespan-claims --seed 1
  crucible check --all --seed 1 --strict
  crucible check eclipse/fleet-mirror --until-decided --max-trials 2000000
  crucible check my-claims.yaml --trials 1000000 --format json --out report/
  crucible check balance/*.yaml --seed 1 --strict --until-decided --format github`,
		Args: func(cmd *cobra.Command, args []string) error {
			if o.all == (len(args) > 0) {
				return command.UsageError("name scenarios or suites to check, or pass --all for every built-in claim (not both)")
			}
			return nil
		},
		RunE: o.run,
	}
	o.rf.RegisterSeed(cmd, false)
	o.rf.RegisterTrials(cmd)
	o.rf.RegisterSet(cmd)
	cmd.Flags().Float64Var(&o.alpha, "alpha", 0.01, "family-wise false-alarm rate across all claims")
	cmd.Flags().StringVarP(&o.format, "format", "f", "table", "output format: table, csv, json, junit (JUnit XML) or github (GitHub Actions annotations)")
	o.cp.Register(cmd, "also write the report with the verdicts to this directory, which it replaces as a whole")
	cmd.Flags().BoolVar(&o.all, "all", false, "check every built-in scenario and suite")
	cmd.Flags().BoolVar(&o.strict, "strict", false, "exit 1 when a claim is INCONCLUSIVE, as when one FAILs")
	cmd.Flags().BoolVar(&o.until, "until-decided", false, "fight in doubling batches until every claim is decided or --max-trials is spent")
	command.DecimalVar(cmd.Flags(), &o.budget, "max-trials", "", 1_000_000, "with --until-decided, the most trials per scenario")
	command.DecimalVar(cmd.Flags(), &o.initial, "first-trials", "", 1000, "with --until-decided, the trials of the first batch")
	o.kf.Register(cmd)
	return cmd
}

// checkOptions are the flags of check.
type checkOptions struct {
	rf      command.RunFlags
	cp      command.Checkpointing
	kf      command.SkillFlags
	alpha   float64
	format  string
	all     bool
	strict  bool
	until   bool
	budget  int64
	initial int64
}

// checkFlags refuses flags out of range or that do not go together.
func (o *checkOptions) checkFlags(cmd *cobra.Command) error {
	if err := command.CheckFormat(o.format, "table", "csv", "json", "junit", "github"); err != nil {
		return err
	}
	if err := command.CheckAlpha(o.alpha); err != nil {
		return err
	}
	if err := checkSequential(cmd, o.until, o.initial, o.budget); err != nil {
		return err
	}
	return o.kf.Check(cmd, o.format)
}

// run runs check.
func (o *checkOptions) run(cmd *cobra.Command, args []string) error {
	if err := o.checkFlags(cmd); err != nil {
		return err
	}
	run, err := o.cp.Plan(cmd, &o.rf)
	if err != nil {
		return err
	}
	if o.all {
		if args, err = builtinRefs(); err != nil {
			return err
		}
	}
	refs, err := scenarios.Expand(args)
	if err != nil {
		return o.inputError(cmd, err)
	}
	scs, sets, err := o.rf.LoadChecked(refs)
	if err != nil {
		return o.inputError(cmd, err)
	}
	if err := o.kf.CheckScenarios(scs...); err != nil {
		return err
	}
	od, err := o.cp.Open(cmd, &run)
	if err != nil {
		return err
	}
	if od != nil {
		defer od.Close()
	}
	check, err := o.check(cmd, run, scs)
	states := o.cp.States(cmd, err)
	if check == nil && analysis.Interrupted(err) && o.format == "junit" {
		// Stopped in the exact solves: the report still lists every claim.
		check = &analysis.Check{Seed: run.Seed, Alpha: o.alpha, Interrupted: true}
	}
	if check == nil {
		return o.inputError(cmd, refusedCheck(err, scs, refs, sets))
	}
	var axes []*skill.Axis
	var skillErr error
	if err == nil {
		if axes, skillErr = o.kf.Fight(cmd.Context(), run, scs); skillErr != nil {
			axes = nil
		}
	}
	if od != nil {
		od.Skill = axes
	}
	if err := reportCheck(cmd, check, err, o.format, od, states, o.strict, pendingClaims(check, scs), axes); err != nil {
		return err
	}
	return command.SkillStopped(skillErr)
}

// check judges the claims of scs, in a fixed number of trials or until
// decided.
func (o *checkOptions) check(cmd *cobra.Command, run analysis.Run, scs []*scenarios.Scenario) (*analysis.Check, error) {
	if o.until {
		return run.CheckUntilDecided(cmd.Context(), scs, o.alpha, o.initial, o.budget)
	}
	return run.Check(cmd.Context(), scs, o.alpha)
}

// inputError writes err, which stopped the check before its first
// verdict, in the CI format asked for (a test report or annotations that
// show the error at its line, not a missing report), and returns it. An
// interruption is not an input error and is returned as it is.
func (o *checkOptions) inputError(cmd *cobra.Command, err error) error {
	var ee *command.ExitError
	if errors.As(err, &ee) && ee.Code == command.ExitInterrupted {
		return err
	}
	var werr error
	switch o.format {
	case "junit":
		werr = verdicts.WriteJUnitError(cmd.OutOrStdout(), err)
	case "github":
		werr = verdicts.WriteGitHubError(cmd.OutOrStdout(), err)
	}
	if werr != nil {
		return errors.Join(err, werr)
	}
	return err
}

// pendingClaims lists the claims of an interrupted check that have no
// verdict: a scenario's verdicts are its first claims, in file order.
func pendingClaims(c *analysis.Check, scs []*scenarios.Scenario) []verdicts.Pending {
	if !c.Interrupted {
		return nil
	}
	judged := map[string]int{}
	for _, v := range c.Verdicts {
		judged[v.Scenario]++
	}
	var pending []verdicts.Pending
	for _, sc := range scs {
		for _, cl := range sc.Claims[min(judged[sc.Name], len(sc.Claims)):] {
			pending = append(pending, verdicts.Pending{Scenario: sc.Name, Claim: cl})
		}
	}
	return pending
}

// checkSequential refuses trial counts the check would ignore: --trials
// with --until-decided, which sets the trials itself, and --first-trials or
// --max-trials without it.
func checkSequential(cmd *cobra.Command, until bool, initial, budget int64) error {
	fl := cmd.Flags()
	switch {
	case until && fl.Changed("trials"):
		return command.UsageError("--trials with --until-decided: a sequential check sets its own trials, from --first-trials doubling up to --max-trials; pass those instead")
	case !until && (fl.Changed("first-trials") || fl.Changed("max-trials")):
		return command.UsageError("--first-trials and --max-trials go with --until-decided; without it a check runs --trials trials")
	case until && (budget < 1 || budget > sim.MaxTrials || initial < 1 || initial > budget):
		return command.UsageError("--max-trials %d and --first-trials %d: allowed: 1 ≤ --first-trials ≤ --max-trials ≤ %d", budget, initial, int64(sim.MaxTrials))
	}
	return nil
}

// refusedCheck is the error of a check that stopped before its first
// trial: interrupted (130), or an exact claim with no solution to be
// judged against, to which it adds how to judge it by Monte Carlo when a
// solver's budget refused it (refs[i] names scs[i], which took the --set
// assignments sets[i]).
func refusedCheck(err error, scs []*scenarios.Scenario, refs []string, sets [][]string) error {
	var ece *analysis.ExactClaimError
	switch {
	case analysis.Interrupted(err):
		return &command.ExitError{Code: command.ExitInterrupted, Msg: "interrupted: the check is incomplete and decides nothing"}
	case errors.As(err, &ece) && errors.Is(err, rules.ErrBudget):
		instead := "give it bounds (min:, max:) in place of `exact: true`"
		if ece.Claim.OnExact {
			instead = "remove its `on: exact`"
		}
		for i, sc := range scs {
			if sc == ece.Scenario {
				return fmt.Errorf("%w\njudge the claim by Monte Carlo instead: %s; %s", err, instead, command.MonteCarloInstead(sc, refs[i], sets[i]))
			}
		}
	}
	return err
}

// builtinRefs names every built-in scenario, for --all.
func builtinRefs() ([]string, error) {
	list, err := scenarios.Builtin()
	var refs []string
	for _, e := range list {
		refs = append(refs, e.Name)
	}
	return refs, err
}

// reportCheck prints the verdicts, writes the report (with states, the
// checkpoint of an interrupted check), and returns the
// command's outcome (pending lists the claims an interrupted check did
// not reach, for JUnit): interrupted (130), failed claims (1), inconclusive
// claims under --strict (1), or runErr.
func reportCheck(cmd *cobra.Command, check *analysis.Check, runErr error, format string, od *outdir.Dir, states []*sim.Checkpoint, strict bool, pending []verdicts.Pending, axes []*skill.Axis) error {
	for _, name := range check.Unclaimed {
		command.Notice(cmd, "%s has no claims", name)
	}
	for _, n := range check.Notes {
		command.Notice(cmd, "%s", n)
	}
	w := cmd.OutOrStdout()
	var err error
	switch {
	case format == "json" && len(axes) > 0:
		err = formats.WriteIndented(w, skillreport.With(verdicts.Object(check), axes))
	case format == "json":
		err = verdicts.WriteJSON(w, check)
	case format == "csv":
		err = formats.WriteCSV(w, verdicts.Rows(check))
	case format == "junit":
		err = verdicts.WriteJUnit(w, check, strict, pending)
	case format == "github":
		err = verdicts.WriteGitHub(w, check, strict)
	default:
		err = verdicts.Write(w, check)
	}
	if err != nil {
		return err
	}
	if err := command.WriteSkill(cmd, axes, format); err != nil {
		return err
	}
	switch {
	case od != nil && len(check.Results) > 0:
		if err := reports.WriteCheck(od, check, command.Version, states); err != nil {
			return err
		}
		command.Notice(cmd, "report written to %s", od.Path())
	case od != nil && len(check.Unfought) > 0:
		command.Notice(cmd, "no report written to %s: no scenario was fought (every claim is judged on: exact)", od.Path())
	}
	inconclusive := check.Count(analysis.Inconclusive)
	switch {
	case analysis.Interrupted(runErr):
		return &command.ExitError{Code: command.ExitInterrupted, Msg: "interrupted: the check is incomplete and decides nothing"}
	case runErr != nil:
		return runErr
	case check.Failed() > 0:
		return fmt.Errorf("%d claim(s) failed, %d inconclusive", check.Failed(), inconclusive)
	case strict && inconclusive > 0:
		return fmt.Errorf("%d claim(s) inconclusive (--strict), 0 failed", inconclusive)
	}
	return nil
}
