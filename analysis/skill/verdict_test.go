package skill_test

import (
	"context"
	"fmt"
	"io"
	"math"
	"strconv"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/skill"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
)

// coin is a game whose answer is known exactly for every player: side a
// wins with the percentage the player's name gives, whoever plays b. A
// player "pNN" wins when the trial's draw u (0 to 99) is below NN, a
// player "qNN" when it is at least 100 − NN, so that on common random
// numbers p-players couple positively with each other and a p-player
// negatively with a q-player (p50 and q52 agree on 4 draws of 100 only):
// the coupling under which an interval for independent proportions is
// too short.
type coin struct{}

var coinPlayers = []string{"p50", "p51", "p52", "p55", "p56", "p58", "p70", "q52", "q55", "q56", "q58"}

func (coin) ID() string { return "coin" }

func (coin) PolicyFields() [2]rules.PolicyField {
	var values []rules.PolicyValue
	for _, p := range coinPlayers {
		values = append(values, rules.PolicyValue{Name: p})
	}
	return [2]rules.PolicyField{{Path: "a.play", Values: values}, {Path: "b.play", Values: values}}
}

func (coin) Compile(n *doc.Node) (rules.Battle, error) {
	var d openingDoc
	if err := doc.Decode(n, &d); err != nil {
		return nil, err
	}
	p, err := doc.OneOf(d.A.Get("play"), coinPlayers...)
	if err != nil {
		return nil, err
	}
	if _, err := doc.OneOf(d.B.Get("play"), coinPlayers...); err != nil {
		return nil, err
	}
	pct, _ := strconv.Atoi(p[1:])
	return coinBattle{pct: pct, reversed: p[0] == 'q'}, nil
}

type coinBattle struct {
	pct      int
	reversed bool
}

func (b coinBattle) Spec() rules.Spec {
	return rules.Spec{Ends: []string{"decided"}, Labels: [2]string{"RED", "BLUE"}, Options: []rules.Setting{{Name: "a.play", Value: fmt.Sprint(b)}}}
}
func (b coinBattle) NewFighter() rules.Fighter { return b }
func (b coinBattle) Fight(i int64, r *rules.Rand, o *rules.Outcome) {
	b.Replay(i, r, o, nil)
}
func (b coinBattle) Replay(_ int64, r *rules.Rand, o *rules.Outcome, _ io.Writer) {
	u := r.IntN(100)
	o.Rounds, o.Winner = 1, rules.B
	if (!b.reversed && u < b.pct) || (b.reversed && u >= 100-b.pct) {
		o.Winner = rules.A
	}
}

func init() { rules.Register(coin{}) }

func coinScenario(t testing.TB) *scenarios.Scenario {
	t.Helper()
	sc, err := scenarios.Parse("coin.yaml", "coin", []byte("ruleset: coin\na: {play: p50}\nb: {play: p50}\n"))
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// moveCase is a pair of coin players whose move, in points, is known
// exactly (the difference of their names' percentages), and the verdict
// that would be false of it at the 5-point threshold.
type moveCase struct {
	from, to string
	false    skill.Verdict
	// trials is each seed's: enough for the false verdict to be within
	// reach (a "holds" needs the interval narrower than the threshold).
	trials int64
}

// coinMove is the exact move from one coin player to another, in points.
func coinMove(from, to string) int {
	a, _ := strconv.Atoi(from[1:])
	b, _ := strconv.Atoi(to[1:])
	return b - a
}

// moveCases are the moves of 2 and 5 points (within the threshold: a
// SKILL-SENSITIVE verdict is false; 5 itself, which is not more than 5,
// is the hardest case) and of 6 and 8 points (beyond: "holds" is false; 6,
// next to the threshold, the hardest), each coupled positively and
// negatively.
var moveCases = []moveCase{
	{"p50", "p52", skill.VerdictSensitive, 400}, {"p50", "q52", skill.VerdictSensitive, 400},
	{"p50", "p55", skill.VerdictSensitive, 400}, {"p50", "q55", skill.VerdictSensitive, 400},
	{"p50", "p56", skill.VerdictHolds, 4000}, {"p50", "q56", skill.VerdictHolds, 4000},
	{"p50", "p58", skill.VerdictHolds, 4000}, {"p50", "q58", skill.VerdictHolds, 4000},
}

// falseVerdicts plays each case on seeds seeds of trials trials and
// returns how many of them gave its false verdict, and how many an
// interval for independent proportions (Newcombe's hybrid score
// interval, the moves' Wilson limits combined in quadrature) would have.
func falseVerdicts(t testing.TB, c moveCase, seeds int) (ours, independent int) {
	sc := coinScenario(t)
	for seed := range seeds {
		r := analysis.Run{Seed: uint64(1000 + seed), Trials: c.trials, Workers: 1}
		a, err := skill.Run(context.Background(), r, sc, []string{c.from, c.to}, skill.DefaultThreshold)
		if err != nil {
			t.Fatal(err)
		}
		if a.Verdict() == c.false {
			ours++
		}
		if newcombeVerdict(a) == c.false {
			independent++
		}
	}
	return ours, independent
}

// newcombeVerdict is the verdict an interval for the difference of two
// independent proportions gives: Newcombe's hybrid score interval
// (method 10 of Newcombe 1998), from each level's Wilson score limits.
func newcombeVerdict(a *skill.Axis) skill.Verdict {
	n := len(a.Levels)
	p1, p0 := a.Levels[n-1].Win[0], a.Levels[n-2].Win[0]
	l1, u1 := wilson(p1.Value, p1.Trials)
	l0, u0 := wilson(p0.Value, p0.Trials)
	d := p1.Value - p0.Value
	lo := d - math.Hypot(p1.Value-l1, u0-p0.Value)
	hi := d + math.Hypot(u1-p1.Value, p0.Value-l0)
	switch t := a.Threshold; {
	case lo > t || hi < -t:
		return skill.VerdictSensitive
	case lo >= -t && hi <= t:
		return skill.VerdictHolds
	}
	return skill.VerdictUndecided
}

// wilson is the Wilson score interval of a share p of n at 95 %.
func wilson(p float64, n int64) (lo, hi float64) {
	z, nf := analysis.Z95, float64(n)
	mid := (p + z*z/(2*nf)) / (1 + z*z/nf)
	half := z / (1 + z*z/nf) * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf))
	return mid - half, mid + half
}

