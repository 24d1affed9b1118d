package analysis

import (
	"fmt"
	"math"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/sim"
)

// SideEdge is side a's edge over side b in a run: the difference of their
// win shares, P(a wins) − P(b wins), estimated from n games, with its
// standard error. Each game scores +1 (a won), −1 (b won) or 0 (nobody),
// and the edge is the mean score, so the normal interval of a mean fits.
type SideEdge struct {
	N      int64
	Edge   float64 // the mean score, from −1 to +1
	StdErr float64
}

// EdgeOf returns side a's edge over side b in a tally.
func EdgeOf(t *sim.Tally) SideEdge {
	e := SideEdge{N: t.Trials}
	if t.Trials == 0 {
		return e
	}
	n := float64(t.Trials)
	a, b := float64(t.Wins[rules.A]), float64(t.Wins[rules.B])
	e.Edge = (a - b) / n
	// The variance of a score of ±1 or 0 is P(decided) − edge².
	e.StdErr = math.Sqrt(math.Max(0, (a+b)/n-e.Edge*e.Edge) / n)
	return e
}

// Interval is the edge's two-sided normal interval at confidence 1 − alpha.
func (e SideEdge) Interval(alpha float64) (lo, hi float64) {
	return MeanInterval(e.Edge, e.StdErr*e.StdErr*float64(e.N), e.N, NormalQuantile(1-alpha/2))
}

// Within reports whether the two one-sided tests at level alpha (TOST)
// show the edge within ±margin: the 1 − 2·alpha interval lies inside it.
func (e SideEdge) Within(margin, alpha float64) bool {
	lo, hi := e.Interval(2 * alpha)
	return e.N > 0 && lo > -margin && hi < margin
}

// MirrorNoteAlpha is the false-alarm rate of the mirrored-scenario note:
// the chance that a run of a truly even mirrored battle carries it.
const MirrorNoteAlpha = 0.001

// MirrorNote returns the note a run of a mirrored battle (rules.Mirrored)
// carries when its sides' win shares differ by more than chance explains
// at MirrorNoteAlpha, and "" otherwise: the board gives neither side an
// edge there, so the edge is the players' — a player that favours one
// colour — and a designer must not read it as the scenario's.
func MirrorNote(mirror string, labels [2]string, t *sim.Tally) string {
	e := EdgeOf(t)
	if mirror == "" || e.N == 0 {
		return ""
	}
	lo, hi := e.Interval(MirrorNoteAlpha)
	if lo <= 0 && hi >= 0 {
		return ""
	}
	ahead, behind := label(labels, 0), label(labels, 1)
	if e.Edge < 0 {
		ahead, behind, lo, hi = behind, ahead, -hi, -lo
	}
	return fmt.Sprintf("this scenario is mirrored (%s, the first move alternating): a side edge here is the players', not the board's, "+
		"and %s wins %.1f points more often than %s (%.1f %% interval %.1f to %.1f points)",
		mirror, ahead, 100*math.Abs(e.Edge), behind, 100*(1-MirrorNoteAlpha), 100*lo, 100*hi)
}

// label is a side's name, "a" or "b" where the battle gives none.
func label(labels [2]string, s int) string {
	if labels[s] != "" {
		return labels[s]
	}
	return string(rune('a' + s))
}

// withMirrorNote returns spec with the mirrored-scenario note of a run of
// battle with tally t added to its notes (a copy: the battle's own spec is
// shared).
func withMirrorNote(spec rules.Spec, battle rules.Battle, t *sim.Tally) rules.Spec {
	if note := MirrorNote(rules.MirrorOf(battle), spec.Labels, t); note != "" {
		spec.Notes = append(append([]string(nil), spec.Notes...), note)
	}
	return spec
}
