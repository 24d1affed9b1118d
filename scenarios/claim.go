package scenarios

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
)

// Claim is a statement about a scenario's results, checked statistically:
// a metric with bounds, or agreement with an exact solver.
type Claim struct {
	ID   string
	Says string // the statement in words, usually quoted from a source
	// Metric is what the claim bounds.
	Metric rules.Metric
	// Unit converts a rounds metric measured in seconds: seconds, minutes,
	// hours, days or years (365.25 days). Empty means the raw unit.
	Unit string
	// Min and Max bound the metric inclusively; nil means unbounded.
	Min, Max *float64
	// Exact asks for agreement with the ruleset's exact solver, to within
	// Tolerance (nil: the default, DefaultTolerance).
	Exact     bool
	Tolerance *float64
	// OnExact (`on: exact`) judges the bounds on the solver's exact value
	// instead of on a sample: PASS or FAIL, never INCONCLUSIVE, and no
	// trials fought for it.
	OnExact bool
	// Fixed says the scenario is a fixed population, not a sample (a
	// generated suite whose trial i is always the same battle, a
	// deterministic battle): the claim is judged on the observed value
	// exactly, with no interval.
	Fixed bool
	// Total, with Fixed, bounds the total over the run — the number of
	// trials of a win or end share, the sum of a counter — not the share
	// or the mean.
	Total bool
	// Trial, if set, makes the claim about that one trial (Fixed).
	Trial *int64
	node  *doc.Node
}

// DefaultTolerance is the margin of an exact claim that gives none: 0.01
// (one percentage point) for a share or the margin, 2 % of the exact value for a mean
// (rounds spread widely: a mean of 3 rounds has a standard deviation near
// 2, so 100,000 trials pin it to about ±1 %).
func (c Claim) DefaultTolerance(exact float64) float64 {
	if c.Tolerance != nil {
		return *c.Tolerance
	}
	if c.Metric.Share() || c.Metric.Kind == rules.Margin || exact == 0 {
		return 0.01
	}
	return 0.02 * math.Abs(exact)
}

// UnitSeconds are the units a claim may convert seconds into.
var UnitSeconds = map[string]float64{
	"seconds": 1, "minutes": 60, "hours": 3600, "days": 86400, "years": 31557600,
}

// ParseClaim decodes one claim of a `claims:` list.
func ParseClaim(n *doc.Node) (Claim, error) {
	var c struct {
		ID        string    `doc:"id,name"`
		Says      string    `doc:"says"`
		Metric    string    `doc:"metric,required"`
		Unit      string    `doc:"unit"`
		Min       *float64  `doc:"min"`
		Max       *float64  `doc:"max"`
		Exact     bool      `doc:"exact"`
		Tolerance *float64  `doc:"tolerance"`
		Fixed     bool      `doc:"fixed"`
		Total     bool      `doc:"total"`
		Trial     *doc.Node `doc:"trial"`
		On        string    `doc:"on"`
	}
	if err := doc.Decode(n, &c); err != nil {
		return Claim{}, err
	}
	m := n.Get("metric")
	metric, err := rules.ParseMetric(c.Metric)
	if err != nil {
		return Claim{}, m.Errorf("%v", err)
	}
	cl := Claim{ID: c.ID, Says: c.Says, Metric: metric, Unit: c.Unit, Min: c.Min, Max: c.Max, Exact: c.Exact,
		Tolerance: c.Tolerance, Fixed: c.Fixed, Total: c.Total, OnExact: c.On == "exact", node: n}
	if c.On != "" && c.On != "exact" {
		return Claim{}, n.Get("on").Errorf("unknown value %q (allowed: exact; without on:, the claim is judged on the run's trials)", c.On)
	}
	if doc.Present(c.Trial) {
		i, err := doc.Range{Min: 0, Max: 1<<53 - 1}.Int(c.Trial)
		if err != nil {
			return Claim{}, err
		}
		cl.Trial, cl.Fixed = &i, true
	}
	if err := cl.checkKind(n); err != nil {
		return Claim{}, err
	}
	if c.Unit != "" {
		if _, ok := UnitSeconds[c.Unit]; !ok {
			return Claim{}, n.Get("unit").Errorf("unknown unit %q (allowed: seconds, minutes, hours, days, years)", c.Unit)
		}
		if !metric.Rounds() {
			return Claim{}, n.Get("unit").Errorf("a unit applies only to rounds metrics, not %s", c.Metric)
		}
	}
	if c.Min != nil && c.Max != nil && *c.Min > *c.Max {
		return Claim{}, n.Get("min").Errorf("min %g is above max %g", *c.Min, *c.Max)
	}
	return cl, nil
}

