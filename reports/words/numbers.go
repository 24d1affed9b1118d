package words

import (
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
)

// Pct formats a proportion as a percentage with two decimals (more near
// 0 and 100: ShareDigits).
func Pct(p float64) string { return ShareDigits(p, 2) + " %" }

// Thousands writes a non-negative n with commas between thousands: 12,000.
func Thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// Num formats a float compactly and deterministically.
func Num(x float64) string { return strconv.FormatFloat(x, 'g', 6, 64) }

func SettingsText(ss []rules.Setting) string {
	parts := make([]string, len(ss))
	for i, s := range ss {
		parts[i] = s.Name + "=" + s.Value
	}
	return strings.Join(parts, " ")
}

func UnitName(u string) string {
	if u == "" {
		return "rounds"
	}
	return u
}

// MetricValue writes a value of the metric: a share in percent with one
// decimal, the margin in signed points, anything else compactly.
func MetricValue(m rules.Metric, x float64) string {
	switch {
	case m.Share():
		return ShareDigits(x, 1) + " %"
	case m.Kind == rules.Margin:
		return PointsText(x) + " points"
	}
	return meanText(x)
}

// meanText writes a mean or a quantile with two decimals (a count of
// rounds or a counter's mean needs no more beside its interval).
func meanText(x float64) string {
	if x != x || x > 1e6 || x < -1e6 {
		return Num(x)
	}
	return strconv.FormatFloat(x+0, 'f', 2, 64)
}

// PointsText writes a difference of shares in signed percentage points.
func PointsText(x float64) string {
	s := MarginDigits(x, 1)
	if x > 0 && s != "0.0" {
		return "+" + s
	}
	return s
}

// IntervalText writes an interval in the metric's unit, without it:
// "[62.2, 64.0]".
func IntervalText(m rules.Metric, lo, hi float64) string {
	f := func(x float64) string {
		switch {
		case m.Share():
			return ShareDigits(x, 1)
		case m.Kind == rules.Margin:
			return PointsText(x)
		}
		return meanText(x)
	}
	return "[" + f(lo) + ", " + f(hi) + "]"
}

// DirectionWord names the direction for output.
func DirectionWord(d int) string {
	switch {
	case d > 0:
		return "increasing"
	case d < 0:
		return "decreasing"
	}
	return ""
}

func UnitOf(r *analysis.Result) string { return UnitName(r.Spec.RoundsUnit) }

func Singular(unit string) string {
	if len(unit) > 1 && unit[len(unit)-1] == 's' {
		return unit[:len(unit)-1]
	}
	return unit
}

func ordinal(n int) string {
	switch {
	case n%100 >= 11 && n%100 <= 13:
		return "th"
	case n%10 == 1:
		return "st"
	case n%10 == 2:
		return "nd"
	case n%10 == 3:
		return "rd"
	}
	return "th"
}
