package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports"
	"github.com/crucible-sim/crucible/scenarios"
)

func newSweepCmd() *cobra.Command {
	var (
		rf     runFlags
		cp     checkpointing
		varies []string
		metric string
		format string
		exact  bool
	)
	cmd := &cobra.Command{
		Use:   "sweep SWEEP | sweep SCENARIO --vary PATH=LIST [--vary PATH=LIST]",
		Short: "Vary one or two scenario fields over a grid: curve, heat map, break-even",
		Long: `sweep fights a base scenario at every point of a grid of one or two varied
fields (any --set path), every point on the same random streams (common
random numbers), so that neighbouring points differ by the rule, not by luck.
It prints the win share at each point with its 95 % Wilson interval (and the
exact value where the ruleset's solver reaches), and the break-even interval:
where that band contains 50 %. A sweep file (a built-in one such as
eclipse/shields, or a YAML file with a sweep: field) names the scenario and the
fields; --vary does the same for a scenario from the command line, as a list
(a,b,c, or a YAML list whose values may be lists and mappings) or a range
(FROM..TO or FROM..TO:STEP). "-" reads the sweep file or the scenario from
standard input. --out writes sweep.csv,
breakeven.csv, the curve, the heat map (two fields) and index.html.`,
		Example: `  crucible sweep eclipse/shields --seed 1
  crucible sweep stratfight/samwell-vs-guard --vary b.armor.armor_value=0..8 --trials 20000
  crucible sweep eclipse/shielded-interceptors-vs-gunship --vary "parts[0].shield=0..3" \
      --vary "attacker.ships.Shielded Interceptor=2,3,4,5,6" --out shields/`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat(format, "table", "csv"); err != nil {
				return err
			}
			if err := cp.check(); err != nil {
				return err
			}
			prior, err := cp.prior(cmd)
			if err != nil {
				return err
			}
			run, err := rf.plan(cmd)
			if err != nil {
				return err
			}
			run.Resume = prior
			sw, err := loadSweep(cmd, &rf, args[0], varies, metric)
			if err != nil {
				return err
			}
			if run.Trials == 0 {
				run.Trials = sw.trials
			}
			if err := scenarios.CheckSweepSize(len(sw.Points), run.Trials); err != nil && cmd.Flags().Changed("trials") {
				return usageError("--trials %d: %v", run.Trials, err)
			}
			od, err := cp.open(cmd, &run)
			if err != nil {
				return err
			}
			if od != nil {
				defer od.Close()
			}
			res, runErr := run.Sweep(cmd.Context(), sw.Sweep, exact)
			states := cp.states(cmd, runErr)
			if res == nil {
				return runErr
			}
			if err := writeSweep(cmd, res, format); err != nil {
				return err
			}
			if od != nil {
				if err := od.WriteSweep(res, states); err != nil {
					return err
				}
				fmt.Fprintf(cmd.ErrOrStderr(), "crucible: sweep report written to %s\n", od.Path())
			}
			if analysis.Interrupted(runErr) {
				return &exitError{code: exitInterrupted, msg: fmt.Sprintf("interrupted; above are the %d of %d points that finished", len(res.Points), len(sw.Points))}
			}
			return runErr
		},
	}
	rf.registerSeed(cmd, false)
	rf.registerTrials(cmd)
	rf.registerSet(cmd)
	cmd.Flag("trials").Usage = "`N` trials per grid point (default: the sweep file's trials field, else 10000)"
	cmd.Flags().StringArrayVar(&varies, "vary", nil, "vary a field of SCENARIO, `PATH=LIST`: a,b,c or FROM..TO[:STEP] or a YAML list such as '[leather, {armor_value: 5}]' (once or twice)")
	cmd.Flags().StringVar(&metric, "metric", "", "the share the curve and break-even follow: win.a, win.b, win.none or end.<reason> (default: the sweep file's, else win.a)")
	cmd.Flags().StringVarP(&format, "format", "f", "table", "output format: table or csv (the tidy table of every point and metric)")
	cp.register(cmd, "also write the sweep's report (CSV, PNG plots and index.html) to this directory, which it replaces as a whole")
	cmd.Flags().BoolVar(&exact, "exact", true, "also solve each point exactly where the ruleset has a solver and the point is within its budget")
	return cmd
}

// loadedSweep is a sweep ready to fight and its trials per point from the
// sweep file (0 when it gives none).
type loadedSweep struct {
	*analysis.Sweep
	trials int64
}

// loadSweep reads the sweep a command names: a sweep file, or a scenario
// with --vary axes. Malformed flags are bad usage; a value the scenario
// rejects is the scenario's error, located at the value.
func loadSweep(cmd *cobra.Command, rf *runFlags, ref string, varies []string, metricFlag string) (loadedSweep, error) {
	var axes []scenarios.Axis
	for _, v := range varies {
		a, err := scenarios.ParseVary(v)
		if err != nil {
			return loadedSweep{}, usageError("%v", err)
		}
		axes = append(axes, a)
	}
	if len(axes) > 0 {
		if err := scenarios.CheckAxes(axes); err != nil {
			return loadedSweep{}, usageError("--vary: %v", err)
		}
		if err := scenarios.CheckSweepSize(scenarios.Points(axes), 1); err != nil {
			return loadedSweep{}, usageError("--vary: %v", err)
		}
	}
	file, isSweep, err := rf.readSweep(ref)
	switch {
	case err != nil:
		return loadedSweep{}, err
	case isSweep && len(axes) > 0:
		return loadedSweep{}, usageError("%s is a sweep file, which names its own fields: --vary goes with a scenario", displayRef(ref))
	case !isSweep && len(axes) == 0:
		return loadedSweep{}, notASweep(ref)
	}
	name, metric, base, trials := ref, "win.a", ref, int64(0)
	var sets []scenarios.Override
	if isSweep {
		name, metric, base, trials, axes, sets = file.Name, file.Metric.String(), file.Scenario, file.Trials, file.Axes, file.Sets
	}
	if metricFlag != "" {
		metric = metricFlag
	}
	m, err := scenarios.ParseShareMetric(metric)
	if err != nil {
		return loadedSweep{}, usageError("--metric %s: %v", metric, err)
	}
	sc, err := loadBase(rf, base, sets)
	if err != nil {
		return loadedSweep{}, err
	}
	if !isSweep {
		name = sc.Name
	}
	sw, err := analysis.NewSweep(name, sc, axes, m)
	if err != nil {
		return loadedSweep{}, err
	}
	if isSweep {
		sw.Description = file.Description
	}
	return loadedSweep{Sweep: sw, trials: trials}, nil
}

// loadBase reads a sweep's base scenario and applies the sweep file's
// overrides, then --unset's and --set's (the command line wins).
func loadBase(rf *runFlags, ref string, sets []scenarios.Override) (*scenarios.Scenario, error) {
	if err := rf.checkOverrides(); err != nil {
		return nil, err
	}
	sc, err := rf.read(ref)
	if err != nil {
		return nil, err
	}
	for _, o := range sets {
		if err := sc.Override(o); err != nil {
			return nil, err
		}
	}
	if err := rf.unset(sc); err != nil {
		return nil, err
	}
	for _, s := range rf.sets {
		if err := sc.Set(s); err != nil {
			return nil, err
		}
	}
	return sc, nil
}

func writeSweep(cmd *cobra.Command, res *analysis.SweepResult, format string) error {
	if format == "csv" {
		return reports.WriteCSV(cmd.OutOrStdout(), reports.SweepRows(res))
	}
	return reports.WriteSweepTable(cmd.OutOrStdout(), res)
}
