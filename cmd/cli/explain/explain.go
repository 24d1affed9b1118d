package explain

import (
	"bytes"
	"errors"
	"io"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/analysis"
	engine "github.com/crucible-sim/crucible/analysis/explain"
	"github.com/crucible-sim/crucible/cmd/cli/command"
	"github.com/crucible-sim/crucible/reports/explainreport"
	"github.com/crucible-sim/crucible/reports/verdicts"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
	"github.com/crucible-sim/crucible/sim/batch"
)

// DefaultBudget is the most trials a search past the run fights by
// default: enough to find an outcome of probability 10⁻⁶ a hundred times
// over.
const DefaultBudget = 100_000_000

// NewCmd returns the explain command.
func NewCmd() *cobra.Command {
	var o options
	cmd := &cobra.Command{
		Use:   "explain SCENARIO --outcome CONDITION | --attribute units|parts --side S | --sensitivity PATH=LO..HI",
		Short: "Show example games of an outcome: how a battle comes to end so",
		Long: `explain fights a scenario and prints example games whose outcome meets the
condition, each replayed round by round with the command that replays it
again. The examples are trials the run kept of each outcome (the same for
any workers, chunking, shards or resume); when the run kept too few, it
searches the trials after the run until it finds them or --budget trials
are fought, and says how rare the outcome is, with a 95 % interval.

--attribute units|parts --side S shares the side's win share among its
units (Eclipse ships, a rules file's units, DBD units, EC4X squadrons) or
the parts of its designs (an Eclipse blueprint's parts, an EmojiSpace
ship's modules): each kind's Shapley value and what the side keeps
without one, exact over every coalition through the solver where it
reaches, else by Monte Carlo on common random numbers with standard
errors — over every coalition, or by one sampled order of the players a
trial when there are more than 4,096 coalitions.

--sensitivity PATH=LO..HI (repeated, or joined by commas) says which of
the scenario's numbers matters to --metric: each field's Sobol indices,
the share of the metric's variation it explains on its own (first-order)
and with its interactions (total), over its values each equally likely,
by Jansen's estimators on a Saltelli design of --rows rows with bootstrap
standard errors; each combination of values solved exactly where the
solver reaches, else fought --trials trials on common random numbers.

CONDITION is clauses joined by commas, every one of which must hold:
` + rules.ConditionForms + `.`,
		Example: `  crucible explain eclipse/interceptor-duel --outcome 'b wins, rounds<=2' --seed 7
  crucible explain eclipse/two-interceptors-vs-ancient --outcome 'a wins' --paths 3
  crucible explain eclipse/two-cruisers-vs-interceptor-and-cruiser --attribute units --side b
  crucible explain eclipse/upgraded-three-types --attribute parts --side a
  crucible explain stratfight/thug-vs-guard --outcome 'b wins, rounds<=3' --examples 1 --seed 7
  crucible explain eclipse/two-cruisers-vs-interceptor-and-cruiser --sensitivity 'attacker.ships.Cruiser=1..3,defender.ships.Interceptor=1..3' --seed 1`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd, args[0]) },
	}
	o.rf.RegisterSeed(cmd, false)
	o.rf.RegisterTrials(cmd)
	o.rf.RegisterSet(cmd)
	fl := cmd.Flags()
	fl.StringVar(&o.outcome, "outcome", "", "the outcome to show, `CONDITION` (required), e.g. 'b wins, end destroyed, rounds<=2'")
	fl.IntVarP(&o.examples, "examples", "k", 3, "how many example games to show (1 to 100)")
	fl.Int64Var(&o.budget, "budget", DefaultBudget, "the most `trials` a search past the run fights")
	fl.IntVar(&o.paths, "paths", 0, "instead of examples, the `K` most probable ways the battle comes to the outcome, exact through the solver's chain (Eclipse battles, EmojiSpace duels, Strategic Fighting lifespans, rules files)")
	fl.StringVar(&o.attr, "attribute", "", "instead of examples, attribute a side's win share to its `units` or to the parts of its designs (parts): Shapley values and leave-one-out, exact through the solver where it reaches, else Monte Carlo")
	fl.StringVar(&o.side, "side", "a", "the `side` (a or b) --attribute speaks of")
	fl.BoolVar(&o.sampled, "monte-carlo", false, "attribute by Monte Carlo (--trials of every coalition on common random numbers, with standard errors) even where the exact solver reaches; without a solver, or beyond its budget, it is the way taken")
	fl.StringArrayVar(&o.sensitivity, "sensitivity", nil, "instead of examples, which of the scenario's numbers matters: Sobol indices of fields `PATH=LO..HI` (or LO..HI:STEP, or a list of numbers; repeat the flag or join fields by commas)")
	fl.StringVar(&o.metric, "metric", "win.a", "the `METRIC` --sensitivity explains: "+rules.MetricForms)
	fl.IntVar(&o.rows, "rows", 1000, "the rows `N` of --sensitivity's Saltelli design: N·(fields+2) evaluations")
	fl.StringVarP(&o.format, "format", "f", "table", "output format: table, json or csv")
	fl.StringVar(&o.out, "out", "", "also write the answer to `DIR`: explain.txt, explain.json, explain.csv and index.html, a page of it")
	return cmd
}

