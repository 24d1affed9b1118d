package sweep

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/analysis"
	engine "github.com/crucible-sim/crucible/analysis/sweep"
	"github.com/crucible-sim/crucible/cmd/cli/command"
	"github.com/crucible-sim/crucible/reports/sweepreport"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
)

// NewCmd returns the sweep command.
func NewCmd() *cobra.Command {
	o := &sweepOptions{}
	cmd := &cobra.Command{
		Use:   "sweep SWEEP | sweep SCENARIO --vary PATH=LIST [--vary PATH=LIST]",
		Short: "Vary one or two scenario fields over a grid: curve, heat map, break-even",
		Long: `sweep fights a base scenario at every point of a grid of one or two varied
fields (any --set path), every point on the same random streams (common
random numbers), so that neighbouring points differ by the rule, not by luck.
It prints the metric at each point with its 95 % interval (and the exact
value where the ruleset's solver reaches), and the break-even: where it
crosses its level (50 % for a share, 0 for the margin, --level for others).
A sweep file (a built-in one such as eclipse/shields, or a YAML file with a
sweep: field) names the scenario and the fields; --vary does the same for a scenario from the command line, as a list
(a,b,c, or a YAML list whose values may be lists and mappings) or a range
(FROM..TO or FROM..TO:STEP). "-" reads the sweep file or the scenario from
standard input. --metric follows any metric a claim takes; an integer
field's break-even names the two grid values around it, and a field of names
is ranked instead. --out writes sweep.csv, sweep.json, breakeven.csv (or
ranking.csv), the curve (or the ranked bars), the heat map (two fields) and
index.html.`,
		Example: `  crucible sweep eclipse/shields --seed 1
  crucible sweep stratfight/samwell-vs-guard --vary b.armor.armor_value=0..8 --trials 20000
  crucible sweep eclipse/shielded-interceptors-vs-gunship --vary "parts[0].shield=0..3" \
      --vary "attacker.ships.Shielded Interceptor=2,3,4,5,6" --out shields/`,
		Args: cobra.ExactArgs(1),
		RunE: o.run,
	}
	o.rf.RegisterSeed(cmd, false)
	o.rf.RegisterTrials(cmd)
	o.rf.RegisterSet(cmd)
	cmd.Flag("trials").Usage = "`N` trials per grid point (default: the sweep file's trials field, else 10000)"
	cmd.Flags().StringArrayVar(&o.varies, "vary", nil, "vary a field of SCENARIO, `PATH=LIST`: a,b,c or FROM..TO[:STEP] or a YAML list such as '[leather, {armor_value: 5}]' (once or twice)")
	cmd.Flags().StringArrayVar(&o.labels, "label", nil, "name the field of the --vary before it in headings and plots, e.g. 'Guard armor' (default: its path)")
	cmd.Flags().StringVar(&o.metric, "metric", "", "the metric the curve and break-even follow: any a claim takes, "+rules.MetricForms+" (default: the sweep file's, else win.a)")
	cmd.Flags().StringVar(&o.level, "level", "", "where the metric breaks even, `X`: a number, or a percentage for a share or the margin (default: the sweep file's, else 50 % for a share, 0 for the margin, none for others)")
	cmd.Flags().StringVarP(&o.format, "format", "f", "table", "output format: table, csv (the tidy table of every point and metric) or json (the points, the break-even, the ranking and the shape)")
	o.cp.Register(cmd, "also write the sweep's report (CSV, PNG plots and index.html) to this directory, which it replaces as a whole")
	cmd.Flags().BoolVar(&o.exact, "exact", true, "also solve each point exactly where the ruleset has a solver and the point is within its budget")
	return cmd
}

// sweepOptions are the flags of sweep.
type sweepOptions struct {
	rf     command.RunFlags
	cp     command.Checkpointing
	varies []string
	labels []string
	metric string
	level  string
	format string
	exact  bool
}

// run runs sweep.
func (o *sweepOptions) run(cmd *cobra.Command, args []string) error {
	if err := command.CheckFormat(o.format, "table", "csv", "json"); err != nil {
		return err
	}
	run, err := o.cp.Plan(cmd, &o.rf)
	if err != nil {
		return err
	}
	sw, err := loadSweep(cmd, &o.rf, args[0], sweepFlags{o.varies, o.labels, o.metric, o.level})
	if err != nil {
		return err
	}
	if run.Trials == 0 {
		run.Trials = sw.trials
	}
	if err := scenarios.CheckSweepSize(len(sw.Points), run.Trials); err != nil && cmd.Flags().Changed("trials") {
		return command.UsageError("--trials %d: %v", run.Trials, err)
	}
	od, err := o.cp.Open(cmd, &run)
	if err != nil {
		return err
	}
	if od != nil {
		defer od.Close()
	}
	res, runErr := engine.Run(cmd.Context(), run, sw.Sweep, o.exact)
	states := o.cp.States(cmd, runErr)
	if res == nil {
		return runErr
	}
	if err := writeSweep(cmd, res, o.format); err != nil {
		return err
	}
	if od != nil {
		if err := sweepreport.Write(od, res, states); err != nil {
			return err
		}
		command.Notice(cmd, "sweep report written to %s", od.Path())
	}
	if analysis.Interrupted(runErr) {
		return &command.ExitError{Code: command.ExitInterrupted, Msg: fmt.Sprintf("interrupted; above are the %d of %d points that finished", len(res.Points), len(sw.Points))}
	}
	return runErr
}

// loadedSweep is a sweep ready to fight and its trials per point from the
// sweep file (0 when it gives none).
type loadedSweep struct {
	*engine.Sweep
	trials int64
}

