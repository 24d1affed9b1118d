package compare

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/crucible-sim/crucible/analysis"
	engine "github.com/crucible-sim/crucible/analysis/compare"
	"github.com/crucible-sim/crucible/analysis/skill"
	"github.com/crucible-sim/crucible/cmd/cli/command"
	"github.com/crucible-sim/crucible/reports/comparereport"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/reports/outdir"
	"github.com/crucible-sim/crucible/reports/skillreport"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
	"github.com/crucible-sim/crucible/sim/batch"
)

// compareFlags are the flags only compare has: the overrides of each
// variant and the family-wise false-alarm rate.
type compareFlags struct {
	setA, setB []string
	alpha      float64
	margins    []string
	exact      bool
	rational   bool
	format     string
	cp         command.Checkpointing
	kf         command.SkillFlags
}

// NewCmd returns the compare command.
func NewCmd() *cobra.Command {
	var (
		rf command.RunFlags
		cf compareFlags
	)
	cmd := &cobra.Command{
		Use:   "compare A B | compare SCENARIO --set-a PATH=VALUE --set-b PATH=VALUE",
		Short: "Compare two variants on paired trials (common random numbers)",
		Long: `compare fights two variants — two scenarios of one ruleset, or one scenario
under two option sets (--set-a, --set-b) — on paired trials: trial i of both
draws the same random stream, so that they differ by the rule and not by
luck. Each metric's line leads with B's effect in words ("attacker wins 4.5
points more often with B (paired 95 % interval 3.6 to 5.4)"), then what the
test makes of it: McNemar's test for the win and end shares, a paired z test
for the mean rounds and each counter's mean, a chi-square test of the
distributions of rounds and of each distribution counter. The false-alarm
rate --alpha is spent across the tests (Bonferroni; the counters are a family
of their own), and the intervals hold simultaneously at 1 − alpha.
--margin X says the smallest difference that matters (a number: points, for
the shares; X%: a percent of A's value, for the means; METRIC=X for one
metric, a mean's also in its own units; a metric none names gets no verdict):
each metric is then better/worse (higher/lower) by more than X, equivalent
within ±X, or undecided with the trials that would decide. --exact solves
both variants and gives the exact differences. Ctrl-C keeps the blocks of
trials every pass finished, a smaller comparison marked INTERRUPTED.
--set applies to both variants.`,
		Example: `  crucible compare stratfight/thug-vs-guard --set-a options.round-cap=200 --set-b options.round-cap=190 --seed 7
  crucible compare stratfight/thug-vs-guard stratfight/thug-vs-guard-underdog --trials 50000
  crucible compare eclipse/fleet-mirror --set-b attacker.policy=largest-killable-first --out cmp/
  crucible compare eclipse/fleet-mirror eclipse/fleet-mirror-upgraded --margin 1 --margin rounds.mean=0.5
  crucible compare eclipse/fleet-mirror eclipse/fleet-mirror-upgraded --exact --rational`,
		Args: func(cmd *cobra.Command, args []string) error {
			switch {
			case len(args) == 0 || len(args) > 2:
				return command.UsageError("compare takes two scenarios, or one scenario with --set-a and/or --set-b (got %d arguments)", len(args))
			case len(args) == 1 && len(cf.setA)+len(cf.setB) == 0:
				return command.UsageError("compare %s: one scenario needs --set-a and/or --set-b to make two variants of it", args[0])
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCompare(cmd, args, &rf, &cf)
		},
	}
	rf.RegisterSeed(cmd, false)
	rf.RegisterTrials(cmd)
	rf.RegisterSet(cmd)
	fl := cmd.Flags()
	fl.StringArrayVar(&cf.setA, "set-a", nil, "override a field of variant A only, `PATH=VALUE` (repeatable)")
	fl.StringArrayVar(&cf.setB, "set-b", nil, "override a field of variant B only, `PATH=VALUE` (repeatable)")
	fl.Float64Var(&cf.alpha, "alpha", engine.DefaultAlpha, "family-wise false-alarm rate across all tests of the comparison")
	fl.StringArrayVar(&cf.margins, "margin", nil, "the smallest difference that matters, `[METRIC=]X`: X points for the shares, X% of A's value for the means, METRIC=X for one metric (a mean's in its units) (repeatable)")
	fl.BoolVar(&cf.exact, "exact", false, "solve both variants exactly (rulesets with a solver) and give the exact difference of every metric, no sampling")
	fl.BoolVar(&cf.rational, "rational", false, "with --exact, also give the values and differences as exact fractions")
	fl.StringVarP(&cf.format, "format", "f", "table", "output format: table, csv or json")
	cf.cp.Register(cmd, "also write the report (CSV, JSON, PNG plots and index.html) to this directory, which it replaces as a whole")
	cf.kf.Register(cmd)
	return cmd
}

// check checks the flags every comparison takes, sampled or exact, before
// anything is loaded, and returns the margins --margin gives.
func (cf *compareFlags) check() ([]engine.Margin, error) {
	if err := command.CheckFormat(cf.format, "table", "csv", "json"); err != nil {
		return nil, err
	}
	if err := command.CheckAlpha(cf.alpha); err != nil {
		return nil, err
	}
	for _, g := range []struct {
		flag string
		sets []string
	}{{"--set-a", cf.setA}, {"--set-b", cf.setB}} {
		for _, s := range g.sets {
			if err := scenarios.CheckOverride(g.flag, s); err != nil {
				return nil, command.UsageError("%v", err)
			}
		}
	}
	return parseMargins(cf.margins)
}

func runCompare(cmd *cobra.Command, args []string, rf *command.RunFlags, cf *compareFlags) error {
	margins, err := cf.check()
	if err != nil {
		return err
	}
	if err := cf.kf.Check(cmd, cf.format); err != nil {
		return err
	}
	if cf.exact && len(cf.kf.Levels) > 0 {
		return command.UsageError("--skill re-judges a sampled comparison: drop --exact (each level is solved exactly where the solver reaches it)")
	}
	if cf.exact {
		return runCompareExact(cmd, args, rf, cf, margins)
	}
	if cf.rational {
		return command.UsageError("--rational needs --exact: a sampled comparison has no fractions")
	}
	run, err := cf.cp.Plan(cmd, rf)
	if err != nil {
		return err
	}
	if cmd.Flags().Changed("trials") && rf.Trials < engine.MinTrials {
		return command.UsageError("--trials %d: allowed: an integer from %d (a comparison's test of the mean rounds is a large-sample test) to %d",
			rf.Trials, engine.MinTrials, int64(sim.MaxTrials))
	}
	a, b, err := cf.variants(rf, args)
	if err != nil {
		return err
	}
	od, err := cf.cp.Open(cmd, &run)
	if err != nil {
		return err
	}
	if od != nil {
		defer od.Close()
	}
	c, runErr := engine.Run(cmd.Context(), run, a, b, cf.alpha)
	states := cf.cp.States(cmd, runErr)
	if c == nil && analysis.Interrupted(runErr) {
		return &command.ExitError{Code: command.ExitInterrupted, Msg: "interrupted before two blocks of every pass finished; nothing compared"}
	}
	if c == nil {
		return runErr
	}
	if err := c.ApplyMargins(margins); err != nil {
		return command.UsageError("%v", err)
	}
	var axes []*skill.Axis
	var skillErr error
	if runErr == nil {
		axes, skillErr = cf.kf.FightEffect(cmd.Context(), run, a, b)
	}
	if err := cf.report(cmd, od, c, states, axes); err != nil {
		return err
	}
	if analysis.Interrupted(runErr) {
		return &command.ExitError{Code: command.ExitInterrupted, Msg: fmt.Sprintf("interrupted; above: the %d paired trials every pass finished", c.Trials())}
	}
	return command.SkillStopped(skillErr)
}

// variants loads the two variants args name (one scenario twice when
// there is one), with --set-a and --set-b.
func (cf *compareFlags) variants(rf *command.RunFlags, args []string) (a, b engine.Variant, err error) {
	if a, err = variantOf(rf, args[0], cf.setA, "--set-a"); err != nil {
		return a, b, err
	}
	if b, err = variantOf(rf, args[len(args)-1], cf.setB, "--set-b"); err != nil {
		return a, b, err
	}
	return a, b, cf.kf.CheckScenarios(a.Scenario, b.Scenario)
}

// report prints the comparison in --format and writes its report when
// --out opened one (od).
func (cf *compareFlags) report(cmd *cobra.Command, od *outdir.Dir, c *engine.Comparison, states []*sim.Checkpoint, axes []*skill.Axis) error {
	if err := writeComparison(cmd, c, cf.format, axes); err != nil {
		return err
	}
	if od == nil {
		return nil
	}
	od.Skill = axes
	if err := comparereport.Write(od, c, states); err != nil {
		return err
	}
	command.Notice(cmd, "report written to %s", od.Path())
	return nil
}

// variantOf loads one variant: the scenario with --set, then its own
// overrides, labelled by its name and those overrides.
func variantOf(rf *command.RunFlags, ref string, sets []string, flag string) (engine.Variant, error) {
	sc, err := rf.Load(ref)
	if err != nil {
		return engine.Variant{}, err
	}
	for _, s := range sets {
		if err := sc.SetFrom(flag, s); err != nil {
			return engine.Variant{}, err
		}
	}
	return engine.Variant{Label: strings.Join(append([]string{sc.Name}, sets...), " "), Scenario: sc}, nil
}

func writeComparison(cmd *cobra.Command, c *engine.Comparison, format string, axes []*skill.Axis) error {
	w := cmd.OutOrStdout()
	switch format {
	case "csv":
		return formats.WriteCSV(w, comparereport.Rows(c))
	case "json":
		return formats.WriteIndented(w, skillreport.With(comparereport.Object(c), axes))
	}
	if err := comparereport.WriteTable(w, c); err != nil {
		return err
	}
	return command.WriteSkill(cmd, axes, format)
}

// parseMargins reads the --margin flags; a bad one is bad usage.
func parseMargins(flags []string) ([]engine.Margin, error) {
	var out []engine.Margin
	for _, f := range flags {
		m, err := engine.ParseMargin(f)
		if err != nil {
			return nil, command.UsageError("--margin %v", err)
		}
		out = append(out, m)
	}
	return out, nil
}

// runCompareExact is compare --exact: both variants solved, the exact
// difference of every metric. A solve refused for its budget names the
// budget and the sampled compare that estimates the same difference.
func runCompareExact(cmd *cobra.Command, args []string, rf *command.RunFlags, cf *compareFlags, margins []engine.Margin) error {
	for _, f := range []string{"resume", "trials", "seed", "workers", "chunk", "checkpoint-every"} {
		if fl := cmd.Flags().Lookup(f); fl != nil && fl.Changed {
			return command.UsageError("--exact solves both variants and runs no trials: --%s does not apply (allowed with --exact: --set, --set-a, --set-b, --margin, --rational, --format, --out)", f)
		}
	}
	// The report directory is checked and locked before the solves, so
	// that they cannot end unable to write it.
	var od *outdir.Dir
	if cf.cp.Out != "" {
		var err error
		if od, err = outdir.Open(cf.cp.Out); err != nil {
			return err
		}
		defer od.Close()
		od.Command = cmd.Root().Annotations[command.Invocation]
	}
	a, err := variantOf(rf, args[0], cf.setA, "--set-a")
	if err != nil {
		return err
	}
	b, err := variantOf(rf, args[len(args)-1], cf.setB, "--set-b")
	if err != nil {
		return err
	}
	c, err := engine.Exact(cmd.Context(), a, b, cf.rational)
	switch {
	case analysis.Interrupted(err):
		return &command.ExitError{Code: command.ExitInterrupted, Msg: "interrupted: the solves stopped before their end; nothing compared"}
	case errors.Is(err, rules.ErrBudget):
		return fmt.Errorf("%w\ncompare by sampling instead: %s", err, sampledCompare(cmd, args))
	case err != nil:
		return err
	}
	if err := c.ApplyMargins(margins); err != nil {
		return command.UsageError("%v", err)
	}
	w := cmd.OutOrStdout()
	switch cf.format {
	case "csv":
		err = formats.WriteCSV(w, comparereport.ExactRows(c))
	case "json":
		err = comparereport.WriteExactJSON(w, c)
	default:
		err = comparereport.WriteExactTable(w, c)
	}
	if err != nil || od == nil {
		return err
	}
	if err := comparereport.WriteExact(od, c); err != nil {
		return err
	}
	command.Notice(cmd, "report written to %s", od.Path())
	return nil
}

// sampledCompare is the command line of compare without --exact and
// --rational: the sampled comparison of the same variants.
func sampledCompare(cmd *cobra.Command, args []string) string {
	words := append([]string{"crucible", "compare"}, args...)
	cmd.Flags().Visit(func(f *pflag.Flag) {
		if f.Name == "exact" || f.Name == "rational" {
			return
		}
		if sv, ok := f.Value.(pflag.SliceValue); ok {
			for _, v := range sv.GetSlice() {
				words = append(words, "--"+f.Name, v)
			}
			return
		}
		words = append(words, "--"+f.Name, f.Value.String())
	})
	return batch.ShellJoin(append(words, "--trials", "100000"))
}
