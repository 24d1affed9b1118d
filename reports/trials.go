package reports

import (
	"strconv"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/reports/outdir"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/sim"
)

// TrialTableFile names the per-trial CSV of a scenario in a report
// directory: trials-<scenario>.csv, the scenario's name with '/' as '-'.
// A name too long for a file name is cut (see fileName).
func TrialTableFile(scenario string) string {
	return outdir.FileName("trials-", scenario, ".csv", false)
}

// trialTables are the per-trial CSVs of a report: one for each result
// that ran all its trials on a battle that lists them (rules.TrialTable),
// named by TrialTableFile, except that results whose scenario names give
// one file name (a/b and a-b) each get the hash of their name added.
func trialTables(results []*analysis.Result) []outdir.File {
	var tabled []*analysis.Result
	count := map[string]int{}
	for _, r := range results {
		if _, ok := r.Battle.(rules.TrialTable); ok && r.Tally.Trials == r.Planned && r.Tally.Trials > 0 {
			tabled = append(tabled, r)
			count[TrialTableFile(r.Scenario)]++
		}
	}
	var files []outdir.File
	for _, r := range tabled {
		name := outdir.FileName("trials-", r.Scenario, ".csv", count[TrialTableFile(r.Scenario)] > 1)
		files = append(files, outdir.File{Name: name, Render: func() ([]byte, error) {
			rows, _, err := TrialRows(r)
			if err != nil {
				return nil, err
			}
			return formats.CsvBytes(rows)
		}})
	}
	return files
}

// TrialRows refights every trial of a result whose battle lists its trials
// (rules.TrialTable), with the streams of the run, and returns the table:
// a header ("trial" and the battle's columns) and one row per trial. ok is
// false when the result has no such battle (or was read back or merged).
func TrialRows(r *analysis.Result) (rows [][]string, ok bool, err error) {
	table, isTable := r.Battle.(rules.TrialTable)
	if !isTable {
		return nil, false, nil
	}
	rows = append(rows, append([]string{"trial"}, table.TrialColumns()...))
	err = sim.Outcomes(r.Battle, r.Seed, r.Key, r.First, r.Tally.Trials, func(i int64, o *rules.Outcome) error {
		rows = append(rows, append([]string{strconv.FormatInt(i, 10)}, table.TrialRow(i, o)...))
		return nil
	})
	return rows, true, err
}
