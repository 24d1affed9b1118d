//go:build ignore

// dbdskill reads crucible's JSON results of dbd boards played with the
// same player on both sides at two levels of skill, and prints one line a
// board for bench/dbd-skill.txt: each level's games, BLUE's and RED's win
// shares with their Clopper–Pearson 95 % intervals (as run prints them),
// the mean rounds and the turn-cap share; the move of BLUE's win share
// from the lower level to the upper with the 95 % interval `--skill`
// gives it (analysis/skill's Axis.MoveInterval: the levels' own
// Clopper–Pearson limits subtracted, valid whatever the coupling of the
// levels' common streams), and beside it, for reference, the shorter
// interval of two independent proportions (Newcombe's hybrid score
// interval, his method 10); and `--skill`'s verdict, on the first:
// skill-sensitive when the whole interval lies beyond ±threshold, holds
// when it lies within, undecided otherwise.
//
// On a board whose battle is mirrored at both levels and counts its first
// mover's wins (rules.FirstMoverCounted, asked of the board compiled with
// the file's players, as `--skill` asks it), BLUE's win share equals RED's
// by the symmetry and `--skill` judges the first mover's win share
// instead (the counter first-mover-won over the games, with its
// Clopper–Pearson interval): the row's move and verdict are then the
// first mover's, BLUE's move printed after it.
//
//	go run bench/dbdskill.go [-threshold 5] LOW.json HIGH.json [LOW.json HIGH.json ...]
//	go run bench/dbdskill.go -check
//
// -check prints the interval of Newcombe's (1998) worked example, 56/70
// against 48/80, whose hybrid score interval he gives as 0.0524 to 0.3339.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/skill"
	"github.com/crucible-sim/crucible/rules"
	_ "github.com/crucible-sim/crucible/rules/all"
	"github.com/crucible-sim/crucible/scenarios"
)

// z is the standard normal's 97.5 % quantile.
const z = 1.959963984540054

// result is the part of `crucible run --format json` (or `crucible
// merge`) this reads.
type result struct {
	Scenario string            `json:"scenario"`
	Trials   int               `json:"trials"`
	Options  map[string]string `json:"options"`
	Wins     struct {
		A, B, None int
	} `json:"wins"`
	Ends      map[string]int         `json:"ends"`
	Counters  map[string]float64     `json:"counters"`
	Squares   map[string]float64     `json:"counters_sq"`
	Rounds    struct{ Mean float64 } `json:"rounds"`
	Intervals map[string][2]float64  `json:"intervals"`
}

