// Package skillreport writes a verdict's skill axis (analysis/skill): the
// answer at each level of skill asked for, and the flag when the top two
// levels disagree.
package skillreport

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/crucible-sim/crucible/analysis/skill"
)

// WriteTable writes each axis: a row per level (side a's and side b's win
// shares, with side a's interval), then the flag, or the line that says
// the verdict holds across the levels.
func WriteTable(w io.Writer, axes []*skill.Axis) error {
	var b strings.Builder
	for _, a := range axes {
		fmt.Fprintf(&b, "\nskill axis  %s   the answer with each player: on both sides, or on the side named (a=PLAYER)\n", a.Scenario)
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		fmt.Fprintf(tw, "player\t%s wins\t95 %% interval\t%s wins\n", a.Labels[0], a.Labels[1])
		for _, l := range a.Levels {
			iv := "exact"
			if !l.Exact {
				iv = fmt.Sprintf("[%.2f %%, %.2f %%]", 100*l.Win[0].Lo, 100*l.Win[0].Hi)
			}
			fmt.Fprintf(tw, "%s\t%.2f %%\t%s\t%.2f %%\n", l.Policy, 100*l.Win[0].Value, iv, 100*l.Win[1].Value)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		if f := a.Flag(); f != "" {
			fmt.Fprintf(&b, "SKILL-SENSITIVE  %s\n", f)
		} else {
			n := len(a.Levels)
			fmt.Fprintf(&b, "skill       the verdict holds from %s to %s: %s wins moves by %+.2f points, within the %g-point threshold\n",
				a.Levels[n-2].Policy, a.Levels[n-1].Policy, a.Labels[0], 100*a.Move(), 100*a.Threshold)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
