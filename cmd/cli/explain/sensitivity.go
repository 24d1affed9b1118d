package explain

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/analysis"
	engine "github.com/crucible-sim/crucible/analysis/explain"
	"github.com/crucible-sim/crucible/cmd/cli/command"
	"github.com/crucible-sim/crucible/reports/explainreport"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
)

// Bootstrap is how many resamples of the design's rows give the indices'
// standard errors.
const Bootstrap = 200

// sensitivities prints which of the scenario's numbers matter to the
// metric. A metric the battle (spec) does not report is bad usage, like
// one that does not parse.
func (o *options) sensitivities(cmd *cobra.Command, sc *scenarios.Scenario, spec rules.Spec) error {
	m, err := rules.ParseMetric(o.metric)
	if err == nil {
		err = m.Check(spec)
	}
	if err != nil {
		return command.UsageError("--metric %q: %v", o.metric, err)
	}
	axes, err := sensitivityAxes(o.sensitivity)
	if err != nil {
		return command.UsageError("%v", err)
	}
	plan, err := o.rf.Plan(cmd)
	if err != nil {
		return err
	}
	o.seed = plan.Seed
	opts := engine.SensitivityOptions{
		Design:   engine.Design{Rows: o.rows, Boot: Bootstrap, Seed: plan.Seed},
		Sampling: engine.Sampling{Seed: plan.Seed, Trials: plan.TrialsOf(sc)}, Workers: plan.Workers, MonteCarlo: o.sampled,
	}
	s, err := engine.Sensitivities(cmd.Context(), sc, axes, m, opts)
	if analysis.Interrupted(err) {
		return &command.ExitError{Code: command.ExitInterrupted, Msg: "interrupted: no sensitivity shown"}
	}
	if err != nil {
		return err
	}
	return o.emit(cmd, s.Scenario+" --sensitivity", func(w io.Writer) error { return explainreport.WriteSensitivity(w, s) },
		func() ([]byte, error) { return explainreport.SensitivityJSON(s) }, func() ([]byte, error) { return explainreport.SensitivityCSV(s) })
}

// sensitivityAxes reads the --sensitivity fields. A flag may join several
// by commas: a piece with "=" starts a field, one without continues the
// list of the field before it (PATH=1,2,3).
func sensitivityAxes(args []string) ([]scenarios.Axis, error) {
	var fields []string
	for _, arg := range args {
		for _, piece := range strings.Split(arg, ",") {
			if strings.Contains(piece, "=") || len(fields) == 0 {
				fields = append(fields, piece)
			} else {
				fields[len(fields)-1] += "," + piece
			}
		}
	}
	var axes []scenarios.Axis
	for _, f := range fields {
		a, err := scenarios.ParseAxis("--sensitivity", strings.TrimSpace(f))
		if err != nil {
			return nil, err
		}
		if !a.Numeric() || len(a.Values) < 2 {
			return nil, fmt.Errorf("--sensitivity %s: a field needs two or more numbers (allowed: LO..HI, LO..HI:STEP or a list of numbers)", f)
		}
		axes = append(axes, a)
	}
	return axes, scenarios.CheckAxes(axes)
}
