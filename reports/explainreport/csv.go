package explainreport

import (
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/analysis/explain"
	"github.com/crucible-sim/crucible/reports/formats"
)

// The CSV forms of an explanation: one row per example, path step,
// player or field, with the columns a spreadsheet sorts on; numbers in
// full precision, as JSON has them. Each is written through
// formats.CsvBytes, so no cell is read as a formula.

// ExamplesCSV returns one row per example: its trial, where it came from,
// its outcome, its counters and the command that replays it.
func ExamplesCSV(f *explain.Found, accounts []Account) ([]byte, error) {
	counters := f.Run.Spec.CounterNames()
	head := []string{"scenario", "seed", "outcome", "trial", "from_run", "winner", "end", "rounds"}
	for _, c := range counters {
		head = append(head, "counter."+c)
	}
	rows := [][]string{append(head, "command")}
	for _, a := range accounts {
		o := a.Example.Outcome
		row := []string{f.Run.Scenario, u64(f.Run.Seed), f.Condition.String(), i64(a.Example.Trial), strconv.FormatBool(a.Example.FromRun),
			o.Winner.String(), f.Run.Spec.Ends[o.End], i64(o.Rounds)}
		for i := range counters {
			row = append(row, i64(o.Counters[i]))
		}
		rows = append(rows, append(row, a.Command))
	}
	return formats.CsvBytes(rows)
}

// WaysCSV returns one row per step of each path: the path's rank,
// probability and outcome, then the step's round, event, probability and
// the state it reaches.
func WaysCSV(ways *explain.Ways) ([]byte, error) {
	spec := ways.Chain.Spec()
	rows := [][]string{{"scenario", "outcome", "path", "path_probability", "rounds", "winner", "end", "step", "round", "event", "step_probability", "state"}}
	for k, p := range ways.Paths {
		round := int64(0)
		for j, s := range p.Steps {
			round += s.Rounds
			rows = append(rows, []string{ways.Scenario, ways.Condition.String(), strconv.Itoa(k + 1), f64(p.P), i64(p.Rounds),
				p.Outcome.Winner.String(), spec.Ends[p.Outcome.End], strconv.Itoa(j + 1), i64(round), s.Event, f64(s.P), ways.Chain.Describe(s.To)})
		}
	}
	return formats.CsvBytes(rows)
}

// AttributionCSV returns one row per kind of player: its Shapley value
// and leave-one-out, with their standard errors when sampled (empty when
// exact), beside the side's shares with all and with none.
func AttributionCSV(a *explain.Attribution) ([]byte, error) {
	rows := [][]string{{"scenario", "side", "players", "exact", "design", "name", "count", "shapley", "shapley_se", "without_one", "without_one_se", "leave_one_out", "all", "none"}}
	for k, u := range a.Units {
		se, wse := "", ""
		if a.Sampling != nil {
			se, wse = f64(a.ShapleySE[k]), f64(a.WithoutSE[k])
		}
		rows = append(rows, []string{a.Scenario, a.Side.String(), a.Of.String(), strconv.FormatBool(a.Sampling == nil), u.Design, u.Name, strconv.Itoa(u.Count),
			f64(a.Shapley[k]), se, f64(a.Without[k]), wse, f64(a.Without[k] - a.All), f64(a.All), f64(a.None)})
	}
	return formats.CsvBytes(rows)
}

// SensitivityCSV returns one row per field, ranked by total index: its
// values and its first-order and total indices with their bootstrap
// standard errors.
func SensitivityCSV(s *explain.Sensitivity) ([]byte, error) {
	rows := [][]string{{"scenario", "metric", "rank", "path", "values", "first", "first_se", "total", "total_se"}}
	for r, i := range s.Ranked() {
		a := s.Axes[i]
		rows = append(rows, []string{s.Scenario, s.Metric.String(), strconv.Itoa(r + 1), a.Path, strings.Join(a.Values, " "),
			f64(s.First[i]), f64(s.FirstSE[i]), f64(s.Total[i]), f64(s.TotalSE[i])})
	}
	return formats.CsvBytes(rows)
}

func f64(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
func i64(n int64) string   { return strconv.FormatInt(n, 10) }
func u64(n uint64) string  { return strconv.FormatUint(n, 10) }
