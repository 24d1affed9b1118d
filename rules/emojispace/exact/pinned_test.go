package exact

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math"
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

// pinnedSlow is the number of states past which -short skips the fractions
// of a duel (the rational walk of P5 against N5b takes seconds).
const pinnedSlow = 20_000

// TestPinned holds the solver to the results it gave before its walk was
// made faster: for every built-in fixed-ship duel and every variant of the
// agreement test (plans, random policies, escapes, surrenders, the live
// profile), every float bit for bit (the walk adds the same terms in the
// same order) and every fraction. The file was written by the solver of
// commit dd94966 with -update; rewrite it only for a change of the rules,
// never for one of the walk.
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
		rational := *update || !testing.Short() || w.States < pinnedSlow
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

// diffExact lists where got differs from want: any float whose bits
// differ, and with rational any fraction.
func diffExact(want, got *rules.Exact, rational bool) []string {
	var out []string
	value := func(what string, w, g rules.Value) {
		if math.Float64bits(w.F) != math.Float64bits(g.F) {
			out = append(out, fmt.Sprintf("%s = %v, pinned %v", what, g.F, w.F))
		}
		if rational && w.Rat != g.Rat {
			out = append(out, fmt.Sprintf("%s = %s, pinned %s", what, g.Rat, w.Rat))
		}
	}
	floats := func(what string, w, g []float64) {
		if len(w) != len(g) {
			out = append(out, fmt.Sprintf("%s has %d values, pinned %d", what, len(g), len(w)))
			return
		}
		for i := range w {
			if math.Float64bits(w[i]) != math.Float64bits(g[i]) {
				out = append(out, fmt.Sprintf("%s[%d] = %v, pinned %v", what, i, g[i], w[i]))
			}
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
	floats("rounds sd", []float64{*want.RoundsSD}, []float64{*got.RoundsSD})
	if *want.RoundsMin != *got.RoundsMin {
		out = append(out, fmt.Sprintf("rounds min %d, pinned %d", *got.RoundsMin, *want.RoundsMin))
	}
	floats("rounds", want.Rounds, got.Rounds)
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
		floats(w.Name, w.P, g.P)
		if rational && fmt.Sprint(w.Rat) != fmt.Sprint(g.Rat) {
			out = append(out, fmt.Sprintf("%s = %v, pinned %v", w.Name, g.Rat, w.Rat))
		}
	}
	return out
}
