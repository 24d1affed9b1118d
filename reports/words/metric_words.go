package words

import (
	"fmt"
	"strconv"

	"github.com/crucible-sim/crucible/analysis/compare"
	"github.com/crucible-sim/crucible/analysis/sweep"
	"github.com/crucible-sim/crucible/analysis/tune"
	"github.com/crucible-sim/crucible/rules"
)

// GivenWords names the value of the second field a line holds for people,
// as LABEL=VALUE.
func GivenWords(s *sweep.Result, j int) string {
	if j < 0 {
		return ""
	}
	a := s.Sweep.Axes[1]
	return a.Name() + "=" + a.Values[j]
}

// MetricName names the sweep's metric for people: described, and the
// margin by the sides ("Samwell Tarley wins − Guard wins (margin)").
func MetricName(s *sweep.Result) string {
	names, m := SweepNames(s), s.Sweep.Metric
	if m.Kind == rules.Margin {
		return names.Name(rules.A) + " wins − " + names.Name(rules.B) + " wins (margin)"
	}
	return names.Described(m)
}

// Figure writes a value of the sweep's metric: a share in percent, the
// margin in signed points, anything else compactly.
func Figure(m rules.Metric, x float64) string {
	if m.Share() {
		return Pct(x)
	}
	return MetricValue(m, x)
}

// IntervalName names the 95 % interval of a metric's estimates.
func IntervalName(m rules.Metric) string {
	switch {
	case m.Share():
		return "95 % Clopper–Pearson"
	case m.Kind == rules.Margin:
		return "95 % Clopper–Pearson limits"
	case m.Kind == rules.RoundsQuantile:
		return "95 % order-statistic"
	case m.Kind == rules.RoundsMin || m.Kind == rules.RoundsMax:
		return "no interval (an extreme)"
	}
	return "95 % normal"
}

// SweepLevel writes the level the metric breaks even at: "50 %", "0
// points", "8".
func SweepLevel(s *sweep.Result) string {
	level, _ := s.Sweep.LevelOf()
	m := s.Sweep.Metric
	switch {
	case m.Share():
		return percentText(level) + " %"
	case m.Kind == rules.Margin:
		return percentText(level) + " points"
	}
	return strconv.FormatFloat(level, 'g', -1, 64)
}

// percentText writes a share given as a decimal in percent, to 12
// significant digits: a level written 0.55 reads 55, not the float
// 100·0.55 = 55.00000000000001.
func percentText(x float64) string { return strconv.FormatFloat(100*x, 'g', 12, 64) }

// SweepNames names the sides of a sweep's points: by their labels where
// every finished point gives the same, else by their letters.
func SweepNames(s *sweep.Result) SideNames {
	specs := make([]rules.Spec, len(s.Points))
	for i, p := range s.Points {
		specs[i] = p.Result.Spec
	}
	return CommonNames(specs, nil)
}

func UnitOfSweep(s *sweep.Result) string {
	if len(s.Points) == 0 {
		return "rounds"
	}
	return UnitOf(s.Points[0].Result)
}

// TuneSpec returns the battle's spec as the tune's probes saw it (the
// side labels and the unit of rounds).
func TuneSpec(r *tune.Result) rules.Spec {
	for _, ps := range [][]tune.Probe{r.Probes, r.Recheck} {
		for _, p := range ps {
			if p.Spec.Ends != nil {
				return p.Spec
			}
		}
	}
	return rules.Spec{}
}

// SideLabel is the name the battle gives a side, or its key.
func SideLabel(spec rules.Spec, s rules.Side) string {
	if l := spec.Labels[s-rules.A]; l != "" {
		return l
	}
	return s.String()
}

// MetricWords says what a metric measures, by the sides' names.
func MetricWords(m rules.Metric, spec rules.Spec) string {
	unit := UnitName(spec.RoundsUnit)
	switch m.Kind {
	case rules.WinShare:
		if m.Side == rules.None {
			return "no winner"
		}
		return SideLabel(spec, m.Side) + " wins"
	case rules.Margin:
		return fmt.Sprintf("%s wins − %s wins", SideLabel(spec, rules.A), SideLabel(spec, rules.B))
	case rules.EndShare:
		return "ends by " + m.Name
	case rules.RoundsMean:
		return "mean " + unit
	case rules.RoundsQuantile:
		return fmt.Sprintf("%s at the %d%s percentile", unit, m.Percent, ordinal(m.Percent))
	case rules.CounterMean:
		return "mean " + m.Name
	}
	return m.String()
}

// CompareNames names the sides of a comparison's two variants.
func CompareNames(c *compare.Comparison) SideNames {
	return CommonNames([]rules.Spec{c.A.Spec, c.B.Spec}, []string{"A", "B"})
}
