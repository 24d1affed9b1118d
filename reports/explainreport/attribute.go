package explainreport

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/crucible-sim/crucible/analysis/explain"
	"github.com/crucible-sim/crucible/reports/formats"
)

// WriteAttribution writes which units win a side its battles: the answer
// in words first (the unit worth most, in points of win share), then a
// table of each kind's Shapley value and leave-one-out change, then the
// efficiency check.
func WriteAttribution(w io.Writer, a *explain.Attribution) error {
	best := 0
	for k := range a.Units {
		if a.Shapley[k] > a.Shapley[best] {
			best = k
		}
	}
	how := fmt.Sprintf("Exact, through the solver, over all %d coalitions.", a.Coalitions)
	if a.Sampling != nil {
		how = fmt.Sprintf("Monte Carlo: %s trials of each of the %d coalitions on common random numbers (seed %d); ± one standard error.",
			Count(a.Sampling.Trials), a.Coalitions, a.Sampling.Seed)
	}
	fmt.Fprintf(w, "%s: which ships win it for the %s (%s)? %s\n", a.Scenario, a.Field, a.Side, how)
	fmt.Fprintf(w, "The %s wins %s with its whole fleet and nothing with none; a %s is worth most: %s points of that, on average over every order the ships could join.\n\n",
		a.Field, pctWords(a.All), a.Units[best].Name, points(a.Shapley[best]))
	fmt.Fprintf(w, "%-16s %5s  %-22s %s\n", "ship", "count", "Shapley value (each)", "without one of them")
	total := 0.0
	for k, u := range a.Units {
		total += a.Shapley[k] * float64(u.Count)
		fmt.Fprintf(w, "%-16s %5d  %-22s %s (%s points)\n", u.Name, u.Count, points(a.Shapley[k])+pm(a.ShapleySE, k)+" points", pctWords(a.Without[k]), points(a.Without[k]-a.All))
	}
	_, err := fmt.Fprintf(w, "\nThe values add up to %s points, the whole fleet's %s less none's %s (efficiency; off by %.1e).\n",
		points(total), pctWords(a.All), pctWords(a.None), total-(a.All-a.None))
	return err
}

// pm writes " ± SE" of value k in points, when se holds standard errors.
func pm(se []float64, k int) string {
	if se == nil {
		return ""
	}
	return fmt.Sprintf(" ± %.2f", 100*se[k])
}

// points writes a share difference in signed percentage points.
func points(x float64) string {
	s := fmt.Sprintf("%+.2f", 100*x)
	return strings.Replace(s, "-", "−", 1)
}

// AttributionJSON returns the attribution as one object.
func AttributionJSON(a *explain.Attribution) ([]byte, error) {
	var units []formats.Object
	for k, u := range a.Units {
		o := formats.Object{
			{Key: "name", Val: u.Name}, {Key: "count", Val: u.Count},
			{Key: "shapley", Val: a.Shapley[k]}, {Key: "without_one", Val: a.Without[k]},
			{Key: "leave_one_out", Val: a.Without[k] - a.All},
		}
		if a.Sampling != nil {
			o = append(o, formats.Field{Key: "shapley_se", Val: a.ShapleySE[k]}, formats.Field{Key: "without_one_se", Val: a.WithoutSE[k]})
		}
		units = append(units, o)
	}
	obj := formats.Object{
		{Key: "scenario", Val: a.Scenario}, {Key: "side", Val: a.Side.String()}, {Key: "field", Val: a.Field},
		{Key: "metric", Val: "win." + a.Side.String()}, {Key: "exact", Val: a.Sampling == nil}, {Key: "coalitions", Val: a.Coalitions},
		{Key: "all", Val: a.All}, {Key: "none", Val: a.None}, {Key: "units", Val: units},
	}
	if a.Sampling != nil {
		obj = append(obj, formats.Field{Key: "seed", Val: a.Sampling.Seed}, formats.Field{Key: "trials", Val: a.Sampling.Trials}, formats.Field{Key: "all_se", Val: a.AllSE})
	}
	return json.MarshalIndent(obj, "", "  ")
}