// A verdict of the skill axis is false (SKILL-SENSITIVE of a move of at
// most 5 points, "holds" of one beyond) on at most 5 % of seeds, whatever
// the levels' coupling: 200 seeds a case, a fixed set, so the count is
// the same every run (the long test, TestMoveFalseVerdictsLong, plays
// 3,000 and shows the independent interval's count past 5 % under the
// negative coupling; here it is logged).
func TestMoveFalseVerdicts(t *testing.T) {
	checkFalseVerdicts(t, 200)
}

// checkFalseVerdicts checks every case on seeds seeds and returns, by
// case, the independent interval's false verdicts.
func checkFalseVerdicts(t *testing.T, seeds int) map[moveCase]int {
	indeps := map[moveCase]int{}
	for _, c := range moveCases {
		ours, indep := falseVerdicts(t, c, seeds)
		indeps[c] = indep
		t.Logf("%s → %s (move %+d points, %d trials): %q on %d of %d seeds; the independent interval's %d", c.from, c.to, coinMove(c.from, c.to), c.trials, c.false, ours, seeds, indep)
		if float64(ours) > 0.05*float64(seeds) {
			t.Errorf("%s → %s (move %+d points): %q on %d of %d seeds, more than 5 %%", c.from, c.to, coinMove(c.from, c.to), c.false, ours, seeds)
		}
	}
	return indeps
}

// Enough trials decide: at 20,000 trials a move of 1 point holds and one
// of 20 is SKILL-SENSITIVE on every seed tried, each coupling.
func TestMoveDecides(t *testing.T) {
	for _, c := range []struct {
		from, to string
		want     skill.Verdict
	}{{"p50", "p51", skill.VerdictHolds}, {"p50", "p70", skill.VerdictSensitive}, {"p52", "q52", skill.VerdictHolds}} {
		for seed := range uint64(5) {
			a, err := skill.Run(context.Background(), analysis.Run{Seed: seed, Trials: 20000, Workers: 1}, coinScenario(t), []string{c.from, c.to}, skill.DefaultThreshold)
			if err != nil {
				t.Fatal(err)
			}
			if got := a.Verdict(); got != c.want {
				lo, hi := a.MoveInterval()
				t.Errorf("%s → %s, seed %d: %q (move %+.4f [%+.4f, %+.4f]), want %q", c.from, c.to, seed, got, a.Move(), lo, hi, c.want)
			}
		}
	}
}

// exactLevel and sampledLevel are levels with side a's win share v: exact,
// or sampled with the interval [lo, hi] of trials trials.
func exactLevel(p string, v float64) skill.Level {
	return skill.Level{Policy: p, Exact: true, Win: [2]analysis.Estimate{{Value: v, Lo: v, Hi: v}, {Value: 1 - v, Lo: 1 - v, Hi: 1 - v}}}
}

func sampledLevel(p string, v, lo, hi float64, trials int64) skill.Level {
	return skill.Level{Policy: p, Win: [2]analysis.Estimate{{Value: v, Lo: lo, Hi: hi, Trials: trials}, {Value: 1 - v, Lo: 1 - hi, Hi: 1 - lo, Trials: trials}}}
}