// checkKind checks that the claim's fields make one kind of claim: bounds
// on an estimate, agreement with an exact solution, or bounds on a fixed
// run (its total, or one trial).
func (c Claim) checkKind(n *doc.Node) error {
	m := n.Get("metric")
	switch {
	case c.OnExact && (c.Exact || c.Fixed):
		return n.Get("on").Errorf("on: exact judges the bounds on the solver's exact value; it goes with neither exact: true (agreement within a tolerance) nor fixed, total or trial (this run itself)")
	case c.OnExact && !c.Metric.Share() && c.Metric.Kind != rules.RoundsMean && c.Metric.Kind != rules.Margin:
		return m.Errorf("a claim on the exact value needs a probability, margin or rounds.mean metric, not %s", c.Metric)
	case c.Exact && c.Fixed:
		return n.Get("exact").Errorf("a claim is exact (agreement with the solver) or fixed (about this run itself), not both")
	case c.Exact && (c.Min != nil || c.Max != nil):
		return n.Errorf("an exact claim takes no min or max: the exact solver gives the value (a tolerance may be set)")
	case c.Exact && !c.Metric.Share() && c.Metric.Kind != rules.RoundsMean && c.Metric.Kind != rules.Margin:
		return m.Errorf("an exact claim needs a probability, margin or rounds.mean metric, not %s", c.Metric)
	case c.Tolerance != nil && !c.Exact:
		return n.Get("tolerance").Errorf("a tolerance applies to exact claims only")
	case c.Tolerance != nil && !(*c.Tolerance > 0):
		return n.Get("tolerance").Errorf("the tolerance must be positive, got %g", *c.Tolerance)
	case c.Total && !c.Fixed:
		return n.Get("total").Errorf("total bounds a fixed run's count or sum: add fixed: true (a total of a random sample estimates nothing)")
	case c.Total && c.Trial != nil:
		return n.Get("total").Errorf("a claim about one trial has no total")
	case c.Total && !c.Metric.Share() && c.Metric.Kind != rules.CounterMean && c.Metric.Kind != rules.Margin:
		return m.Errorf("a total is the count of a win or end share, the margin's difference of counts, or the sum of a counter, not %s", c.Metric)
	case !c.Exact && c.Min == nil && c.Max == nil:
		return n.Errorf("a claim needs min, max or both (or exact: true)")
	}
	return nil
}

// Where locates the claim in its file: file:line:column, or the --set that
// wrote it.
func (c Claim) Where() string { return c.Pos().String() }

// Pos is where the claim was written, for verdicts that point at their
// claim (an editor's file:line:column, a CI annotation); the zero Pos for
// a claim built in code.
func (c Claim) Pos() doc.Pos {
	if c.node == nil {
		return doc.Pos{}
	}
	return c.node.Pos
}

// Solved reports whether the claim is judged against the ruleset's exact
// solution: agreement with it (exact: true) or bounds on it (on: exact).
func (c Claim) Solved() bool { return c.Exact || c.OnExact }

// Label names the claim for output: its id, else its metric.
func (c Claim) Label() string {
	if c.ID != "" {
		return c.ID
	}
	return c.Metric.String()
}

func (c Claim) checkAgainst(ruleset string, spec rules.Spec) error {
	if err := c.Metric.Check(spec); err != nil {
		return c.node.Get("metric").Errorf("%v", err)
	}
	if c.Solved() {
		field := "exact"
		if c.OnExact {
			field = "on"
		}
		if _, err := rules.LookupSolver(ruleset); err != nil {
			return c.node.Get(field).Errorf("%v: an exact claim cannot be checked here", err)
		}
	}
	if c.Unit != "" && spec.RoundsUnit != "seconds" {
		return c.node.Get("unit").Errorf("units convert seconds, but this battle counts %s", spec.RoundsUnit)
	}
	return nil
}

// String writes the claim as a condition, e.g. "20 ≤ rounds.mean ≤ 21
// hours". A margin's bounds read in points, as every margin crucible
// prints ("margin ≥ -5 points" for min: -0.05).
func (c Claim) String() string {
	num, unit := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }, c.Unit
	if c.Metric.Kind == rules.Margin {
		num, unit = MarginPoints, "points"
	}
	var b strings.Builder
	if c.Min != nil && c.Max != nil {
		fmt.Fprintf(&b, "%s ≤ ", num(*c.Min))
	}
	b.WriteString(c.Metric.String())
	if c.Trial != nil {
		fmt.Fprintf(&b, " of trial %d", *c.Trial)
	} else if c.Total {
		b.WriteString(" (total)")
	}
	switch {
	case c.Exact:
		fmt.Fprintf(&b, " = exact")
		if c.Tolerance != nil {
			fmt.Fprintf(&b, " ± %s", num(*c.Tolerance))
		}
	case c.Min != nil && c.Max != nil:
		fmt.Fprintf(&b, " ≤ %s", num(*c.Max))
	case c.Min != nil:
		fmt.Fprintf(&b, " ≥ %s", num(*c.Min))
	case c.Max != nil:
		fmt.Fprintf(&b, " ≤ %s", num(*c.Max))
	}
	if numbers := c.Min != nil || c.Max != nil || c.Exact && c.Tolerance != nil; unit != "" && (numbers || c.Unit != "") {
		b.WriteString(" " + unit)
	}
	if c.OnExact {
		b.WriteString(", on the exact value")
	}
	return b.String()
}

// MarginPoints writes a margin (a difference of shares) in points, to ten
// significant digits, so that the claim's -0.05 reads -5, not
// -5.000000000000001.
func MarginPoints(x float64) string { return strconv.FormatFloat(100*x, 'g', 10, 64) }