// sweepFlags are the flags that shape a sweep: --vary's axes with their
// --labels, --metric and --level.
type sweepFlags struct {
	varies, labels []string
	metric, level  string
}

// loadSweep reads the sweep a command names: a sweep file, or a scenario
// with --vary axes. Malformed flags are bad usage; a value the scenario
// rejects is the scenario's error, located at the value, and a metric the
// battle does not report is an error located at the metric.
func loadSweep(cmd *cobra.Command, rf *command.RunFlags, ref string, f sweepFlags) (loadedSweep, error) {
	axes, err := varyAxes(f)
	if err != nil {
		return loadedSweep{}, err
	}
	file, isSweep, err := rf.ReadSweep(ref)
	switch {
	case err != nil:
		return loadedSweep{}, err
	case isSweep && len(axes) > 0:
		return loadedSweep{}, command.UsageError("%s is a sweep file, which names its own fields: --vary goes with a scenario", command.DisplayRef(ref))
	case isSweep && len(f.labels) > 0:
		return loadedSweep{}, command.UsageError("%s is a sweep file: --label goes with --vary (a file labels its fields with label:)", command.DisplayRef(ref))
	case !isSweep && len(axes) == 0:
		return loadedSweep{}, notASweep(ref)
	}
	name, base, trials := ref, ref, int64(0)
	m, origin := rules.Metric{Kind: rules.WinShare, Side: rules.A}, ""
	var level *float64
	var sets []scenarios.Override
	if isSweep {
		name, m, origin, level, base, trials, axes, sets = file.Name, file.Metric, file.MetricOrigin, file.Level, file.Scenario, file.Trials, file.Axes, file.Sets
	}
	if f.metric != "" {
		if m, err = rules.ParseMetric(f.metric); err != nil {
			return loadedSweep{}, command.UsageError("--metric %s: %v", f.metric, err)
		}
		origin, level = "--metric "+f.metric, nil
	}
	if f.level != "" {
		v, err := scenarios.ParseLevel(m, f.level)
		if err != nil {
			return loadedSweep{}, command.UsageError("--level %s: %v", f.level, err)
		}
		level = &v
	}
	sc, err := command.LoadBase(rf, base, sets)
	if err != nil {
		return loadedSweep{}, err
	}
	if !isSweep {
		name = sc.Name
	}
	sw, err := engine.New(name, sc, axes, m)
	var noMetric *engine.MetricError
	switch {
	case errors.As(err, &noMetric) && origin != "":
		return loadedSweep{}, fmt.Errorf("%s: %v", origin, noMetric.Err)
	case err != nil:
		return loadedSweep{}, err
	}
	sw.Level = level
	if isSweep {
		sw.Description = file.Description
	}
	return loadedSweep{Sweep: sw, trials: trials}, nil
}

// varyAxes reads --vary's axes, each labelled by the --label given for
// it in order; more labels than axes is bad usage.
func varyAxes(f sweepFlags) ([]scenarios.Axis, error) {
	var axes []scenarios.Axis
	for _, v := range f.varies {
		a, err := scenarios.ParseVary(v)
		if err != nil {
			return nil, command.UsageError("%v", err)
		}
		axes = append(axes, a)
	}
	if len(f.labels) > len(axes) && len(axes) > 0 {
		return nil, command.UsageError("--label: %d labels for %d --vary fields (allowed: one per --vary, in order)", len(f.labels), len(axes))
	}
	for i, l := range f.labels {
		if i < len(axes) {
			axes[i].Label = strings.TrimSpace(l)
		}
	}
	if len(axes) > 0 {
		if err := scenarios.CheckAxes(axes); err != nil {
			return nil, command.UsageError("--vary: %v", err)
		}
		if err := scenarios.CheckSweepSize(scenarios.Points(axes), 1); err != nil {
			return nil, command.UsageError("--vary: %v", err)
		}
	}
	return axes, nil
}

func writeSweep(cmd *cobra.Command, res *engine.Result, format string) error {
	switch format {
	case "csv":
		return sweepreport.WriteRows(cmd.OutOrStdout(), res)
	case "json":
		return sweepreport.WriteJSON(cmd.OutOrStdout(), res)
	}
	return sweepreport.WriteTable(cmd.OutOrStdout(), res)
}

// notASweep is sweep's error for a ref that names no sweep and comes
// without --vary: bad usage for a scenario, an input error (with the
// nearest built-in names) for a name that is neither a file nor built in.
func notASweep(ref string) error {
	if _, err := os.Stat(ref); err != nil && ref != scenarios.Stdin && !scenarios.IsBuiltin(ref) {
		return fmt.Errorf("%s: no such file and no built-in sweep or scenario of that name%s", ref, scenarios.NearestBuiltin(ref))
	}
	return command.UsageError("%s is not a sweep: name one or two fields to vary with --vary PATH=LIST, or give a sweep file (crucible scenarios lists the built-in ones)", command.DisplayRef(ref))
}

// Validate checks a sweep file as sweep would before its first trial
// (its base scenario with the file's and --set's overrides, every point of
// the grid compiled with its values) and says so.
func Validate(cmd *cobra.Command, rf *command.RunFlags, ref string) error {
	sw, err := loadSweep(cmd, rf, ref, sweepFlags{})
	if err != nil {
		return err
	}
	var axes []string
	for _, a := range sw.Axes {
		axes = append(axes, fmt.Sprintf("%s (%d values)", a.Path, len(a.Values)))
	}
	fmt.Fprintf(cmd.OutOrStdout(), "%s: ok (sweep of %s over %s: %d points, each compiles)\n", ref, sw.Base, strings.Join(axes, " × "), len(sw.Points))
	return nil
}
