package reports

import (
	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/spread"
	"github.com/crucible-sim/crucible/reports/outdir"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/sim"
)

// WriteReport replaces the directory's report with the report of results
// and, when states is not nil (an interrupted run), their checkpoint. If
// any file cannot be written (a full or read-only disk), the old report
// stays as it was and no temporary file is left.
func WriteReport(d *outdir.Dir, results []*analysis.Result, version string, states []*sim.Checkpoint) error {
	return WriteRunReport(d, results, nil, nil, version, states)
}

// WriteRunReport is WriteReport with the results' policy spreads, which
// the page shows in their scenarios' sections and spread.csv lists, and
// their exact solutions (indexed as results; nil where a solver did not
// reach), which the page shows beside the estimates.
func WriteRunReport(d *outdir.Dir, results []*analysis.Result, spreads []*spread.Spread, exacts []*rules.Exact, version string, states []*sim.Checkpoint) error {
	return d.Replace(func(dir string) error {
		return writeDir(dir, results, Meta{version, d.Command, d.Skill}, nil, spreads, exacts)
	}, states)
}

// WriteCheck replaces the directory's report with the report of a check:
// the results, and the verdicts first on the page and in verdicts.csv and
// verdicts.json; and, when states is not nil (an interrupted check), their
// checkpoint.
func WriteCheck(d *outdir.Dir, check *analysis.Check, version string, states []*sim.Checkpoint) error {
	return d.Replace(func(dir string) error {
		return writeDir(dir, check.Results, Meta{version, d.Command, d.Skill}, check, nil, nil)
	}, states)
}
