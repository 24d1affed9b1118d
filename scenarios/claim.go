package scenarios

import (
	"fmt"
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
	// Exact asks for agreement with the ruleset's exact solver.
	Exact bool
	node  *doc.Node
}

// UnitSeconds are the units a claim may convert seconds into.
var UnitSeconds = map[string]float64{
	"seconds": 1, "minutes": 60, "hours": 3600, "days": 86400, "years": 31557600,
}

// ParseClaim decodes one claim of a `claims:` list.
func ParseClaim(n *doc.Node) (Claim, error) {
	var c struct {
		ID     string   `doc:"id"`
		Says   string   `doc:"says"`
		Metric string   `doc:"metric,required"`
		Unit   string   `doc:"unit"`
		Min    *float64 `doc:"min"`
		Max    *float64 `doc:"max"`
		Exact  bool     `doc:"exact"`
	}
	if err := doc.Decode(n, &c); err != nil {
		return Claim{}, err
	}
	m := n.Get("metric")
	metric, err := rules.ParseMetric(c.Metric)
	if err != nil {
		return Claim{}, m.Errorf("%v", err)
	}
	cl := Claim{ID: c.ID, Says: c.Says, Metric: metric, Unit: c.Unit, Min: c.Min, Max: c.Max, Exact: c.Exact, node: n}
	if c.Unit != "" {
		if _, ok := UnitSeconds[c.Unit]; !ok {
			return Claim{}, n.Get("unit").Errorf("unknown unit %q (allowed: seconds, minutes, hours, days, years)", c.Unit)
		}
		if !metric.Rounds() {
			return Claim{}, n.Get("unit").Errorf("a unit applies only to rounds metrics, not %s", c.Metric)
		}
	}
	if c.Exact {
		if c.Min != nil || c.Max != nil {
			return Claim{}, n.Errorf("an exact claim takes no min or max: the exact solver gives the value")
		}
		if !metric.Share() && metric.Kind != rules.RoundsMean {
			return Claim{}, m.Errorf("an exact claim needs a probability or rounds.mean metric, not %s", c.Metric)
		}
	} else if c.Min == nil && c.Max == nil {
		return Claim{}, n.Errorf("a claim needs min, max or both (or exact: true)")
	}
	if c.Min != nil && c.Max != nil && *c.Min > *c.Max {
		return Claim{}, n.Get("min").Errorf("min %g is above max %g", *c.Min, *c.Max)
	}
	return cl, nil
}

// Where locates the claim in its file.
func (c Claim) Where() string { return c.node.Pos.String() }

// Label names the claim for output: its id, else its metric.
func (c Claim) Label() string {
	if c.ID != "" {
		return c.ID
	}
	return c.Metric.String()
}

func (c Claim) checkAgainst(spec rules.Spec) error {
	if err := c.Metric.Check(spec); err != nil {
		return c.node.Get("metric").Errorf("%v", err)
	}
	if c.Unit != "" && spec.RoundsUnit != "seconds" {
		return c.node.Get("unit").Errorf("units convert seconds, but this battle counts %s", spec.RoundsUnit)
	}
	return nil
}

// String writes the claim as a condition, e.g. "20 ≤ rounds.mean ≤ 21 hours".
func (c Claim) String() string {
	var b strings.Builder
	if c.Min != nil && c.Max != nil {
		fmt.Fprintf(&b, "%g ≤ ", *c.Min)
	}
	b.WriteString(c.Metric.String())
	switch {
	case c.Exact:
		b.WriteString(" = exact")
	case c.Min != nil && c.Max != nil:
		fmt.Fprintf(&b, " ≤ %g", *c.Max)
	case c.Min != nil:
		fmt.Fprintf(&b, " ≥ %g", *c.Min)
	case c.Max != nil:
		fmt.Fprintf(&b, " ≤ %g", *c.Max)
	}
	if c.Unit != "" {
		b.WriteString(" " + c.Unit)
	}
	return b.String()
}
