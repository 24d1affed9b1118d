package exact

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/emojispace"
)

var update = flag.Bool("update", false, "rewrite testdata/pinned.json from the solver as it is")

const pinnedFile = "testdata/pinned.json"

// pinnedSlow is the number of states past which only make long (the long
// build tag) checks the fractions of a duel: the rational walks of P5
// against N5b (168,320 states) and P3 against N3a (40,202) took four fifths
// of the package's default test run, and those of the five duels of 9,027
// to 18,370 states 5.7 s of CPU of the 6.2 s that the rest took. The
// fractions of the ten smaller duels, up to 7,064 states and every variant
// among them, take the walk through every statement the fifteen did (the
// two cover profiles of TestPinned are the same, bench/tests.txt). The
// floats of every duel are checked in every run.
const pinnedSlow = 9_000

// long is set by the long build tag (make long).
var long bool

// floatTol bounds the relative error of a float result against its exact
// fraction (and twice it, against the pinned float). Every float is a sum of products
// of positive weights, so its error is rounding alone, and it depends on
// the order of the sums: the pinned floats, which added the counters one
// term at a time into a single running sum over up to 10⁵ terms, are up to
// 9.4·10⁻¹³ away from the fractions (P5 against N5b's b.red-subsystems),
// and merely reassociating a product moves a result by 10⁻¹⁵. 10⁻¹² is the
// power of ten that the reference itself meets, so the walk may add in any
// order at least as accurate as the old one, and a term lost or counted
// twice still shows unless its mass is below 10⁻¹² of the result's; the
// fractions, checked exactly, catch those.
const floatTol = 1e-12

// TestPinned holds the solver to the results it gave before its walk was
// made faster: for every built-in fixed-ship duel and every variant of the
// agreement test (plans, random policies, escapes, surrenders, the live
// profile), every fraction exactly and every float within floatTol of its
// exact value (and 2·floatTol of the pinned float). The file was written by the solver
// of commit dd94966 with -update; rewrite it only for a change of the
// rules, never for one of the walk.
func TestPinned(t *testing.T) {
	path := filepath.FromSlash(pinnedFile)
	want := map[string]*rules.Exact{}
	if !*update {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(src, &want); err != nil {
			t.Fatal(err)
		}
	}
	got := map[string]*rules.Exact{}
	for _, name := range pinnedDuels(t) {
		b := pinnedBattle(t, name)
		w, ok := want[name]
		if !*update && !ok {
			t.Errorf("%s: not pinned in %s", name, pinnedFile)
			continue
		}
		rational := *update || long || w.States < pinnedSlow
		r, err := Solve(context.Background(), b, Options{Rational: rational})
		if err != nil {
			t.Fatal(err)
		}
		got[name] = r
		if *update {
			continue
		}
		for _, d := range diffExact(w, r, rational) {
			t.Errorf("%s: %s", name, d)
		}
	}
	if *update {
		out, err := json.MarshalIndent(got, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, append(out, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// pinnedDuels lists the pinned duels: the built-in ones by name, the
// variants as variant/<name>.
func pinnedDuels(t *testing.T) []string {
	names := fixedBuiltins(t)
	for name := range variants {
		names = append(names, "variant/"+name)
	}
	sort.Strings(names)
	return names
}

func pinnedBattle(t *testing.T, name string) *emojispace.Battle {
	t.Helper()
	if v, ok := strings.CutPrefix(name, "variant/"); ok {
		return compile(t, variants[v])
	}
	b, err := emojispace.Compile(loadBuiltin(t, name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// diffExact lists where got differs from want: any float further than
// floatTol from the pinned fraction or 2·floatTol from the pinned float, any float that
// is not exactly 0 or 1 where both the pinned fraction and the pinned float
// are, and with rational any fraction that differs.
func diffExact(want, got *rules.Exact, rational bool) []string {
	var out []string
	float := func(what string, w, g float64, rat string) {
		if d := floatDiff(w, g, rat); d != "" {
			out = append(out, fmt.Sprintf("%s = %v, pinned %v: %s", what, g, w, d))
		}
	}
	value := func(what string, w, g rules.Value) {
		float(what, w.F, g.F, w.Rat)
		if rational && w.Rat != g.Rat {
			out = append(out, fmt.Sprintf("%s = %s, pinned %s", what, g.Rat, w.Rat))
		}
	}
	floats := func(what string, w, g []float64, rats []string) {
		if len(w) != len(g) {
			out = append(out, fmt.Sprintf("%s has %d values, pinned %d", what, len(g), len(w)))
			return
		}
		for i := range w {
			rat := ""
			if i < len(rats) {
				rat = rats[i]
			}
			float(fmt.Sprintf("%s[%d]", what, i), w[i], g[i], rat)
		}
	}
	for i := range want.Win {
		value(fmt.Sprintf("win[%d]", i), want.Win[i], got.Win[i])
	}
	if len(want.Ends) != len(got.Ends) {
		return append(out, fmt.Sprintf("%d end reasons, pinned %d", len(got.Ends), len(want.Ends)))
	}
	for i := range want.Ends {
		value("end "+want.Ends[i].Name, want.Ends[i].Value, got.Ends[i].Value)
	}
	value("rounds mean", want.RoundsMean, got.RoundsMean)
	float("rounds sd", *want.RoundsSD, *got.RoundsSD, "")
	if *want.RoundsMin != *got.RoundsMin {
		out = append(out, fmt.Sprintf("rounds min %d, pinned %d", *got.RoundsMin, *want.RoundsMin))
	}
	floats("rounds", want.Rounds, got.Rounds, nil)
	if want.States != got.States {
		out = append(out, fmt.Sprintf("%d states, pinned %d", got.States, want.States))
	}
	if len(want.Counters) != len(got.Counters) {
		return append(out, fmt.Sprintf("%d counters, pinned %d", len(got.Counters), len(want.Counters)))
	}
	for i, w := range want.Counters {
		g := got.Counters[i]
		if w.Name != g.Name {
			out = append(out, fmt.Sprintf("counter %d is %s, pinned %s", i, g.Name, w.Name))
			continue
		}
		value(w.Name+" mean", w.Mean, g.Mean)
		floats(w.Name, w.P, g.P, w.Rat)
		if rational && fmt.Sprint(w.Rat) != fmt.Sprint(g.Rat) {
			out = append(out, fmt.Sprintf("%s = %v, pinned %v", w.Name, g.Rat, w.Rat))
		}
	}
	return out
}

// floatDiff says how a float result g differs from the pinned float w and
// the pinned fraction rat ("" for none), or returns "" if it does not.
func floatDiff(w, g float64, rat string) string {
	near := func(x, tol float64) bool { return math.Abs(g-x) <= tol*math.Abs(x) }
	// The pinned float is itself up to floatTol from the fraction, so two
	// floats that each meet floatTol may be twice that apart: the first
	// check allows it, leaving room for a machine that rounds differently
	// (fused multiply-adds), and the fraction keeps the bound tight.
	if !near(w, 2*floatTol) {
		return fmt.Sprintf("relative difference %.2g", math.Abs(g-w)/math.Abs(w))
	}
	if rat == "" {
		return ""
	}
	q, ok := new(big.Rat).SetString(rat)
	if !ok {
		return "the pinned fraction " + rat + " does not parse"
	}
	x, _ := q.Float64()
	if !near(x, floatTol) {
		return fmt.Sprintf("relative error %.2g against the fraction", math.Abs(g-x)/math.Abs(x))
	}
	// A certainty or an impossibility stays exact.
	if (x == 0 || x == 1) && w == x && g != x {
		return "not exact"
	}
	return ""
}
