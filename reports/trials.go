package reports

import (
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/sim"
)

// TrialTableFile names the per-trial CSV of a scenario in a report
// directory: trials-<scenario>.csv, the scenario's name with '/' as '-'.
func TrialTableFile(scenario string) string {
	return "trials-" + strings.ReplaceAll(scenario, "/", "-") + ".csv"
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
