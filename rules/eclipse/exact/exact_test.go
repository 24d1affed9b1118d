package exact

import (
	"bytes"
	"encoding/json"
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules/eclipse"
)

func solveBuiltin(t testing.TB, name string, opt Options) *Result {
	t.Helper()
	c, err := eclipse.Compile(loadBuiltin(t, name))
	if err != nil {
		t.Fatal(err)
	}
	r, err := Solve(c, opt)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestEValues: the hand-derived values of rules §10 as exact fractions.
func TestEValues(t *testing.T) {
	for _, tc := range []struct {
		id, scenario string
		a, rounds    string // rounds "" = not hand-derived
	}{
		{"E1", "interceptor-duel", "5/11", "36/11"},
		{"E2", "cruiser-vs-interceptor", "29/32", ""},
		{"E7", "interceptor-vs-ancient", "9/289", ""},
		{"E3", "missile-interceptor-vs-ancient", "851/2601", ""},
	} {
		r := solveBuiltin(t, tc.scenario, Options{Rational: true})
		if r.Rational.A != tc.a {
			t.Errorf("%s: P(attacker) = %s, want %s", tc.id, r.Rational.A, tc.a)
		}
		if tc.rounds != "" && r.Rational.RoundsMean != tc.rounds {
			t.Errorf("%s: E[rounds] = %s, want %s", tc.id, r.Rational.RoundsMean, tc.rounds)
		}
		if r.Rational.Draw != "0" || r.Rational.Stalemate != "0" {
			t.Errorf("%s: draw %s stalemate %s", tc.id, r.Rational.Draw, r.Rational.Stalemate)
		}
	}
	// §10: swapping attacker and defender in E1 gives the side that was
	// attacker 6/11 (now as the defender, firing first).
	c := compileSrc(t, "attacker: {ships: {Interceptor: 1}}\ndefender: {ships: {Interceptor: 1}}", false)
	r, err := Solve(c, Options{Rational: true})
	if err != nil {
		t.Fatal(err)
	}
	if r.Rational.B != "6/11" {
		t.Errorf("E1 swapped: defender %s, want 6/11", r.Rational.B)
	}
	// E3's missile phase alone ends 11/36 of battles in round 0.
	r = solveBuiltin(t, "missile-interceptor-vs-ancient", Options{})
	if d := r.Rounds[0] - 11.0/36; d > 1e-12 || d < -1e-12 {
		t.Errorf("E3 P(rounds = 0) = %.15f, want 11/36", r.Rounds[0])
	}
}

func TestOutputs(t *testing.T) {
	r := solveBuiltin(t, "interceptor-duel", Options{Rational: true})
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("invalid JSON %s: %v", b, err)
	}
	for _, k := range []string{"a", "b", "draw", "stalemate", "rounds_mean", "rounds", "rounds_tail", "survivors", "rational"} {
		if _, ok := m[k]; !ok {
			t.Errorf("JSON lacks %q: %s", k, b)
		}
	}
	if !strings.Contains(string(b), `"rational":{"a":"5/11","b":"6/11"`) || !strings.Contains(string(b), `"rounds":{"1":0.3055555555555555`) {
		t.Errorf("JSON: %s", b)
	}
	for name, want := range map[string]float64{"win.a": 5.0 / 11, "win.b": 6.0 / 11, "win.none": 0, "end.destroyed": 1, "rounds.mean": 36.0 / 11, "counter.survivors.a.Interceptor": 5.0 / 11, "counter.reputation.b": 1 + 6.0/11} {
		if v, ok := r.Metric(name); !ok || math.Abs(v-want) > 1e-12 {
			t.Errorf("Metric(%s) = %v, %v; want %v", name, v, ok, want)
		}
	}
	if _, ok := r.Metric("rounds.p50"); ok {
		t.Error("Metric(rounds.p50) should not be exact")
	}
	if q, ok := r.RationalMetric("rounds.mean"); !ok || q != "36/11" {
		t.Errorf("RationalMetric(rounds.mean) = %q", q)
	}
	var tab bytes.Buffer
	if err := r.WriteTable(&tab); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"P(attacker a wins)", "= 5/11", "E[rounds]", "= 36/11", "rounds distribution", "survivors"} {
		if !strings.Contains(tab.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, tab.String())
		}
	}
}

// Benchmarks (the lead records them under bench/):
//
//	go test -run '^$' -bench . -benchmem ./rules/eclipse/exact/
//
// Targets: default blueprints, up to 14 ships a side, under 20 ms
// (fleet-mirror, 8I+4C+2D a side; fleet-with-starbases adds 4 Starbases a
// side); three or more ship types a side with upgraded parts under 1 s
// (upgraded-three-types, fleet-mirror-upgraded, the latter also every ship
// upgraded, solved exactly).
func BenchmarkSolve(b *testing.B) {
	for _, name := range []string{"interceptor-duel", "two-cruisers-vs-guardian", "fleet-mirror", "upgraded-three-types", "fleet-mirror-upgraded"} {
		b.Run(name, func(b *testing.B) { benchSolve(b, compileBuiltin(b, name), false) })
	}
	for _, tc := range npcFleets {
		b.Run(tc.name, func(b *testing.B) { benchSolve(b, compileSrc(b, tc.src, false), false) })
	}
}

// BenchmarkSolveCold is BenchmarkSolve for a solve that finds no arrays
// to reuse (spares emptied by two collections, outside the timing), as a
// single `crucible exact` does.
func BenchmarkSolveCold(b *testing.B) {
	b.Run("fleet-mirror", func(b *testing.B) { benchSolve(b, compileBuiltin(b, "fleet-mirror"), true) })
	for _, tc := range npcFleets {
		b.Run(tc.name, func(b *testing.B) { benchSolve(b, compileSrc(b, tc.src, false), true) })
	}
}

// npcFleets are seed document 004's target: default blueprints, up to 14
// ships a side, under 20 ms; NPC sides play the npc policy.
var npcFleets = []struct{ name, src string }{
	{"terran-vs-14-ancients", "attacker: {ships: {Interceptor: 8, Cruiser: 4, Dreadnought: 2}}\ndefender: {kind: npc, ships: {Ancient: 14}}"},
	{"terran-vs-npc-mix", "attacker: {ships: {Interceptor: 8, Cruiser: 4, Dreadnought: 2}}\ndefender: {kind: npc, ships: {Ancient: 9, Guardian: 4, GCDS: 1}}"},
}

func compileBuiltin(b *testing.B, name string) *eclipse.Compiled {
	c, err := eclipse.Compile(loadBuiltin(b, name))
	if err != nil {
		b.Fatal(err)
	}
	return c
}

// benchSolve solves c once per iteration and reports its states; cold
// empties the pool of spare arrays before each solve, outside the timing.
func benchSolve(b *testing.B, c *eclipse.Compiled, cold bool) {
	var states int
	for b.Loop() {
		if cold {
			b.StopTimer()
			runtime.GC() // twice: the pool keeps a victim cache for one collection
			runtime.GC()
			b.StartTimer()
		}
		r, err := Solve(c, Options{})
		if err != nil {
			b.Fatal(err)
		}
		states = r.States
	}
	b.ReportMetric(float64(states), "states")
}

func BenchmarkSolveRational(b *testing.B) {
	c, err := eclipse.Compile(loadBuiltin(b, "two-cruisers-vs-interceptor-and-cruiser"))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Solve(c, Options{Rational: true}); err != nil {
			b.Fatal(err)
		}
	}
}
