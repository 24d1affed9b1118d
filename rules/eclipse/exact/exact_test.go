package exact

import (
	"context"
	"math"
	"runtime"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/eclipse"
)

func solveBuiltin(t testing.TB, name string, opt Options) *rules.Exact {
	t.Helper()
	c, err := eclipse.Compile(loadBuiltin(t, name))
	if err != nil {
		t.Fatal(err)
	}
	r, err := Solve(context.Background(), c, opt)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestEValues: the hand-derived values of §10 as exact fractions.
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
		if r.Win[rules.A].Rat != tc.a {
			t.Errorf("%s: P(attacker) = %s, want %s", tc.id, r.Win[rules.A].Rat, tc.a)
		}
		if tc.rounds != "" && r.RoundsMean.Rat != tc.rounds {
			t.Errorf("%s: E[rounds] = %s, want %s", tc.id, r.RoundsMean.Rat, tc.rounds)
		}
		if r.Win[rules.None].Rat != "0" || endP(r, "stalemate").Rat != "0" {
			t.Errorf("%s: draw %s stalemate %s", tc.id, r.Win[rules.None].Rat, endP(r, "stalemate").Rat)
		}
	}
	// §10: swapping attacker and defender in E1 gives the side that was
	// attacker 6/11 (now as the defender, firing first).
	c := compileSrc(t, "attacker: {ships: {Interceptor: 1}}\ndefender: {ships: {Interceptor: 1}}", false)
	r, err := Solve(context.Background(), c, Options{Rational: true})
	if err != nil {
		t.Fatal(err)
	}
	if r.Win[rules.B].Rat != "6/11" {
		t.Errorf("E1 swapped: defender %s, want 6/11", r.Win[rules.B].Rat)
	}
	// E3's missile phase alone ends 11/36 of battles in round 0.
	r = solveBuiltin(t, "missile-interceptor-vs-ancient", Options{})
	if d := r.Rounds[0] - 11.0/36; d > 1e-12 || d < -1e-12 {
		t.Errorf("E3 P(rounds = 0) = %.15f, want 11/36", r.Rounds[0])
	}
}

// TestMetrics: the exact solution answers every metric an exact claim may
// name, with its fraction when solved with Rational; rendering it is
// package reports' job.
func TestMetrics(t *testing.T) {
	r := solveBuiltin(t, "interceptor-duel", Options{Rational: true})
	for name, want := range map[string]rules.Value{
		"win.a": {F: 5.0 / 11, Rat: "5/11"}, "win.b": {F: 6.0 / 11, Rat: "6/11"}, "win.none": {F: 0, Rat: "0"},
		"end.destroyed": {F: 1, Rat: "1"}, "rounds.mean": {F: 36.0 / 11, Rat: "36/11"},
		"counter.a.survivors.Interceptor": {F: 5.0 / 11, Rat: "5/11"}, "counter.b.reputation": {F: 1 + 6.0/11},
	} {
		m, err := rules.ParseMetric(name)
		if err != nil {
			t.Fatal(err)
		}
		if v, ok := r.Metric(m); !ok || math.Abs(v.F-want.F) > 1e-12 || v.Rat != want.Rat {
			t.Errorf("Metric(%s) = %v, %v; want %v", name, v, ok, want)
		}
	}
	if _, ok := r.Metric(rules.Metric{Kind: rules.RoundsQuantile, Percent: 50}); ok {
		t.Error("Metric(rounds.p50) should not be exact")
	}
	if d := r.Rounds[1] - 0.3055555555555555; d > 1e-15 || d < -1e-15 {
		t.Errorf("P(rounds = 1) = %.16f", r.Rounds[1])
	}
}

// endP returns the exact probability of an end reason.
func endP(r *rules.Exact, name string) rules.Value {
	v, _ := r.Metric(rules.Metric{Kind: rules.EndShare, Name: name})
	return v
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

// BenchmarkSolveDuels solves every built-in battle of at most
// duelStates states (the duels and small skirmishes, whose fixed costs
// weigh most; issue 26 compared them with a C++ solver) and a fleet of 8
// Interceptors and 4 Cruisers a side, whose solve must not pay for what
// speeds up the duels.
func BenchmarkSolveDuels(b *testing.B) {
	for _, name := range builtinNames(b) {
		c := compileBuiltin(b, name)
		if _, err := Solve(context.Background(), c, Options{MaxStates: duelStates}); err != nil {
			continue // too many states (an ErrBudget at the 201st)
		}
		b.Run(name, func(b *testing.B) { benchSolve(b, c, false) })
	}
	b.Run("interceptors-and-cruisers", func(b *testing.B) {
		benchSolve(b, compileSrc(b, "attacker: {ships: {Interceptor: 8, Cruiser: 4}}\ndefender: {ships: {Interceptor: 8, Cruiser: 4}}", false), false)
	})
}

// BenchmarkSolveHeadline is BenchmarkSolve's fleet-mirror-upgraded up to
// the headline a page shows first (Options.Headline): the solve but its
// rounds distribution.
func BenchmarkSolveHeadline(b *testing.B) {
	c := compileBuiltin(b, "fleet-mirror-upgraded")
	opt := Options{}.withDefaults()
	for b.Loop() {
		s, err := floatSolver(c, opt, newBudget(context.Background(), opt.MaxSteps, lookFloat))
		if err != nil {
			b.Fatal(err)
		}
		if err := s.run(); err != nil {
			b.Fatal(err)
		}
		s.result()
		release(s)
	}
}

// duelStates is the most states of a battle BenchmarkSolveDuels solves.
const duelStates = 200

// BenchmarkSolveCold is BenchmarkSolve for a solve that finds no arrays
// to reuse (spares emptied by two collections, outside the timing), as a
// single `crucible exact` does.
func BenchmarkSolveCold(b *testing.B) {
	b.Run("fleet-mirror", func(b *testing.B) { benchSolve(b, compileBuiltin(b, "fleet-mirror"), true) })
	for _, tc := range npcFleets {
		b.Run(tc.name, func(b *testing.B) { benchSolve(b, compileSrc(b, tc.src, false), true) })
	}
}

// npcFleets are the speed target of §8.5: default blueprints, up to 14
// ships a side, under 20 ms; NPC sides play the npc policy.
var npcFleets = []struct{ name, src string }{
	{"terran-vs-14-ancients", "attacker: {ships: {Interceptor: 8, Cruiser: 4, Dreadnought: 2}}\ndefender: {kind: npc, ships: {Ancient: 14}}"},
	{"terran-vs-npc-mix", "attacker: {ships: {Interceptor: 8, Cruiser: 4, Dreadnought: 2}}\ndefender: {kind: npc, ships: {Ancient: 9, Guardian: 4, GCDS: 1}}"},
}

func compileBuiltin(b testing.TB, name string) *eclipse.Compiled {
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
		r, err := Solve(context.Background(), c, Options{})
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
		if _, err := Solve(context.Background(), c, Options{Rational: true}); err != nil {
			b.Fatal(err)
		}
	}
}
