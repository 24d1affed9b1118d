package skillreport

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/crucible-sim/crucible/analysis/skill"
)

// WriteTable writes each axis: a row per level (side a's and side b's win
// shares, with side a's interval; on a mirrored battle whose axis judges
// the first mover's win share, that share and its interval first; for a
// comparison's effect, side a's win share under A and under B and the
// effect), then the flag, or the line that says the verdict holds across
// the levels, or is undecided; and the note (skill.Axis.Note).
func WriteTable(w io.Writer, axes []*skill.Axis) error {
	var b strings.Builder
	for _, a := range axes {
		fmt.Fprintf(&b, "\nskill axis  %s   the answer with each player: on both sides, or on the side named (a=PLAYER)\n", a.Scenario)
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		switch a.Answer() {
		case skill.AnswerEffect:
			fmt.Fprintf(tw, "player\t%s wins under A\t%s wins under %s\teffect of %s\n", a.Labels[0], a.Labels[0], a.Effect, a.Effect)
		case skill.AnswerFirstMover:
			fmt.Fprintf(tw, "player\tfirst mover wins\t95 %% interval\t%s wins\t%s wins\n", a.Labels[0], a.Labels[1])
		default:
			fmt.Fprintf(tw, "player\t%s wins\t95 %% interval\t%s wins\n", a.Labels[0], a.Labels[1])
		}
		for _, l := range a.Levels {
			switch {
			case l.Base != nil:
				fmt.Fprintf(tw, "%s\t%.2f %%\t%.2f %%\t%+.2f points\n", l.Policy, 100*l.Base[0].Value, 100*l.Win[0].Value, 100*l.Answer())
			case l.FirstMover != nil:
				fmt.Fprintf(tw, "%s\t%.2f %%\t%s\t%.2f %%\t%.2f %%\n", l.Policy, 100*l.Answer(), interval(l), 100*l.Win[0].Value, 100*l.Win[1].Value)
			default:
				fmt.Fprintf(tw, "%s\t%.2f %%\t%s\t%.2f %%\n", l.Policy, 100*l.Win[0].Value, interval(l), 100*l.Win[1].Value)
			}
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		fmt.Fprintln(&b, Line(a))
		if note := a.Note(); note != "" {
			fmt.Fprintln(&b, "note        "+note)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Line is the axis's verdict in one line, in three cases: SKILL-SENSITIVE
// and the flag when the move between the top two levels is shown beyond
// the threshold; that the verdict holds when it is shown within; else
// that it is undecided, the move with its interval, and that more trials
// would decide — neither the flag nor the all-clear. An axis of the
// first mover's win share first says that the mirror answers the sides
// (skill.Axis.Sides).
func Line(a *skill.Axis) string {
	n := len(a.Levels)
	from, to := a.Levels[n-2].Policy, a.Levels[n-1].Policy
	what, sides := a.Labels[0]+" wins", ""
	switch a.Answer() {
	case skill.AnswerEffect:
		what = "the effect of " + a.Effect
	case skill.AnswerFirstMover:
		what, sides = "the first mover's win share", a.Sides()+"; "
	}
	switch a.Verdict() {
	case skill.VerdictSensitive:
		return "SKILL-SENSITIVE  " + a.Flag()
	case skill.VerdictUndecided:
		return fmt.Sprintf("skill       %sundecided whether the verdict changes with skill from %s to %s: %s moves by %s, neither shown within nor beyond the %g-point threshold; more trials would decide",
			sides, from, to, what, a.MoveText(), 100*a.Threshold)
	}
	return fmt.Sprintf("skill       %sthe verdict holds from %s to %s: %s moves by %s, within the %g-point threshold",
		sides, from, to, what, a.MoveText(), 100*a.Threshold)
}

// interval is the interval of a level's share (side a's, or the first
// mover's on an axis that judges it), or "exact".
func interval(l skill.Level) string {
	if l.Exact {
		return "exact"
	}
	w := l.Win[0]
	if l.FirstMover != nil {
		w = *l.FirstMover
	}
	return fmt.Sprintf("[%.2f %%, %.2f %%]", 100*w.Lo, 100*w.Hi)
}

// Judged returns the axes whose verdict is v.
func Judged(axes []*skill.Axis, v skill.Verdict) []*skill.Axis {
	var out []*skill.Axis
	for _, a := range axes {
		if a.Verdict() == v {
			out = append(out, a)
		}
	}
	return out
}
