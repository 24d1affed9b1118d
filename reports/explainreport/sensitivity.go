package explainreport

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/crucible-sim/crucible/analysis/explain"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/reports/words"
)

// WriteSensitivity writes which numbers matter: the answer in words first
// (the field that explains most of the metric's variation, on its own and
// with its interactions), then every field ranked by total index, then how
// the indices were computed and what their errors count.
func WriteSensitivity(w io.Writer, s *explain.Sensitivity) error {
	what := words.MetricWords(s.Metric, s.Spec)
	order := s.Ranked()
	fmt.Fprintf(w, "%s: which number matters to %q (%s)?\n", s.Scenario, what, s.Metric)
	top := order[0]
	if len(order) == 1 {
		fmt.Fprintf(w, "%s is the only field varied: it explains all the variation in %q (first-order %s, total %s).\n",
			fieldWords(s, top), what, share(s.First[top]), share(s.Total[top]))
	} else {
		fmt.Fprintf(w, "%s explains %s of the variation in %q on its own, and %s with its interactions with the other fields.\n",
			fieldWords(s, top), share(s.First[top]), what, share(s.Total[top]))
	}
	for _, i := range order[1:] {
		fmt.Fprintf(w, "%s explains %s on its own, %s with its interactions.\n", fieldWords(s, i), share(s.First[i]), share(s.Total[i]))
	}
	fmt.Fprintf(w, "\n%-32s %-12s %-18s %s\n", "field", "values", "first-order", "total")
	for _, i := range order {
		a := s.Axes[i]
		fmt.Fprintf(w, "%-32s %-12s %-18s %s\n", a.Name(), valuesWords(a.Values),
			fmt.Sprintf("%.1f %% ± %.1f", 100*s.First[i], 100*s.FirstSE[i]), fmt.Sprintf("%.1f %% ± %.1f", 100*s.Total[i], 100*s.TotalSE[i]))
	}
	fmt.Fprintf(w, "\nSobol indices by Jansen's estimators on a Saltelli design of %s rows (seed %d): n·(p+2) = %s evaluations at %s distinct combinations of the values, each equally likely; ± one bootstrap standard error (%d resamples of the rows). ",
		Count(int64(s.Design.Rows)), s.Design.Seed, Count(int64(s.Evaluations)), Count(int64(s.Points)), s.Design.Boot)
	var err error
	if s.Sampling == nil {
		_, err = fmt.Fprintf(w, "Every combination solved exactly.\n")
	} else {
		_, err = fmt.Fprintf(w, "%d of %d combinations solved exactly; the others fought %s trials each on the scenario's streams (common random numbers, seed %d), whose own Monte Carlo error the standard errors do not count: were the points' errors independent it would be %s of the variance (common random numbers make it less), which the indices read as interactions%s.\n",
			s.Exact, s.Points, Count(s.Sampling.Trials), s.Sampling.Seed, fmt.Sprintf("%.0f %%", 100*s.Noise/s.Variance), noiseAdvice(s))
	}
	return err
}

// noiseAdvice says to fight more trials when Monte Carlo error is a
// tenth of the variance or more.
func noiseAdvice(s *explain.Sensitivity) string {
	if s.Noise < s.Variance/10 {
		return ""
	}
	return " — too much to read them by: fight more --trials"
}

// fieldWords names field i with its range: "defender.ships.Cruiser (1 to 3)".
func fieldWords(s *explain.Sensitivity, i int) string {
	return fmt.Sprintf("%s (%s)", s.Axes[i].Name(), strings.Replace(valuesWords(s.Axes[i].Values), "..", " to ", 1))
}

// valuesWords writes a field's values: LO..HI for three or more, else the
// list.
func valuesWords(vs []string) string {
	if len(vs) > 2 {
		return vs[0] + ".." + vs[len(vs)-1]
	}
	return strings.Join(vs, ",")
}

// share writes an index as a whole percentage, an estimate outside
// [0, 1] (by sampling error) as its nearest end; the table keeps the
// estimate as it is.
func share(x float64) string {
	return fmt.Sprintf("%.0f %%", 100*min(1, max(0, x)))
}

// SensitivityJSON returns the sensitivity as one object, the fields
// ranked by total index.
func SensitivityJSON(s *explain.Sensitivity) ([]byte, error) {
	var fields []formats.Object
	for _, i := range s.Ranked() {
		a := s.Axes[i]
		fields = append(fields, formats.Object{
			{Key: "path", Val: a.Path}, {Key: "values", Val: a.Values},
			{Key: "first", Val: s.First[i]}, {Key: "first_se", Val: s.FirstSE[i]},
			{Key: "total", Val: s.Total[i]}, {Key: "total_se", Val: s.TotalSE[i]},
		})
	}
	obj := formats.Object{
		{Key: "scenario", Val: s.Scenario}, {Key: "metric", Val: s.Metric.String()},
		{Key: "estimator", Val: "jansen"}, {Key: "rows", Val: s.Design.Rows}, {Key: "design_seed", Val: s.Design.Seed},
		{Key: "bootstrap", Val: s.Design.Boot}, {Key: "evaluations", Val: s.Evaluations},
		{Key: "points", Val: s.Points}, {Key: "exact_points", Val: s.Exact}, {Key: "variance", Val: s.Variance},
		{Key: "fields", Val: fields},
	}
	if s.Sampling != nil {
		obj = append(obj, formats.Field{Key: "seed", Val: s.Sampling.Seed}, formats.Field{Key: "trials", Val: s.Sampling.Trials}, formats.Field{Key: "noise_variance", Val: s.Noise})
	}
	return json.MarshalIndent(obj, "", "  ")
}
