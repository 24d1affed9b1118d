package skill

import (
	"fmt"
	"strings"
)

func (a *Axis) trialsText() string {
	n := len(a.Levels)
	lo, hi := a.Levels[n-2].sampledTrials(), a.Levels[n-1].sampledTrials()
	if lo > 0 && hi > 0 && lo != hi {
		return fmt.Sprintf("%d and %d trials", lo, hi)
	}
	return fmt.Sprintf("%d trials", a.Trials())
}

// Flag says, when the answer is shown skill-sensitive, how it changes, in
// a designer's words ("this verdict changes with skill: attacker wins
// 41.37 % under kill-greedy, 59.71 % under optimal"); "" when it is not.
func (a *Axis) Flag() string {
	if !a.Sensitive() {
		return ""
	}
	n := len(a.Levels)
	lo, hi := a.Levels[n-2], a.Levels[n-1]
	if a.Answer() == AnswerFirstMover {
		return fmt.Sprintf("this verdict changes with skill: %s; what skill moves is the first mover's win share: %.2f %% under %s, %.2f %% under %s (%s, more than the %g-point threshold)",
			a.Sides(), 100*lo.Answer(), lo.Policy, 100*hi.Answer(), hi.Policy, a.MoveText(), 100*a.Threshold)
	}
	return fmt.Sprintf("this verdict changes with skill: %s under %s, %s under %s (%s, more than the %g-point threshold)",
		a.favour(lo), lo.Policy, a.favour(hi), hi.Policy, a.MoveText(), 100*a.Threshold)
}

// Sides is the answer about the sides on a battle mirrored at every level
// (Axis.Mirror), which the symmetry gives and no trial measures ("BLUE
// and RED are each other's mirror (RED is BLUE turned 180°, the first
// move alternating): neither is favoured at any level of skill, by the
// symmetry"); "" when the battle is not mirrored at every level, and for
// a comparison's effect.
func (a *Axis) Sides() string {
	if a.Mirror == "" || a.Effect != "" {
		return ""
	}
	return fmt.Sprintf("%s and %s are each other's mirror (%s, the first move alternating): neither is favoured at any level of skill, by the symmetry, not by measure",
		a.Labels[0], a.Labels[1], a.Mirror)
}

// MoveText is the move in points, with its 95 % interval and trials when
// it is sampled: "+18.34 points" when exact, "+2.50 points [-12.40,
// +17.40] at 40 trials" when not ("at 20000 and 48 trials" when the top
// two levels were played on different trials, the lower level's first).
func (a *Axis) MoveText() string {
	if a.Exact() {
		return fmt.Sprintf("%+.2f points", 100*a.Move())
	}
	lo, hi := a.MoveInterval()
	return fmt.Sprintf("%+.2f points [%+.2f, %+.2f] at %s", 100*a.Move(), 100*lo, 100*hi, a.trialsText())
}

// Note says, when neither of the top two levels is a level of skill
// (Level.Style: Eclipse's kill-greedy and largest-killable-first, any two
// of EmojiSpace's policies), that the move is between styles of play, as
// a policy spread measures it, not a move with skill; and, when the
// battle is mirrored at every level but the axis judges side a's share
// all the same, why (mirrorNote). "" when neither applies.
func (a *Axis) Note() string {
	n := len(a.Levels)
	lo, hi := a.Levels[n-2], a.Levels[n-1]
	var notes []string
	if lo.Style && hi.Style {
		notes = append(notes, fmt.Sprintf("neither %s nor %s is a rung of the ruleset's ladder of skill or its optimal play: they are styles of play, and the move between them is a style's (as --policy-spread measures it), not skill's", lo.Policy, hi.Policy))
	}
	if m := a.mirrorNote(); m != "" {
		notes = append(notes, m)
	}
	return strings.Join(notes, "; ")
}

// mirrorNote says why an axis of a battle mirrored at every level judges
// side a's win share, whose move the symmetry makes nil but for chance
// and the players' artefacts, and not the first mover's: a comparison
// judges the effect on side a's share, and a battle that does not count
// its first mover's wins (rules.FirstMoverCounted) at every level (a
// level solved exactly counts none) leaves the axis nothing else.
func (a *Axis) mirrorNote() string {
	switch {
	case a.Mirror == "" || a.Answer() == AnswerFirstMover:
		return ""
	case a.Effect != "":
		return fmt.Sprintf("both variants are mirrored at every level (%s): %s's win share is even in each but for chance, so %s's effect on it is nil by construction; this axis judges that effect, not %s's effect on the first mover's win share",
			a.Mirror, a.Labels[0], a.Effect, a.Effect)
	}
	return fmt.Sprintf("the battle is mirrored at every level (%s), so %s's win share equals %s's but for chance and its move is nil by construction; the axis judges it all the same because the battle does not count its first mover's wins at every level, which is what the mirror leaves to skill",
		a.Mirror, a.Labels[0], a.Labels[1])
}

// favour says which side a level favours and by how much; for an effect,
// how B moves side a's win share.
func (a *Axis) favour(l Level) string {
	if l.Base != nil {
		return fmt.Sprintf("%s moves %s's win share by %+.2f points (%.2f %% to %.2f %%)", a.Effect, a.Labels[0], 100*l.Answer(), 100*l.Base[0].Value, 100*l.Win[0].Value)
	}
	wa, wb := l.Win[0].Value, l.Win[1].Value
	switch {
	case l.Exact && wa == wb, !l.Exact && l.Win[0].Lo <= wb && wb <= l.Win[0].Hi && l.Win[1].Lo <= wa && wa <= l.Win[1].Hi:
		return fmt.Sprintf("even (%s %.2f %%, %s %.2f %%)", a.Labels[0], 100*wa, a.Labels[1], 100*wb)
	case wa > wb:
		return fmt.Sprintf("%s favoured (%.2f %% to %.2f %%)", a.Labels[0], 100*wa, 100*wb)
	}
	return fmt.Sprintf("%s favoured (%.2f %% to %.2f %%)", a.Labels[1], 100*wb, 100*wa)
}
