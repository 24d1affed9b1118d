package explainreport

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/crucible-sim/crucible/analysis/explain"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/rules"
)

// WriteAttribution writes which players win a side its battles: the
// answer in words first (the player worth most, in points of win share),
// then a table of each kind's Shapley value and leave-one-out change, then
// the efficiency check.
func WriteAttribution(w io.Writer, a *explain.Attribution) error {
	best := 0
	for k := range a.Units {
		if a.Shapley[k] > a.Shapley[best] {
			best = k
		}
	}
	how := fmt.Sprintf("Exact, through the solver, over all %d coalitions.", a.Coalitions)
	switch {
	case a.Orders:
		how = fmt.Sprintf("Monte Carlo by sampled orders: %s trials, each fighting the coalitions along one random order of the %d %s (too many coalitions to fight every one), on common random numbers (seed %d); ± one standard error.",
			Count(a.Sampling.Trials), unitsOf(a), a.Of, a.Sampling.Seed)
	case a.Sampling != nil:
		how = fmt.Sprintf("Monte Carlo: %s trials of each of the %d coalitions on common random numbers (seed %d); ± one standard error.",
			Count(a.Sampling.Trials), a.Coalitions, a.Sampling.Seed)
	}
	if a.Of == rules.Parts {
		fmt.Fprintf(w, "%s: which parts of its designs win it for the %s (%s)? %s\n", a.Scenario, a.Field, a.Side, how)
		fmt.Fprintf(w, "The %s wins %s with every part fitted and %s with none of them%s; the %s is worth most: %s points of that, on average over every order the parts could be fitted.\n\n",
			a.Field, pctWords(a.All), pctWords(a.None)+pm1(a.Sampling != nil, a.NoneSE), aside(a.Note), partName(a.Units[best]), points(a.Shapley[best]))
	} else {
		fmt.Fprintf(w, "%s: which units win it for the %s (%s)? %s\n", a.Scenario, a.Field, a.Side, how)
		fmt.Fprintf(w, "The %s wins %s with all its units and nothing with none%s; %s is worth most: %s points of that, on average over every order the units could join.\n\n",
			a.Field, pctWords(a.All), aside(a.Note), article(a.Units[best]), points(a.Shapley[best]))
	}
	width := 16
	for _, u := range a.Units {
		width = max(width, len([]rune(partName(u))))
	}
	noun := map[rules.Players]string{rules.Units: "unit", rules.Parts: "part"}[a.Of]
	fmt.Fprintf(w, "%-*s %5s  %-22s %s\n", width, noun, "count", "Shapley value (each)", "without one of them")
	total := 0.0
	for k, u := range a.Units {
		total += a.Shapley[k] * float64(u.Count)
		fmt.Fprintf(w, "%-*s %5d  %-22s %s (%s points)\n", width, partName(u), u.Count, points(a.Shapley[k])+pm(a.ShapleySE, k)+" points", pctWords(a.Without[k]), points(a.Without[k]-a.All))
	}
	_, err := fmt.Fprintf(w, "\nThe values add up to %s points: %s with all its %s less %s with none (efficiency; off by %.1e).\n",
		points(total), pctWords(a.All), a.Of, pctWords(a.None), total-(a.All-a.None))
	return err
}

// unitsOf is how many players a has.
func unitsOf(a *explain.Attribution) int {
	n := 0
	for _, u := range a.Units {
		n += u.Count
	}
	return n
}

// partName names a player: a unit by its kind, a part by its design and
// its own name ("Cruiser's Hull").
func partName(u explain.Unit) string {
	if u.Design == "" {
		return u.Name
	}
	return u.Design + "'s " + u.Name
}

// aside writes a note in parentheses, or nothing.
func aside(note string) string {
	if note == "" {
		return ""
	}
	return " (" + note + ")"
}

// article names one unit of a kind: "a Cruiser", or a unit by its own
// name ("B_INF_3") when it is the only one of its kind.
func article(u explain.Unit) string {
	if u.Count == 1 && strings.ContainsAny(u.Name, "_-0123456789") {
		return u.Name
	}
	return "a " + u.Name
}

// pm1 writes " ± SE" of one value in points, when it is sampled.
func pm1(sampled bool, se float64) string {
	if !sampled {
		return ""
	}
	return fmt.Sprintf(" ± %.2f points", 100*se)
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
			{Key: "name", Val: u.Name}, {Key: "design", Val: u.Design}, {Key: "count", Val: u.Count},
			{Key: "shapley", Val: a.Shapley[k]}, {Key: "without_one", Val: a.Without[k]},
			{Key: "leave_one_out", Val: a.Without[k] - a.All},
		}
		if a.Sampling != nil {
			o = append(o, formats.Field{Key: "shapley_se", Val: a.ShapleySE[k]}, formats.Field{Key: "without_one_se", Val: a.WithoutSE[k]})
		}
		units = append(units, o)
	}
	obj := formats.Object{
		{Key: "scenario", Val: a.Scenario}, {Key: "side", Val: a.Side.String()}, {Key: "field", Val: a.Field}, {Key: "players", Val: a.Of.String()},
		{Key: "metric", Val: "win." + a.Side.String()}, {Key: "exact", Val: a.Sampling == nil}, {Key: "sampled_orders", Val: a.Orders}, {Key: "coalitions", Val: a.Coalitions},
		{Key: "note", Val: a.Note}, {Key: "all", Val: a.All}, {Key: "none", Val: a.None}, {Key: "units", Val: units},
	}
	if a.Sampling != nil {
		obj = append(obj, formats.Field{Key: "seed", Val: a.Sampling.Seed}, formats.Field{Key: "trials", Val: a.Sampling.Trials}, formats.Field{Key: "all_se", Val: a.AllSE}, formats.Field{Key: "none_se", Val: a.NoneSE})
	}
	return json.MarshalIndent(obj, "", "  ")
}
