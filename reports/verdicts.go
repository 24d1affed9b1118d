package reports

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
)

// WriteVerdicts writes the verdicts of a check as a table: a line with the
// seed and the false-alarm budget, then one row per claim.
func WriteVerdicts(w io.Writer, c *analysis.Check) error {
	fmt.Fprintf(w, "seed %d; false-alarm rate %g over %d claims (%.3g each)\n\n", c.Seed, c.Alpha, c.Claims, c.PerClaim)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "scenario\tclaim\tverdict\tobserved\tinterval\texpected\ttrials\tnote")
	for _, v := range c.Verdicts {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%.6g\t[%.6g, %.6g]\t%s\t%d\t%s\n", v.Scenario, v.Claim.Label(), v.Verdict,
			v.Observed, v.Lo, v.Hi, v.Claim, v.Trials, v.Note)
	}
	return tw.Flush()
}

// WriteOutcome writes the result of one replayed battle: the line every
// ruleset's replay ends with (rules.Fighter.Replay leaves it to the caller).
func WriteOutcome(w io.Writer, spec rules.Spec, o *rules.Outcome) error {
	fmt.Fprintf(w, "result: winner %s, end %s, %d %s\n", o.Winner, spec.Ends[o.End], o.Rounds, unitName(spec.RoundsUnit))
	for i, c := range spec.Counters {
		if _, err := fmt.Fprintf(w, "  %s = %d\n", c.Name, o.Counters[i]); err != nil {
			return err
		}
	}
	return nil
}
