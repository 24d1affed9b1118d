package scenarios

import (
	"fmt"
	"math/big"
	"regexp"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/rules"
)

// Target is what `crucible tune` looks for along a field: where a metric
// crosses a value (Op "="), or the boundary of the values at which it is
// at least ("≥") or at most ("≤") a value.
type Target struct {
	Metric rules.Metric
	// Op is "=", ">=" or "<=".
	Op    string
	Value float64
	// Text is the target as written ("fair", "win.a>=0.7").
	Text string
	// exact is Value as the exact decimal written, for comparisons with
	// exact fractions.
	exact *big.Rat
}

// TargetForms lists the forms of a target for error messages.
const TargetForms = "fair (margin=0: win.a − win.b = 0), METRIC=V (where it crosses V), METRIC>=V or METRIC<=V (the boundary value that meets it); V a number, or a percentage for shares and the margin (70%)"

// ParseTarget reads a tune target: "fair", or METRIC=V, METRIC>=V or
// METRIC<=V for any metric with an interval (every metric claims take but
// rounds.min and rounds.max, which are extremes of a run, not estimates).
func ParseTarget(s string) (Target, error) {
	text := strings.TrimSpace(s)
	if text == "fair" {
		return Target{Metric: rules.Metric{Kind: rules.Margin}, Op: "=", Value: 0, Text: text, exact: new(big.Rat)}, nil
	}
	name, op, value, ok := cutTarget(text)
	if !ok {
		return Target{}, fmt.Errorf("target %q: allowed: %s", s, TargetForms)
	}
	m, err := rules.ParseMetric(name)
	if err != nil {
		return Target{}, fmt.Errorf("target %q: %v", s, err)
	}
	if m.Kind == rules.RoundsMin || m.Kind == rules.RoundsMax {
		return Target{}, fmt.Errorf("target %q: %s is the extreme of a run, which has no interval to decide a target with (allowed: %s)", s, m, tunableMetrics)
	}
	v, exact, err := targetValue(m, value)
	if err != nil {
		return Target{}, fmt.Errorf("target %q: %v", s, err)
	}
	return Target{Metric: m, Op: op, Value: v, Text: text, exact: exact}, nil
}

// tunableMetrics are the metric forms a target may name.
const tunableMetrics = "win.a, win.b, win.none, margin, end.<reason>, rounds.mean, rounds.pNN, counter.<name>"

// cutTarget splits METRIC OP VALUE, OP being >=, <= or =.
func cutTarget(s string) (metric, op, value string, ok bool) {
	for _, o := range []string{">=", "<=", "="} {
		if m, v, found := strings.Cut(s, o); found {
			m, v = strings.TrimSpace(m), strings.TrimSpace(v)
			return m, o, v, m != "" && v != ""
		}
	}
	return "", "", "", false
}

// targetValue reads a target's value: a number, or for a share or the
// margin a percentage; a share's target lies strictly between 0 and 1 and
// the margin's between −1 and 1, since a target at an end cannot be
// crossed.
func targetValue(m rules.Metric, s string) (float64, *big.Rat, error) {
	percent := false
	if p, ok := strings.CutSuffix(s, "%"); ok {
		if !m.Share() && m.Kind != rules.Margin {
			return 0, nil, fmt.Errorf("%s: a percentage is for a share or the margin; %s takes a number", s, m)
		}
		s, percent = strings.TrimSpace(p), true
	}
	r, ok := new(big.Rat).SetString(s)
	if !ok || !numberForm.MatchString(s) {
		return 0, nil, fmt.Errorf("%q is not a number (allowed: e.g. 0.7, 70%%, 8.5)", s)
	}
	if percent {
		r.Quo(r, big.NewRat(100, 1))
	}
	v, _ := r.Float64()
	switch {
	case m.Share() && !(v > 0 && v < 1):
		return 0, nil, fmt.Errorf("%s is a share: allowed: a value strictly between 0 and 1 (0%% and 100%%)", m)
	case m.Kind == rules.Margin && !(v > -1 && v < 1):
		return 0, nil, fmt.Errorf("the margin win.a − win.b: allowed: a value strictly between -1 and 1")
	}
	return v, r, nil
}

// numberForm is a target's value: a decimal, with an exponent if need be.
var numberForm = regexp.MustCompile(`^[-+]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][-+]?[0-9]+)?$`)

// Cmp compares x with the target's value exactly: −1 below, 0 equal, +1
// above.
func (t Target) Cmp(x *big.Rat) int {
	if t.exact == nil {
		return x.Cmp(new(big.Rat).SetFloat64(t.Value))
	}
	return x.Cmp(t.exact)
}

// Decimal writes the target's value times scale as the shortest decimal
// that is exactly it, from the decimal written (scale 100 writes a share
// in percent: 0.55 is "55", where the float 100·0.55 is
// 55.00000000000001).
func (t Target) Decimal(scale int64) string {
	if t.exact == nil {
		return strconv.FormatFloat(float64(scale)*t.Value, 'g', -1, 64)
	}
	v := new(big.Rat).Mul(t.exact, big.NewRat(scale, 1))
	for places := 0; places < 60; places++ {
		s := v.FloatString(places)
		if r, ok := new(big.Rat).SetString(s); ok && r.Cmp(v) == 0 {
			return s
		}
	}
	return v.FloatString(60) // a decimal written has finitely many places: not reached
}

// String returns the target in the form ParseTarget reads.
func (t Target) String() string {
	if t.Text != "" {
		return t.Text
	}
	return t.Metric.String() + t.Op + strconv.FormatFloat(t.Value, 'g', -1, 64)
}

// OneSided reports whether the target is a bound (≥ or ≤) rather than a
// crossing.
func (t Target) OneSided() bool { return t.Op != "=" }
