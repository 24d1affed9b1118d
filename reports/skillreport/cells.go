package skillreport

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/crucible-sim/crucible/analysis/skill"
)

// namedCells is how many cells that change with skill Summary names
// before it counts the rest.
const namedCells = 5

// Summary says in one sentence what the skill axes of a roster's cells
// (meta --skill: every cell played with the same players) say together:
// which cells change with skill between the top two players, or that every
// cell holds and by how little the answers move. Cell names are the axes'
// scenarios with prefix (the roster's name and a slash) taken off.
func Summary(axes []*skill.Axis, prefix string) string {
	if len(axes) == 0 {
		return ""
	}
	a := axes[0]
	n := len(a.Levels)
	from, to := a.Levels[n-2].Policy, a.Levels[n-1].Policy
	byMove := sortedByMove(axes)
	sens := Sensitive(byMove)
	if len(sens) == 0 {
		top := byMove[0]
		return fmt.Sprintf("Skill: every one of the %d cells holds from %s to %s: %s's win share moves by at most %.2f points (%s), within the %g-point threshold.",
			len(axes), from, to, a.Labels[0], math.Abs(100*top.Move()), cellName(top, prefix), 100*a.Threshold)
	}
	names := make([]string, 0, namedCells)
	for _, s := range sens[:min(namedCells, len(sens))] {
		names = append(names, fmt.Sprintf("%s (%+.2f points)", cellName(s, prefix), 100*s.Move()))
	}
	if more := len(sens) - len(names); more > 0 {
		names = append(names, fmt.Sprintf("%d more", more))
	}
	rest := "every cell changes"
	switch k := len(axes) - len(sens); k {
	case 0:
	case 1:
		rest = "the other cell holds"
	default:
		rest = fmt.Sprintf("the other %d hold", k)
	}
	return fmt.Sprintf("Skill: %d of %d cells change with skill from %s to %s, %s's win share moving by more than the %g-point threshold: %s. Read those cells under %s; %s.",
		len(sens), len(axes), from, to, a.Labels[0], 100*a.Threshold, strings.Join(names, ", "), to, rest)
}

// WriteCells writes the axes of a roster's cells as one table, a row a
// cell: side a's win share under each player and its move between the top
// two, the cells that move most first, each flagged SKILL-SENSITIVE past
// the threshold. It is the detail behind Summary, shorter than a
// WriteTable block a cell.
func WriteCells(w io.Writer, axes []*skill.Axis, prefix string) error {
	if len(axes) == 0 {
		return nil
	}
	a := axes[0]
	var b strings.Builder
	fmt.Fprintf(&b, "\nskill by cell   %s's win share with both sides played by each player, the cells that move most first\n", a.Labels[0])
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprint(tw, "cell")
	for _, l := range a.Levels {
		fmt.Fprintf(tw, "\t%s", l.Policy)
	}
	fmt.Fprint(tw, "\tmove\t\n")
	for _, x := range sortedByMove(axes) {
		fmt.Fprint(tw, cellName(x, prefix))
		for _, l := range x.Levels {
			fmt.Fprintf(tw, "\t%.2f %%", 100*l.Answer())
		}
		flag := ""
		if x.Sensitive() {
			flag = "SKILL-SENSITIVE"
		}
		fmt.Fprintf(tw, "\t%+.2f\t%s\n", 100*x.Move(), flag)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(&b, "move: points from %s to %s; beyond %g the cell's verdict changes with skill\n", a.Levels[len(a.Levels)-2].Policy, a.Levels[len(a.Levels)-1].Policy, 100*a.Threshold)
	_, err := io.WriteString(w, b.String())
	return err
}

// sortedByMove returns the axes by the size of their move, largest first,
// in their own order between equal moves.
func sortedByMove(axes []*skill.Axis) []*skill.Axis {
	out := slices.Clone(axes)
	slices.SortStableFunc(out, func(x, y *skill.Axis) int { return cmp.Compare(math.Abs(y.Move()), math.Abs(x.Move())) })
	return out
}

// cellName is an axis's scenario without the roster's prefix.
func cellName(a *skill.Axis, prefix string) string { return strings.TrimPrefix(a.Scenario, prefix) }
