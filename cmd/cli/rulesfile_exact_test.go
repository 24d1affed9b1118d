package cli

import (
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// duelRace is the 2d6 duel worked out by hand: a round is one contest, its
// ties re-rolled, and by symmetry each decided round is a fair coin; a
// duellist loses its last hit point when the other has won as many rounds.
// It returns P(a wins) and E[rounds] for duellists of ha and hb hit
// points, by the recursion over the hit points left (P(i, j) = ½ P(i, j−1)
// + ½ P(i−1, j)), written here apart from crucible's solver.
func duelRace(ha, hb int) (win, rounds *big.Rat) {
	half := big.NewRat(1, 2)
	type cell struct{ win, rounds *big.Rat }
	memo := map[[2]int]cell{}
	var at func(i, j int) cell
	at = func(i, j int) cell {
		switch {
		case j == 0:
			return cell{big.NewRat(1, 1), new(big.Rat)}
		case i == 0:
			return cell{new(big.Rat), new(big.Rat)}
		}
		if c, ok := memo[[2]int{i, j}]; ok {
			return c
		}
		hitB, hitA := at(i, j-1), at(i-1, j)
		w := new(big.Rat).Add(hitB.win, hitA.win)
		r := new(big.Rat).Add(hitB.rounds, hitA.rounds)
		c := cell{w.Mul(w, half), r.Mul(r, half).Add(r, big.NewRat(1, 1))}
		memo[[2]int{i, j}] = c
		return c
	}
	c := at(ha, hb)
	return c.win, c.rounds
}

// exactJSON is the part of `crucible exact --rational --format json` the
// tests read.
type exactJSON struct {
	Exact struct {
		States   int
		Rational struct {
			A, B, Draw string
			Rounds     string `json:"rounds_mean"`
		}
	}
}

func solvedRational(t *testing.T, args ...string) exactJSON {
	t.Helper()
	out := mustRun(t, append([]string{"exact", "--rational", "--format", "json"}, args...)...)
	var e exactJSON
	if err := json.Unmarshal([]byte(out), &e); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	return e
}

// Every command that uses exact values uses them for a rules file, through
// the solver the rules-file ruleset registers: the built-in 2d6 duel is an
// even race (1/2 each), and duelScenario's hero of 4 hit points against a
// duellist of 5 wins duelRace(4, 5) = 93/256 — exact gives it as a
// fraction, run --out shows it beside the estimate, check judges on: exact
// claims on it with no trial, compare --exact gives the exact difference,
// tune and meta need no trial.
func TestRulesFileExactEveryCommand(t *testing.T) {
	t.Parallel()
	half, even := duelRace(5, 5)
	if e := solvedRational(t, "rulesfile/duel2d6").Exact.Rational; e.A != half.RatString() || e.B != half.RatString() || e.Draw != "0" || e.Rounds != even.RatString() {
		t.Errorf("exact rulesfile/duel2d6: %+v, want a and b %s, E[rounds] %s", e, half.RatString(), even.RatString())
	}
	s := rulesFileDir(t, duelScenario)
	dir := filepath.Dir(s)
	win, rounds := duelRace(4, 5)
	lose := new(big.Rat).Sub(big.NewRat(1, 1), win)
	if e := solvedRational(t, s).Exact.Rational; e.A != win.RatString() || e.B != lose.RatString() || e.Rounds != rounds.RatString() {
		t.Errorf("exact 4 against 5: %+v, want a %s, b %s, E[rounds] %s", e, win.RatString(), lose.RatString(), rounds.RatString())
	}

	report := filepath.Join(dir, "report")
	mustRun(t, "run", s, "--trials", "300", "--seed", "1", "--out", report)
	page, _ := os.ReadFile(filepath.Join(report, "index.html"))
	winF, _ := win.Float64()
	_, row, _ := strings.Cut(string(page), `<tr data-metric="win.a">`)
	row, _, _ = strings.Cut(row, "</tr>")
	if pct := fmt.Sprintf("<td>%.2f %%</td>", 100*winF); !strings.Contains(string(page), "<th>exact</th>") || !strings.Contains(row, pct) {
		t.Errorf("run --out: no exact column showing %s in the row of a's wins: %s", pct, row)
	}

	claims := filepath.Join(dir, "claims.yaml")
	src, _ := os.ReadFile(s)
	os.WriteFile(claims, append(src, fmt.Sprintf("  - {id: exact-a, metric: win.a, min: %.12f, max: %.12f, on: exact}\n", winF-1e-12, winF+1e-12)...), 0o644)
	out := mustRun(t, "check", claims, "--seed", "1", "--trials", "2000")
	if !strings.Contains(out, "PASS         claims  exact-a at ") || !strings.Contains(out, "the exact solution (no sampling, no interval); no trials") {
		t.Errorf("check an on: exact claim:\n%s", out)
	}

	b6, _ := duelRace(4, 6)
	diff := new(big.Rat).Sub(b6, win)
	out = mustRun(t, "compare", s, "--set-b", "rules.units.duellist.hp=6", "--exact", "--rational")
	if !strings.Contains(out, "exact: both variants solved, no sampling") || !strings.Contains(out, " pp = "+diff.RatString()+"\n") {
		t.Errorf("compare --exact: want a wins %s → %s, a difference of %s:\n%s", win.RatString(), b6.RatString(), diff.RatString(), out)
	}

	out = mustRun(t, "tune", s, "--vary", "a.designs.hero.hp=1..9", "--target", "fair", "--seed", "1")
	if !strings.Contains(out, "a.designs.hero.hp=5: a wins − b wins 0.0 points exactly — exactly the target") || !strings.Contains(out, "at a.designs.hero.hp=5, exactly") || !strings.Contains(out, "trials    none: every one of the 7 probes was solved exactly") {
		t.Errorf("tune: not solved exactly, or fought trials:\n%s", out)
	}

	roster := filepath.Join(dir, "roster.yaml")
	os.WriteFile(roster, []byte("scenario: duel.yaml\nmeta:\n  - {name: four, side: {units: {hero: 1}, designs: {hero: {base: duellist, hp: 4}}}}\n  - {name: five, side: {units: {duellist: 1}}}\n"), 0o644)
	out = mustRun(t, "meta", roster, "--seed", "1")
	if pct := fmt.Sprintf("%.1f =", 100*winF); !strings.Contains(out, "every cell exact") || !strings.Contains(out, pct) {
		t.Errorf("meta: want every cell exact, four against five %s:\n%s", pct, out)
	}
}

// volleyRules is a rules file whose gunner rolls 200 d100 a round, its
// hits of four kinds (one per shield), against peashooters: too many outcomes of one volley for
// the exact solver's work budget, which it refuses before its first step.
const volleyRules = `title: a volley beyond the exact solver's budget
stats:
  shield: {doc: "tens taken off a hit's face"}
weapons:
  gun: {attacks: 200, die: 100, hit: "face - target.shield * 10 >= 60"}
  pea: {die: 6, hit: "face >= 6"}
units:
  gunner: {hp: 3, weapons: {gun: 1}}
  pea: {hp: 1, weapons: {pea: 1}}
  s1: {hp: 1, shield: 1}
  s2: {hp: 1, shield: 2}
  s3: {hp: 1, shield: 3}
targeting: {default: kill-greedy}
round:
  - fire: {order: simultaneous}
`

// Above the solver's budget, every command says so, with the budget, and
// samples: exact and compare --exact say what to run instead, check refuses
// an on: exact claim before any trial, run's page has no exact column and
// tune fights trials.
func TestRulesFileBeyondTheExactBudget(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "volley.rules.yaml"), []byte(volleyRules), 0o644)
	s := filepath.Join(dir, "volley.yaml")
	os.WriteFile(s, []byte("ruleset: ./volley.rules.yaml\na: {units: {gunner: 1}}\nb: {units: {pea: 10, s1: 1, s2: 1, s3: 1}}\n"), 0o644)
	const budget = "beyond the exact solver's budget: side a's volley of 200 gun dice of gunner (4 classes of hits) has up to 7.01e+07 outcomes to count, more than the 50000000 steps of work allowed"
	mustFail(t, exitFailed, budget+"\nrun it by Monte Carlo instead: crucible run "+s+" --trials 1000000", "exact", s)
	mustFail(t, exitFailed, budget+"\ncompare by sampling instead: crucible compare "+s, "compare", s, "--set-b", "b.units.pea=5", "--exact")
	out, _ := mustFail(t, exitFailed, "judge the claim by Monte Carlo instead: remove its `on: exact`",
		"check", s, "--seed", "1", "--set", "claims=[{metric: win.a, min: 0.5, on: exact}]")
	if out != "" {
		t.Errorf("check fought before refusing:\n%s", out)
	}
	report := filepath.Join(dir, "report")
	mustRun(t, "run", s, "--trials", "200", "--seed", "1", "--out", report)
	if page, _ := os.ReadFile(filepath.Join(report, "index.html")); strings.Contains(string(page), "<th>exact</th>") || !strings.Contains(string(page), "a wins") {
		t.Errorf("run --out beyond the budget: an exact column, or no estimates")
	}
	out = mustRun(t, "tune", s, "--vary", "b.units.pea=0..40", "--target", "win.a<=0.5", "--seed", "1", "--max-trials", "2000")
	if strings.Contains(out, "exactly") || strings.Contains(out, "trials    0 in ") || !strings.Contains(out, "probes fought by Monte Carlo: exact: "+budget) {
		t.Errorf("tune beyond the budget did not sample, or did not say why:\n%s", out)
	}
}