func (o *options) check() error {
	switch {
	case o.outcome == "" && o.attr == "" && len(o.sensitivity) == 0:
		return command.UsageError("explain needs --outcome CONDITION (%s)", rules.ConditionForms)
	case o.examples < 1 || o.examples > 100:
		return command.UsageError("--examples %d: allowed: an integer from 1 to 100", o.examples)
	case o.budget < 0 || o.budget > sim.MaxTrials:
		return command.UsageError("--budget %d: allowed: an integer from 0 to %d", o.budget, int64(sim.MaxTrials))
	case o.paths < 0 || o.paths > 100:
		return command.UsageError("--paths %d: allowed: an integer from 1 to 100 (0, the default: examples instead)", o.paths)
	case o.attr != "" && o.attr != "units" && o.attr != "parts":
		return command.UsageError("--attribute %q: allowed: units, parts%s", o.attr, doc.DidYouMean(o.attr, []string{"units", "parts"}))
	case o.side != "a" && o.side != "b":
		return command.UsageError("--side %q: allowed: a, b", o.side)
	case o.rows < 2 || o.rows > 1_000_000:
		return command.UsageError("--rows %d: allowed: an integer from 2 to 1000000", o.rows)
	case o.format != "table" && o.format != "json" && o.format != "csv":
		return command.UsageError("--format %q: allowed: table, json, csv", o.format)
	}
	return nil
}

func (o *options) run(cmd *cobra.Command, ref string) error {
	if err := o.check(); err != nil {
		return err
	}
	sc, err := o.rf.Load(ref)
	if err != nil {
		return err
	}
	battle, err := sc.Compile()
	if err != nil {
		return err
	}
	if o.attr != "" {
		return o.attribute(cmd, sc)
	}
	if len(o.sensitivity) > 0 {
		return o.sensitivities(cmd, sc, battle.Spec())
	}
	cond, err := rules.ParseCondition(o.outcome, battle.Spec())
	if err != nil {
		return command.UsageError("--outcome %q: %v", o.outcome, err)
	}
	ctx := cmd.Context()
	if o.paths > 0 {
		return o.ways(cmd, sc, cond)
	}
	plan, err := o.rf.Plan(cmd)
	if err != nil {
		return err
	}
	o.seed = plan.Seed
	res, _, err := plan.Fight(ctx, sc, nil)
	if err == nil {
		var f *engine.Found
		if f, err = engine.Examples(ctx, res, cond, o.examples, o.budget, plan.Workers); err == nil {
			return o.write(cmd, ref, f)
		}
	}
	if analysis.Interrupted(err) {
		return &command.ExitError{Code: command.ExitInterrupted, Msg: "interrupted: no examples shown"}
	}
	return err
}

