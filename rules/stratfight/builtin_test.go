package stratfight

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
)

const builtinDir = "../../scenarios/builtin/stratfight"

// builtinSources reads every built-in stratfight scenario file.
func builtinSources(t testing.TB) map[string]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(builtinDir, "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no built-in scenarios in %s: %v", builtinDir, err)
	}
	out := map[string]string{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(src), "\nsuite:") {
			continue // a list of scenarios for crucible check, not a scenario
		}
		out[strings.TrimSuffix(filepath.Base(f), ".yaml")] = string(src)
	}
	return out
}

// TestBuiltinScenarios compiles every built-in file and checks the fields
// the loader reads: ruleset, a one-line description, and claims naming this
// battle's metrics.
func TestBuiltinScenarios(t *testing.T) {
	for name, src := range builtinSources(t) {
		root, err := scenarios.ParseYAML(name+".yaml", []byte(src))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if root.Get("ruleset").Value != ID {
			t.Errorf("%s: ruleset %q", name, root.Get("ruleset").Value)
		}
		if d := root.Get("description"); d == nil || d.Value == "" || strings.Contains(d.Value, "\n") {
			t.Errorf("%s: needs a one-line description", name)
		}
		b, err := ruleset{}.Compile(root.Without(scenarios.CommonKeys...))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		spec := b.Spec()
		if c := root.Get("claims"); c != nil {
			for _, cl := range c.Items {
				m := cl.Get("metric").Value
				ok := strings.HasPrefix(m, "rounds.")
				if e, found := strings.CutPrefix(m, "end."); found {
					ok = spec.EndIndex(e) >= 0
				}
				if !ok {
					t.Errorf("%s: claim metric %q", name, m)
				}
				if cl.Get("unit") != nil && spec.RoundsUnit != "seconds" {
					t.Errorf("%s: unit on a duel", name)
				}
			}
		}
		if strings.HasPrefix(name, "lifespan") {
			if spec.RoundsUnit != "seconds" {
				t.Errorf("%s: rounds unit %q", name, spec.RoundsUnit)
			}
			continue
		}
		// Every §11 duel option is echoed, the per-side S10 included.
		want := []string{"tie-rule", "s1-initiative", "s2-exchange", "s3-defense", "s3-armor-dex-penalty", "s4-autofail",
			"s5-damage", "s5-margin-to-pain", "s6-crippling-coins", "s7-life-check", "life-check-threshold", "s8-helpless",
			"round-cap", "s9-moves", "a.s10-concession", "b.s10-concession", "bouts", "s12-fighters"}
		if len(spec.Options) != len(want) {
			t.Fatalf("%s: options %v", name, spec.Options)
		}
		for i, o := range spec.Options {
			if o.Name != want[i] {
				t.Errorf("%s: option %d is %s, want %s", name, i, o.Name, want[i])
			}
		}
	}
}

// TestLifespanClaims checks that each author statement L1–L10 (§3) sits
// beside the scenario §3 names, with the §3 bounds: ±10 % for "about",
// [stated, stated + 1 unit] for "a little over" / "just over".
func TestLifespanClaims(t *testing.T) {
	type want struct {
		file        string
		start, stop int
		metric      string
		unit        string
		min, max    float64 // max NaN: none
	}
	about := func(v float64) (float64, float64) { return 0.9 * v, 1.1 * v }
	claims := map[string]want{}
	add := func(id, file string, start, stop int, metric, unit string, lo, hi float64) {
		claims[id] = want{file, start, stop, metric, unit, lo, hi}
	}
	lo, hi := about(34)
	add("L1", "lifespan-30-to-29-coins", 30, 29, "rounds.mean", "years", lo, hi)
	add("L2", "lifespan-30-coins", 30, 0, "rounds.mean", "years", 68, 69)
	add("L3", "lifespan-29-coins", 29, 0, "rounds.mean", "years", lo, hi)
	lo, hi = about(17)
	add("L4", "lifespan-28-coins", 28, 0, "rounds.mean", "years", lo, hi)
	lo, hi = about(8.5)
	add("L5", "lifespan-27-coins", 27, 0, "rounds.mean", "years", lo, hi)
	add("L6", "lifespan-15-coins", 15, 0, "rounds.mean", "hours", 20, 21)
	lo, hi = about(10)
	add("L7", "lifespan-15-to-14-coins", 15, 14, "rounds.mean", "hours", lo, hi)
	add("L8", "lifespan-14-coins", 14, 0, "rounds.mean", "hours", lo, hi)
	add("L8-next-coin", "lifespan-14-to-13-coins", 14, 13, "rounds.mean", "hours", lo, hi)
	lo, hi = about(7)
	add("L9", "lifespan-13-coins", 13, 0, "rounds.mean", "hours", lo, hi)
	add("L9-next-coin", "lifespan-13-to-12-coins", 13, 12, "rounds.mean", "hours", lo, hi)
	add("L10", "lifespan-15-coins", 15, 0, "rounds.min", "seconds", 15, math.NaN())

	srcs := builtinSources(t)
	found := map[string]bool{}
	for name, src := range srcs {
		root, err := scenarios.ParseYAML(name+".yaml", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		c := root.Get("claims")
		if c == nil {
			continue
		}
		for _, cl := range c.Items {
			id := cl.Get("id").Value
			if e := cl.Get("exact"); e != nil && e.Value == "true" {
				continue // agreement with the closed form (exact/solver_test.go)
			}
			w, ok := claims[id]
			if !ok {
				t.Errorf("%s: unexpected claim %s", name, id)
				continue
			}
			found[id] = true
			b, err := ruleset{}.Compile(root.Without(scenarios.CommonKeys...))
			if err != nil {
				t.Fatal(err)
			}
			lb := b.(*lifespanBattle)
			if name != w.file || lb.start != w.start || lb.stop != w.stop || cl.Get("metric").Value != w.metric || cl.Get("unit").Value != w.unit {
				t.Errorf("%s: claim %s on %s (%d→%d) %s in %s", id, name, name, lb.start, lb.stop, cl.Get("metric").Value, cl.Get("unit").Value)
			}
			min, _ := doc.ParseFloat(cl.Get("min"))
			if math.Abs(min-w.min) > 1e-9 {
				t.Errorf("%s: min %g, want %g", id, min, w.min)
			}
			if mx := cl.Get("max"); math.IsNaN(w.max) != (mx == nil) {
				t.Errorf("%s: max presence", id)
			} else if mx != nil {
				max, _ := doc.ParseFloat(mx)
				if math.Abs(max-w.max) > 1e-9 {
					t.Errorf("%s: max %g, want %g", id, max, w.max)
				}
			}
			if says := cl.Get("says"); says == nil || len(says.Value) < 20 {
				t.Errorf("%s: the author's sentence is missing", id)
			}
		}
	}
	for id := range claims {
		if !found[id] {
			t.Errorf("claim %s is not encoded", id)
		}
	}
}
