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
// which cells are shown to change with skill between the top two players,
// which are undecided (their moves' intervals straddle the threshold), or
// that every cell holds and by how little the answers move. Cell names
// are the axes' scenarios with prefix (the roster's name and a slash)
// taken off.
func Summary(axes []*skill.Axis, prefix string) string {
	if len(axes) == 0 {
		return ""
	}
	a := axes[0]
	n := len(a.Levels)
	from, to := a.Levels[n-2].Policy, a.Levels[n-1].Policy
	byMove := sortedByMove(axes)
	sens, und := Judged(byMove, skill.VerdictSensitive), Judged(byMove, skill.VerdictUndecided)
	holds := len(axes) - len(sens) - len(und)
	what := answerName(axes)
	switch {
	case len(sens) == 0 && len(und) == 0:
		top := byMove[0]
		return fmt.Sprintf("Skill: every one of the %d cells holds from %s to %s: %s moves by at most %.2f points (%s), within the %g-point threshold.",
			len(axes), from, to, what, math.Abs(100*top.Move()), cellName(top, prefix), 100*a.Threshold)
	case len(sens) == 0:
		return fmt.Sprintf("Skill: no cell is shown to change with skill from %s to %s, but %d of %d are undecided, their moves' intervals straddling the %g-point threshold: %s; more trials would decide. %s.",
			from, to, len(und), len(axes), 100*a.Threshold, cellList(und, prefix), capital(holdCount(holds, len(axes)-len(und))))
	}
	rest := holdCount(holds, len(axes)-len(sens))
	if len(und) > 0 {
		rest = fmt.Sprintf("%s; %d undecided (%s): more trials would decide", rest, len(und), cellList(und, prefix))
	}
	return fmt.Sprintf("Skill: %d of %d cells change with skill from %s to %s, %s moving by more than the %g-point threshold: %s. Read those cells under %s; %s.",
		len(sens), len(axes), from, to, what, 100*a.Threshold, cellList(sens, prefix), to, rest)
}

// firstMoverMark marks, in a roster's cells, a cell whose axis judges the
// first mover's win share (a mirrored battle's, skill.AnswerFirstMover)
// among cells that judge side a's.
const firstMoverMark = " (first mover)"

// answerName names what the cells' axes judge: side a's win share; the
// first mover's, when every cell is a mirrored battle that counts it; or
// side a's with the first mover's on the cells marked firstMoverMark.
func answerName(axes []*skill.Axis) string {
	side := axes[0].Labels[0] + "'s win share"
	switch n := firstMoverCells(axes); {
	case n == len(axes):
		return "the first mover's win share (each cell a mirrored battle, even between the sides by the symmetry)"
	case n > 0:
		return side + " (the first mover's on the mirrored cells marked" + firstMoverMark + ")"
	}
	return side
}

// firstMoverCells counts the axes that judge the first mover's win share.
func firstMoverCells(axes []*skill.Axis) int {
	n := 0
	for _, a := range axes {
		if a.Answer() == skill.AnswerFirstMover {
			n++
		}
	}
	return n
}

// cellList names the first namedCells of axes with their moves, and
// counts the rest.
func cellList(axes []*skill.Axis, prefix string) string {
	names := make([]string, 0, namedCells)
	for _, s := range axes[:min(namedCells, len(axes))] {
		names = append(names, fmt.Sprintf("%s (%s)", cellName(s, prefix), s.MoveText()))
	}
	if more := len(axes) - len(names); more > 0 {
		names = append(names, fmt.Sprintf("%d more", more))
	}
	return strings.Join(names, ", ")
}

// holdCount says how many of the other cells (others, those not named
// before) hold.
func holdCount(holds, others int) string {
	switch {
	case holds == others && holds == 0:
		return "every cell changes"
	case holds == others && holds == 1:
		return "the other cell holds"
	case holds == others:
		return fmt.Sprintf("the other %d hold", holds)
	case holds == 1:
		return "1 holds"
	}
	return fmt.Sprintf("%d hold", holds)
}

func capital(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// WriteCells writes the axes of a roster's cells as one table, a row a
// cell: side a's win share (a mirrored cell's first mover's, marked)
// under each player and its move between the top
// two (with its 95 % interval when a cell was sampled), the cells that
// move most first, each marked SKILL-SENSITIVE when the move is shown
// beyond the threshold and undecided when its interval straddles it. It
// is the detail behind Summary, shorter than a WriteTable block a cell;
// the note (skill.Axis.Note) follows when the players are styles.
func WriteCells(w io.Writer, axes []*skill.Axis, prefix string) error {
	if len(axes) == 0 {
		return nil
	}
	a := axes[0]
	sampled := slices.ContainsFunc(axes, func(x *skill.Axis) bool { return !x.Exact() })
	var b strings.Builder
	fmt.Fprintf(&b, "\nskill by cell   %s with both sides played by each player, the cells that move most first\n", answerName(axes))
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprint(tw, "cell")
	for _, l := range a.Levels {
		fmt.Fprintf(tw, "\t%s", l.Policy)
	}
	fmt.Fprint(tw, "\tmove\t")
	if sampled {
		fmt.Fprint(tw, "95 % interval\t")
	}
	fmt.Fprint(tw, "\n")
	for _, x := range sortedByMove(axes) {
		fmt.Fprint(tw, cellName(x, prefix))
		for _, l := range x.Levels {
			fmt.Fprintf(tw, "\t%.2f %%", 100*l.Answer())
		}
		fmt.Fprintf(tw, "\t%+.2f\t", 100*x.Move())
		if lo, hi := x.MoveInterval(); sampled {
			fmt.Fprintf(tw, "[%+.2f, %+.2f]\t", 100*lo, 100*hi)
		}
		fmt.Fprintf(tw, "%s\n", verdictMark[x.Verdict()])
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(&b, "move: points from %s to %s; beyond %g the cell's verdict changes with skill", a.Levels[len(a.Levels)-2].Policy, a.Levels[len(a.Levels)-1].Policy, 100*a.Threshold)
	if sampled {
		fmt.Fprint(&b, " (SKILL-SENSITIVE when the whole interval is beyond, undecided when it straddles the threshold: more trials would decide)")
	}
	fmt.Fprintln(&b)
	if note := a.Note(); note != "" {
		fmt.Fprintln(&b, "note: "+note)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// verdictMark is a cell's mark in WriteCells' table.
var verdictMark = map[skill.Verdict]string{skill.VerdictSensitive: "SKILL-SENSITIVE", skill.VerdictUndecided: "undecided", skill.VerdictHolds: ""}

// sortedByMove returns the axes by the size of their move, largest first,
// in their own order between equal moves.
func sortedByMove(axes []*skill.Axis) []*skill.Axis {
	out := slices.Clone(axes)
	slices.SortStableFunc(out, func(x, y *skill.Axis) int { return cmp.Compare(math.Abs(y.Move()), math.Abs(x.Move())) })
	return out
}

// cellName is an axis's scenario without the roster's prefix, marked
// when its axis judges the first mover's win share.
func cellName(a *skill.Axis, prefix string) string {
	name := strings.TrimPrefix(a.Scenario, prefix)
	if a.Answer() == skill.AnswerFirstMover {
		name += firstMoverMark
	}
	return name
}
