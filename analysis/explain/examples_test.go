package explain

import (
	"context"
	"errors"
	"io"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	_ "github.com/crucible-sim/crucible/rules/all"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// fight runs a built-in scenario for n trials at seed 7.
func fight(t *testing.T, name string, n int64, workers, chunk int) *analysis.Result {
	t.Helper()
	sc, err := scenarios.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	res, _, err := analysis.Run{Seed: 7, Trials: n, Workers: workers, Chunk: chunk}.Fight(context.Background(), sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func condition(t *testing.T, text string, spec rules.Spec) rules.Condition {
	t.Helper()
	c, err := rules.ParseCondition(text, spec)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func trials(ex []Example) []int64 {
	var out []int64
	for _, e := range ex {
		out = append(out, e.Trial)
	}
	return out
}

// The run's examples are the same for any workers and chunking, and each
// replays to an outcome that meets the condition.
func TestExamplesSameForAnyWorkers(t *testing.T) {
	one := fight(t, "eclipse/interceptor-duel", 3000, 1, 7)
	many := fight(t, "eclipse/interceptor-duel", 3000, 3, 100)
	cond := condition(t, "b wins, rounds<=2", one.Spec)
	a, err := Examples(context.Background(), one, cond, 3, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Examples(context.Background(), many, cond, 3, 0, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Examples) != 3 || !slices.Equal(trials(a.Examples), trials(b.Examples)) {
		t.Fatalf("examples %v with one worker, %v with three", trials(a.Examples), trials(b.Examples))
	}
	for _, e := range a.Examples {
		o, err := a.Replay(context.Background(), e, io.Discard)
		if err != nil || !e.FromRun || !cond.Holds(o) || o.Rounds != e.Outcome.Rounds {
			t.Errorf("trial %d: replayed %+v (%v), kept %+v", e.Trial, o, err, e.Outcome)
		}
	}
	// In order of priority, the smallest among the matching kept trials.
	for k := 1; k < len(a.Examples); k++ {
		if sim.Priority(7, one.Key, a.Examples[k-1].Trial) > sim.Priority(7, one.Key, a.Examples[k].Trial) {
			t.Errorf("examples not in order of priority: %v", trials(a.Examples))
		}
	}
}

// bruteSearch fights trials from … from+n−1 one by one and returns how many
// meet cond and the first want that do.
func bruteSearch(t *testing.T, res *analysis.Result, cond rules.Condition, from, n int64, want int) (int64, []int64) {
	t.Helper()
	var m int64
	var first []int64
	err := sim.Outcomes(res.Battle, res.Seed, res.Key, from, n, func(i int64, o *rules.Outcome) error {
		if cond.Holds(o) {
			m++
			if len(first) < want {
				first = append(first, i)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return m, first
}

// A search counts every match of the trials it fights, as one by one
// does, and finds the same first ones for any workers; its passes cross a
// size boundary (65,536) so that their joins are tested.
func TestSearchMatchesBruteForce(t *testing.T) {
	res := fight(t, "eclipse/interceptor-duel", 1000, 2, 0)
	cond := condition(t, "a wins, rounds>=9", res.Spec)
	const budget, want = 70000, 50
	wantM, wantFirst := bruteSearch(t, res, cond, 1000, budget, want)
	if wantM < want {
		t.Fatalf("the test needs a condition with at least %d matches in %d trials: %d", want, budget, wantM)
	}
	for _, workers := range []int{1, 4} {
		s, err := SearchFrom(context.Background(), res.Battle, 7, res.Key, cond, 1000, budget, int(wantM)+1, workers)
		if err != nil {
			t.Fatal(err)
		}
		if s.Trials != budget || s.Matches != wantM || !s.Exhausted || !slices.Equal(trials(s.Examples)[:want], wantFirst) {
			t.Errorf("%d workers: %d trials, %d matches, exhausted %v, first %v; want %d, %d, true, %v",
				workers, s.Trials, s.Matches, s.Exhausted, trials(s.Examples)[:want], budget, wantM, wantFirst)
		}
	}
	// Asked for fewer, it stops after the first pass that holds them.
	s, err := SearchFrom(context.Background(), res.Battle, 7, res.Key, cond, 1000, budget, 3, 2)
	if err != nil || s.Trials != firstPass || s.Exhausted || !slices.Equal(trials(s.Examples), wantFirst[:3]) {
		t.Errorf("want 3: %d trials, exhausted %v, %v (%v); want %d, false, %v", s.Trials, s.Exhausted, trials(s.Examples), err, firstPass, wantFirst[:3])
	}
}

// With too few in the run, the examples go on with the search's, and an
// outcome that never happens exhausts the budget with an interval whose
// upper end is the closed form 1 − 0.025^(1/n).
func TestExamplesSearchBeyondTheRun(t *testing.T) {
	res := fight(t, "eclipse/interceptor-duel", 500, 2, 0)
	cond := condition(t, "a wins, rounds>=16", res.Spec)
	f, err := Examples(context.Background(), res, cond, 4, 200000, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Examples) != 4 || f.Search.From != 500 || f.Search.Trials == 0 {
		t.Fatalf("%d examples, search from %d over %d", len(f.Examples), f.Search.From, f.Search.Trials)
	}
	for _, e := range f.Examples {
		if !e.FromRun && e.Trial < 500 {
			t.Errorf("searched trial %d inside the run", e.Trial)
		}
	}
	never := condition(t, "no winner", res.Spec)
	f, err = Examples(context.Background(), res, never, 1, 10000, 2)
	if err != nil {
		t.Fatal(err)
	}
	p, lo, hi := f.Search.Share()
	if !f.Search.Exhausted || f.Search.Trials != 10000 || p != 0 || lo != 0 || math.Abs(hi-(1-math.Pow(0.025, 1e-4))) > 1e-15 {
		t.Errorf("never: exhausted %v, %d trials, share %v [%v, %v]", f.Search.Exhausted, f.Search.Trials, p, lo, hi)
	}
}

// A cancelled search returns the context's error.
func TestSearchStopsOnCancel(t *testing.T) {
	res := fight(t, "eclipse/interceptor-duel", 100, 1, 0)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := SearchFrom(ctx, res.Battle, 7, res.Key, condition(t, "no winner", res.Spec), 100, 1e8, 1, 2)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled search: %v", err)
	}
}

// A search cancelled while it fights returns the context's error, having
// fought only the passes it finished.
func TestSearchStopsWhileFighting(t *testing.T) {
	res := fight(t, "eclipse/interceptor-duel", 100, 1, 0)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, cancel) // whenever it comes, the search must end
	s, err := SearchFrom(ctx, res.Battle, 7, res.Key, condition(t, "no winner", res.Spec), 100, 1e8, 1, 2)
	if !errors.Is(err, context.Canceled) || s.Trials >= 1e8 {
		t.Fatalf("cancelled search: %d trials, %v", s.Trials, err)
	}
}

// In the interceptor duel (eclipse README §10 E1) the defender fires
// first, each Interceptor hitting on a 6: a battle that ends in round r
// by the defender's hit has probability (25/36)^(r−1) · 1/6, by the
// attacker's (25/36)^(r−1) · 5/36. The most probable paths are those, in
// that order, each with r rounds.
func TestMostProbableWaysOfTheDuel(t *testing.T) {
	sc, err := scenarios.Load("eclipse/interceptor-duel")
	if err != nil {
		t.Fatal(err)
	}
	b, err := sc.Compile()
	if err != nil {
		t.Fatal(err)
	}
	type way struct {
		p      float64
		rounds int64
		winner rules.Side
	}
	ends := func(r int64, w rules.Side) way {
		p := math.Pow(25.0/36, float64(r-1)) / 6
		if w == rules.A {
			p *= 5.0 / 6
		}
		return way{p, r, w}
	}
	for text, want := range map[string][]way{
		"":                  {ends(1, rules.B), ends(1, rules.A), ends(2, rules.B), ends(2, rules.A), ends(3, rules.B)},
		"a wins":            {ends(1, rules.A), ends(2, rules.A), ends(3, rules.A)},
		"a wins, rounds>=3": {ends(3, rules.A), ends(4, rules.A)},
		"b wins, rounds<=2": {ends(1, rules.B), ends(2, rules.B)},
	} {
		w, err := MostProbableWays(context.Background(), sc, condition(t, text, b.Spec()), len(want))
		if err != nil {
			t.Fatal(err)
		}
		if len(w.Paths) != len(want) {
			t.Fatalf("%q: %d paths, want %d", text, len(w.Paths), len(want))
		}
		for i, p := range w.Paths {
			got := way{p.P, p.Rounds, p.Outcome.Winner}
			if math.Abs(got.p-want[i].p) > 1e-12 || got.rounds != want[i].rounds || got.winner != want[i].winner {
				t.Errorf("%q path %d: %+v, want %+v", text, i, got, want[i])
			}
		}
	}
}

// A life of 13 coins loses one each second with chance 2^−13 (stratfight
// §9.2): the ways to lose it after at least 3 seconds are "nothing for
// r−1 seconds, then the coin", (1 − 2^−13)^(r−1) · 2^−13, r = 3, 4, 5.
func TestMostProbableWaysOfALife(t *testing.T) {
	sc, err := scenarios.Load("stratfight/lifespan-13-to-12-coins")
	if err != nil {
		t.Fatal(err)
	}
	b, err := sc.Compile()
	if err != nil {
		t.Fatal(err)
	}
	w, err := MostProbableWays(context.Background(), sc, condition(t, "rounds>=3", b.Spec()), 3)
	if err != nil {
		t.Fatal(err)
	}
	q := math.Ldexp(1, -13)
	for i, p := range w.Paths {
		r := int64(i + 3)
		if want := math.Pow(1-q, float64(r-1)) * q; math.Abs(p.P-want) > 1e-12*want || p.Rounds != r {
			t.Errorf("way %d: P %.17g in %d seconds, want %.17g in %d", i, p.P, p.Rounds, want, r)
		}
	}
	if len(w.Paths) != 3 {
		t.Fatalf("%d ways", len(w.Paths))
	}
}