// The verdict by hand: exact moves against the threshold itself (5
// points exactly holds: it is not more than 5); sampled moves by the
// difference of the levels' limits, for a share and for an effect (four
// shares' distances added).
func TestVerdictByHand(t *testing.T) {
	axis := func(levels ...skill.Level) *skill.Axis {
		return &skill.Axis{Labels: [2]string{"a", "b"}, Threshold: 0.05, Levels: levels}
	}
	effect := func(l skill.Level, base skill.Level) skill.Level {
		l.Base = &base.Win
		return l
	}
	for _, c := range []struct {
		name   string
		a      *skill.Axis
		lo, hi float64
		want   skill.Verdict
		text   string
	}{
		{"exact 5", axis(exactLevel("g", 0.40), exactLevel("s", 0.45)), 0.05, 0.05, skill.VerdictHolds, "+5.00 points"},
		{"exact 5.5", axis(exactLevel("g", 0.40), exactLevel("s", 0.455)), 0.055, 0.055, skill.VerdictSensitive, "+5.50 points"},
		{"exact -6", axis(exactLevel("g", 0.46), exactLevel("s", 0.40)), -0.06, -0.06, skill.VerdictSensitive, "-6.00 points"},
		// 0.50 [0.45, 0.56] to 0.60 [0.57, 0.62]: 0.10 − (0.03 + 0.06), 0.10 + (0.02 + 0.05).
		{"beyond", axis(sampledLevel("g", 0.50, 0.45, 0.56, 400), sampledLevel("s", 0.60, 0.57, 0.62, 800)), 0.01, 0.17, skill.VerdictUndecided, "+10.00 points [+1.00, +17.00] at 400 and 800 trials"},
		{"shown", axis(sampledLevel("g", 0.50, 0.49, 0.51, 1e4), sampledLevel("s", 0.60, 0.59, 0.61, 1e4)), 0.08, 0.12, skill.VerdictSensitive, "+10.00 points [+8.00, +12.00] at 10000 trials"},
		{"within", axis(sampledLevel("g", 0.50, 0.49, 0.51, 1e4), sampledLevel("s", 0.51, 0.50, 0.52, 1e4)), -0.01, 0.03, skill.VerdictHolds, "+1.00 points [-1.00, +3.00] at 10000 trials"},
		{"exact below sampled", axis(exactLevel("g", 0.50), sampledLevel("s", 0.57, 0.56, 0.58, 1e4)), 0.06, 0.08, skill.VerdictSensitive, "+7.00 points [+6.00, +8.00] at 10000 trials"},
		// Effects −0.10 (0.40 [0.38, 0.43] under B, 0.50 [0.49, 0.52] under A)
		// then −0.02 (0.48 [0.47, 0.50], 0.50 exact): a move of +0.08, less
		// the top's reach down (0.01) and the lower's up (0.03 + 0.01),
		// plus the top's up (0.02) and the lower's down (0.02 + 0.02).
		{"effect", axis(effect(sampledLevel("g", 0.40, 0.38, 0.43, 1e3), sampledLevel("g", 0.50, 0.49, 0.52, 1e3)), effect(sampledLevel("s", 0.48, 0.47, 0.50, 1e3), exactLevel("s", 0.50))),
			0.03, 0.14, skill.VerdictUndecided, "+8.00 points [+3.00, +14.00] at 1000 trials"},
	} {
		lo, hi := c.a.MoveInterval()
		if math.Abs(lo-c.lo) > 1e-12 || math.Abs(hi-c.hi) > 1e-12 || c.a.Verdict() != c.want || c.a.MoveText() != c.text {
			t.Errorf("%s: [%.4f, %.4f] %q %q; want [%.4f, %.4f] %q %q", c.name, lo, hi, c.a.Verdict(), c.a.MoveText(), c.lo, c.hi, c.want, c.text)
		}
		if c.a.Sensitive() != (c.want == skill.VerdictSensitive) || (c.a.Flag() != "") != c.a.Sensitive() {
			t.Errorf("%s: sensitive %v, flag %q: true, with a flag, only when shown", c.name, c.a.Sensitive(), c.a.Flag())
		}
	}
}

// Players that are no rung of a ladder of skill (the coin's) are styles,
// and the axis says so beside its verdict; rungs (the opening's) are not.
func TestStyleNote(t *testing.T) {
	r := analysis.Run{Seed: 1, Trials: 100, Workers: 1}
	a, err := skill.Run(context.Background(), r, coinScenario(t), []string{"p50", "p52"}, skill.DefaultThreshold)
	if err != nil {
		t.Fatal(err)
	}
	if want := "neither p50 nor p52 is a rung of the ruleset's ladder of skill or its optimal play: they are styles of play, and the move between them is a style's (as --policy-spread measures it), not skill's"; a.Note() != want {
		t.Errorf("coin's players: note %q, want %q", a.Note(), want)
	}
	a, err = skill.Run(context.Background(), r, openingScenario(t), []string{"novice", "expert"}, skill.DefaultThreshold)
	if err != nil {
		t.Fatal(err)
	}
	if a.Note() != "" {
		t.Errorf("opening's rungs: note %q, want none", a.Note())
	}
}