// attribute prints which units win a side its battles.
func (o *options) attribute(cmd *cobra.Command, sc *scenarios.Scenario) error {
	side := rules.A
	if o.side == "b" {
		side = rules.B
	}
	of := rules.Units
	if o.attr == "parts" {
		of = rules.Parts
	}
	a, err := o.attributePlayers(cmd, sc, side, of)
	if analysis.Interrupted(err) {
		return &command.ExitError{Code: command.ExitInterrupted, Msg: "interrupted: no attribution shown"}
	}
	if err != nil {
		return err
	}
	return o.emit(cmd, a.Scenario+" --attribute "+o.attr, func(w io.Writer) error { return explainreport.WriteAttribution(w, a) },
		func() ([]byte, error) { return explainreport.AttributionJSON(a) }, func() ([]byte, error) { return explainreport.AttributionCSV(a) })
}

// attributePlayers attributes exactly through the solver where it reaches
// (the ruleset has one, it takes the scenario and its budget holds), else
// by Monte Carlo over the run's trials and seed.
func (o *options) attributePlayers(cmd *cobra.Command, sc *scenarios.Scenario, side rules.Side, of rules.Players) (*engine.Attribution, error) {
	if _, err := rules.LookupCoalitions(sc.Ruleset); err != nil {
		return nil, err
	}
	if s, err := rules.LookupSolver(sc.Ruleset); err == nil && !o.sampled && s.Check(sc.Document()) == nil {
		a, err := engine.Attribute(cmd.Context(), sc, side, of)
		if !errors.Is(err, rules.ErrBudget) {
			return a, err
		}
	}
	plan, err := o.rf.Plan(cmd)
	if err != nil {
		return nil, err
	}
	o.seed = plan.Seed
	s := engine.Sampling{Seed: plan.Seed, Trials: plan.TrialsOf(sc)}
	a, err := engine.AttributeSampled(cmd.Context(), sc, side, of, s)
	if errors.Is(err, engine.ErrTooManyCoalitions) {
		return engine.AttributeOrders(cmd.Context(), sc, side, of, s)
	}
	return a, err
}

// ways prints the most probable ways to the outcome.
func (o *options) ways(cmd *cobra.Command, sc *scenarios.Scenario, cond rules.Condition) error {
	ways, err := engine.MostProbableWays(cmd.Context(), sc, cond, o.paths)
	if analysis.Interrupted(err) {
		return &command.ExitError{Code: command.ExitInterrupted, Msg: "interrupted: no path shown"}
	}
	if err != nil {
		return err
	}
	return o.emit(cmd, ways.Scenario+" --paths", func(w io.Writer) error { return explainreport.WriteWays(w, ways) },
		func() ([]byte, error) { return explainreport.WaysJSON(ways) }, func() ([]byte, error) { return explainreport.WaysCSV(ways) })
}

// write replays each example and prints them in the chosen format.
func (o *options) write(cmd *cobra.Command, ref string, f *engine.Found) error {
	var accounts []explainreport.Account
	for _, e := range f.Examples {
		var buf bytes.Buffer
		out, err := f.Replay(cmd.Context(), e, &buf)
		if err == nil {
			err = verdicts.WriteOutcome(&buf, f.Run.Spec, out)
		}
		if err != nil {
			return err
		}
		accounts = append(accounts, explainreport.Account{Example: e, Replay: buf.String(), Command: replayCommand(cmd, &o.rf, ref, f.Run.Seed, e.Trial)})
	}
	return o.emit(cmd, f.Run.Scenario+" --outcome", func(w io.Writer) error { return explainreport.WriteText(w, f, accounts) },
		func() ([]byte, error) { return explainreport.JSON(f, accounts) }, func() ([]byte, error) { return explainreport.ExamplesCSV(f, accounts) })
}

// replayCommand is the command line that replays one example.
func replayCommand(cmd *cobra.Command, rf *command.RunFlags, ref string, seed uint64, trial int64) string {
	words := []string{cmd.Root().Name(), "replay", ref, "--trial", strconv.FormatInt(trial, 10), "--seed", strconv.FormatUint(seed, 10)}
	return batch.ShellJoin(append(words, rf.OverrideWords()...))
}