func main() {
	threshold := flag.Float64("threshold", 5, "the move, in points, beyond which a verdict is skill-sensitive")
	check := flag.Bool("check", false, "print Newcombe's worked example instead")
	flag.Parse()
	if *check {
		lo, hi := newcombe(56, 70, 48, 80)
		fmt.Printf("56/70 - 48/80 = %.4f, hybrid score 95 %% interval %.4f to %.4f (Newcombe 1998: 0.0524 to 0.3339)\n", 56.0/70-48.0/80, lo, hi)
		return
	}
	args := flag.Args()
	if len(args) == 0 || len(args)%2 != 0 {
		fmt.Fprintln(os.Stderr, "usage: go run bench/dbdskill.go [-threshold 5] LOW.json HIGH.json ...")
		os.Exit(2)
	}
	for i := 0; i < len(args); i += 2 {
		low, err := read(args[i])
		if err == nil {
			var high *result
			if high, err = read(args[i+1]); err == nil {
				err = line(low, high, *threshold/100)
			}
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}

func read(path string) (*result, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var r result
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if r.Trials == 0 {
		return nil, fmt.Errorf("%s: no trials", path)
	}
	return &r, nil
}

// line prints one board's line: the first mover's move and verdict,
// BLUE's after it, on a board mirrored at both levels; BLUE's otherwise.
func line(low, high *result, threshold float64) error {
	if low.Scenario != high.Scenario {
		return fmt.Errorf("%s and %s are different boards", low.Scenario, high.Scenario)
	}
	kl, okl, err := firstMoverWins(low)
	if err != nil {
		return err
	}
	kh, okh, err := firstMoverWins(high)
	if err != nil {
		return err
	}
	blue := move("BLUE", low.Wins.A, low.Trials, low.Intervals["wins.a"], high.Wins.A, high.Trials, high.Intervals["wins.a"], threshold)
	judged, moves := blue, blue.text
	if okl && okh {
		first := move("the first mover", kl, low.Trials, clopperPearson(kl, low.Trials), kh, high.Trials, clopperPearson(kh, high.Trials), threshold)
		judged, moves = first, first.text+"; "+blue.text+", nil by the mirror but for chance"
	}
	verdict := fmt.Sprintf("undecided at %d and %d games", low.Trials, high.Trials)
	switch judged.verdict {
	case skill.VerdictSensitive:
		verdict = "SKILL-SENSITIVE"
	case skill.VerdictHolds:
		verdict = "holds"
	}
	fmt.Printf("%s | %s | %s | %s | %s\n", low.Scenario, level(low, okl, kl), level(high, okh, kh), moves, verdict)
	return nil
}

// moved is a share's move from the lower level to the upper, with the
// verdict --skill gives it, and the words of a row.
type moved struct {
	verdict skill.Verdict
	text    string
}

// move is the move of a share (BLUE's, or the first mover's) from xl of
// nl games, interval il, to xh of nh, interval ih, judged by --skill's own
// axis (skill.Axis: each level's distance to its own Clopper–Pearson
// limits, added), with Newcombe's interval for reference.
func move(what string, xl, nl int, il [2]float64, xh, nh int, ih [2]float64, threshold float64) moved {
	level := func(x, n int, i [2]float64) skill.Level {
		e := analysis.Estimate{Value: share(x, n), Lo: i[0], Hi: i[1], Trials: int64(n)}
		return skill.Level{Win: [2]analysis.Estimate{e}}
	}
	a := skill.Axis{Levels: []skill.Level{level(xl, nl, il), level(xh, nh, ih)}, Threshold: threshold}
	m := a.Move()
	lo, hi := a.MoveInterval()
	nlo, nhi := newcombe(xh, nh, xl, nl)
	return moved{a.Verdict(), fmt.Sprintf("move of %s %+.1f points [%+.1f, %+.1f] (Newcombe's, independent: [%+.1f, %+.1f])", what, 100*m, 100*lo, 100*hi, 100*nlo, 100*nhi)}
}

// firstMoverWins returns the games the first mover won, when the board
// compiled with the file's players is mirrored and names the counter
// (rules.FirstMoverWonOf): as analysis/skill reads it.
func firstMoverWins(r *result) (int, bool, error) {
	sc, err := scenarios.Load(r.Scenario)
	if err != nil {
		return 0, false, err
	}
	for _, k := range []string{"policies.blue", "policies.red"} {
		if err := sc.Set(k + "=" + r.Options[k]); err != nil {
			return 0, false, fmt.Errorf("%s: %w", r.Scenario, err)
		}
	}
	b, err := sc.Compile()
	if err != nil {
		return 0, false, fmt.Errorf("%s: %w", r.Scenario, err)
	}
	name := rules.FirstMoverWonOf(b)
	if name == "" {
		return 0, false, nil
	}
	k, ok := r.Counters[name]
	if !ok {
		return 0, false, fmt.Errorf("%s: no counter %s in the file", r.Scenario, name)
	}
	return int(k), true, nil
}

// clopperPearson is a share's 95 % interval as run prints it.
func clopperPearson(x, n int) [2]float64 {
	lo, hi := analysis.ClopperPearson(int64(x), int64(n), 0.05)
	return [2]float64{lo, hi}
}

// level describes one level's answer, the first mover's win share first
// on a mirrored board (first: the games it won).
func level(r *result, mirrored bool, first int) string {
	iv := func(k string) string {
		v := r.Intervals[k]
		return fmt.Sprintf("[%.1f, %.1f]", 100*v[0], 100*v[1])
	}
	elo, ehi := edge(r.Wins.A, r.Wins.B, r.Trials)
	m, half := mean(r.Counters["first-mover-edge"], r.Squares["first-mover-edge"], r.Trials)
	fm := ""
	if mirrored {
		c := clopperPearson(first, r.Trials)
		fm = fmt.Sprintf("the first mover %.1f %% [%.1f, %.1f], ", 100*share(first, r.Trials), 100*c[0], 100*c[1])
	}
	return fmt.Sprintf("%s %d games: %sBLUE %.1f %% %s, RED %.1f %% %s, BLUE − RED %+.1f [%+.1f, %+.1f], first-mover edge %+.3f [%+.3f, %+.3f], %.1f rounds, turn cap %d (%.1f %%)",
		r.Options["policies.blue"], r.Trials, fm, 100*share(r.Wins.A, r.Trials), iv("wins.a"), 100*share(r.Wins.B, r.Trials), iv("wins.b"),
		100*share(r.Wins.A-r.Wins.B, r.Trials), 100*elo, 100*ehi, m, m-half, m+half,
		r.Rounds.Mean, r.Ends["turn-cap"], 100*share(r.Ends["turn-cap"], r.Trials))
}

// edge returns the 95 % interval of side a's win share less side b's, a
// and b wins of n games: BLUE's Wilson share of the decided games, 2p − 1,
// times the decided games' share (exact when no game is a draw).
func edge(a, b, n int) (lo, hi float64) {
	if a+b == 0 {
		return 0, 0
	}
	l, u := wilson(a, a+b)
	d := share(a+b, n)
	return d * (2*l - 1), d * (2*u - 1)
}

// mean returns a counter's mean a game, from its sum and its sum of
// squares over n games, and the half-width of its normal 95 % interval.
func mean(sum, squares float64, n int) (m, half float64) {
	nf := float64(n)
	m = sum / nf
	return m, z * math.Sqrt(math.Max(0, squares/nf-m*m)/nf)
}

func share(x, n int) float64 { return float64(x) / float64(n) }

// wilson returns the Wilson score 95 % interval of x successes in n.
func wilson(x, n int) (lo, hi float64) {
	nf, p := float64(n), share(x, n)
	centre := (p + z*z/(2*nf)) / (1 + z*z/nf)
	half := z / (1 + z*z/nf) * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf))
	return math.Max(0, centre-half), math.Min(1, centre+half)
}

// newcombe returns the hybrid score 95 % interval of x1/n1 − x2/n2, the
// proportions independent (Newcombe 1998, method 10): each side's
// distance to its Wilson limits, combined in quadrature.
func newcombe(x1, n1, x2, n2 int) (lo, hi float64) {
	p1, p2 := share(x1, n1), share(x2, n2)
	l1, u1 := wilson(x1, n1)
	l2, u2 := wilson(x2, n2)
	d := p1 - p2
	return d - math.Sqrt((p1-l1)*(p1-l1)+(u2-p2)*(u2-p2)), d + math.Sqrt((u1-p1)*(u1-p1)+(p2-l2)*(p2-l2))
}
