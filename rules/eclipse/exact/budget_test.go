package exact

import (
	"context"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/eclipse"
	"github.com/crucible-sim/crucible/rules/rulestest"
	"github.com/crucible-sim/crucible/scenarios"
)

// loadTestdata reads a scenario of testdata/.
func loadTestdata(t testing.TB, name string) *doc.Node {
	t.Helper()
	return loadFile(t, "testdata/"+name+".yaml")
}

func compileTestdata(t testing.TB, name string) *eclipse.Compiled {
	t.Helper()
	c, err := eclipse.CompileExact(loadTestdata(t, name))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// The work of a solve is budgeted, not only its states: battles of a few
// thousand states whose volleys enumerate billions of rolls, or millions
// of damage assignments, are refused once the steps are spent, and the
// error names the budget and its size.
func TestStepBudget(t *testing.T) {
	for _, c := range []struct {
		name  string
		steps int64
	}{
		{"many-rolls", 2_000_000},          // 2,163 states; minutes of CPU before
		{"optimal-assignments", 5_000_000}, // 3,906 states, 29 million steps
	} {
		_, err := Solve(context.Background(), compileTestdata(t, c.name), Options{MaxSteps: c.steps})
		if !errors.Is(err, ErrBudget) || !strings.Contains(err.Error(), "more than the "+strconv.FormatInt(c.steps, 10)+" steps of work allowed") {
			t.Errorf("%s: err = %v, want the step budget of %d named", c.name, err, c.steps)
		}
	}
}

// A volley whose rolls alone exceed the step budget is refused before the
// first step, by Solve and by Check alike (before, the solve ran for
// hours).
func TestVolleyBeyondBudget(t *testing.T) {
	const want = "one volley of 1 Gunboat (32 cannon dice over 4 classes of faces) has 7.41e+08 rolls to enumerate, more than the 30000000 steps of work allowed"
	n := loadTestdata(t, "huge-volley")
	if err := Check(n, Options{}); !errors.Is(err, ErrBudget) || !strings.Contains(err.Error(), want) {
		t.Errorf("Check: %v, want %q", err, want)
	}
	if _, err := SolveDoc(context.Background(), n, Options{}); !errors.Is(err, ErrBudget) || !strings.Contains(err.Error(), want) {
		t.Errorf("Solve: %v, want %q", err, want)
	}
	// What fits is not refused: Check does not solve.
	for _, name := range []string{"many-rolls", "optimal-assignments"} {
		if err := Check(loadTestdata(t, name), Options{}); err != nil {
			t.Errorf("Check(%s) = %v", name, err)
		}
	}
	if err := Check(loadBuiltin(t, "fleet-mirror"), Options{}); err != nil {
		t.Errorf("Check(fleet-mirror) = %v", err)
	}
}

// A cancelled solve returns the context's error within a second, in any
// of its phases: enumerating volleys, the optimal policy's assignments,
// the exact fractions (whose steps take a hundred times longer). Before,
// the solver never looked at its context: each ran on for minutes. The
// budgets are lifted so that only the cancellation can end them early.
// The second is of CPU spent after the cancel, not of wall time: on a
// loaded machine the wall time measures the wait for a core (1.07 s once).
func TestCancel(t *testing.T) {
	if testing.Short() {
		t.Skip("solves for a quarter of a second each")
	}
	huge := Options{MaxSteps: 1 << 40, MaxRationalSteps: 1 << 40, MaxRationalStates: 1 << 30}
	for _, c := range []struct {
		name     string
		b        *eclipse.Compiled
		rational bool
	}{
		{"many-rolls", compileTestdata(t, "many-rolls"), false},
		{"optimal-assignments", compileTestdata(t, "optimal-assignments"), false},
		{"terran-vs-14-ancients with fractions", compileSrc(t, npcFleets[0].src, false), true},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		var at time.Time
		var cpuAt int64
		timer := time.AfterFunc(250*time.Millisecond, func() { at, cpuAt = time.Now(), rulestest.CPUTime(); cancel() })
		opt := huge
		opt.Rational = c.rational
		_, err := Solve(ctx, c.b, opt)
		lag, work := time.Since(at), time.Duration(rulestest.CPUTime()-cpuAt)
		timer.Stop()
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s: err = %v, want context.Canceled (if the solve ended before the cancel, make it longer)", c.name, err)
			continue
		}
		if work > time.Second {
			t.Errorf("%s: the solve went on for %v of CPU (%v of wall) after its context was cancelled, want ≤ 1 s", c.name, work, lag)
		}
	}
}

// The rounds distribution of a long battle over many states has a budget
// of its own: spent, it stops at the round reached, its tail holds the
// rest, a note says so, and every other result is the same.
func TestRoundsDistributionBudget(t *testing.T) {
	c := compileTestdata(t, "long-battle")
	full, err := Solve(context.Background(), c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	cut, err := Solve(context.Background(), c, Options{MaxSteps: 400_000}) // the solve takes 231,000
	if err != nil {
		t.Fatal(err)
	}
	if len(cut.Rounds) >= len(full.Rounds) || cut.RoundsTail <= 1e-12 || full.RoundsTail > 1e-12 {
		t.Errorf("rounds: %d with tail %g under the budget, %d with tail %g without", len(cut.Rounds), cut.RoundsTail, len(full.Rounds), full.RoundsTail)
	}
	if len(cut.Notes) != len(full.Notes)+1 || !strings.Contains(cut.Notes[len(cut.Notes)-1], "the rounds distribution stops after round") {
		t.Errorf("notes: %q", cut.Notes)
	}
	if cut.Win != full.Win || cut.RoundsMean != full.RoundsMean {
		t.Errorf("the distribution's budget changed the results: %v %v against %v %v", cut.Win, cut.RoundsMean, full.Win, full.RoundsMean)
	}
	for i := range cut.Rounds[:len(cut.Rounds)-1] {
		if cut.Rounds[i] != full.Rounds[i] {
			t.Errorf("P(rounds = %d) = %g under the budget, %g without", i, cut.Rounds[i], full.Rounds[i])
		}
	}
}

// Exact fractions repeat the floating-point solve's work over big.Rat: a
// battle whose floating-point solve took more steps than the fractions
// allow is refused at once (14 Ancients against a Terran fleet, 373,625
// steps, took 37 s of CPU for its fractions before).
func TestRationalStepBudget(t *testing.T) {
	_, err := Solve(context.Background(), compileSrc(t, npcFleets[0].src, false), Options{Rational: true})
	if !errors.Is(err, rules.ErrBudget) || !strings.Contains(err.Error(), "more than the 250000 allowed for --rational") {
		t.Errorf("err = %v, want the --rational step budget named", err)
	}
}

// BenchmarkSolveSteps measures what a step of the budget costs, in the
// kinds of solve whose work each kind of step counts: rolls the engine
// resolves (many-rolls with its blue and red dice removed: 2,163 states,
// 1.8 million steps), damage assignments of the optimal policy,
// transitions and nodes of a large battle, and the rounds distribution of
// a long one. DefaultMaxSteps is set from the slowest (bench/README.md):
//
//	go test -run '^$' -bench SolveSteps -benchmem ./rules/eclipse/exact/
func BenchmarkSolveSteps(b *testing.B) {
	for _, c := range []struct {
		name string
		c    *eclipse.Compiled
	}{
		{"resolved-rolls", compileTestdataSet(b, "many-rolls", "parts[0].cannon.blue=0", "parts[0].cannon.red=0")},
		{"optimal-assignments", compileTestdata(b, "optimal-assignments")},
		{"fleet-mirror-upgraded", compileBuiltin(b, "fleet-mirror-upgraded")},
		{"long-battle", compileTestdata(b, "long-battle")},
	} {
		b.Run(c.name, func(b *testing.B) {
			steps := solveSteps(b, c.c)
			for b.Loop() {
				if _, err := Solve(context.Background(), c.c, Options{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(steps), "steps")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(steps), "ns/step")
		})
	}
}

// solveSteps returns the steps of c's solve, its rounds distribution
// included.
func solveSteps(tb testing.TB, c *eclipse.Compiled) int64 {
	tb.Helper()
	opt := Options{}.withDefaults()
	s, err := newSolver[float64](floats{}, c, opt, newBudget(context.Background(), opt.MaxSteps, lookFloat))
	if err == nil {
		err = s.run()
	}
	rounds := newBudget(context.Background(), opt.MaxSteps, lookFloat)
	if err == nil {
		err = roundsDistribution(s, s.result(), &rounds)
	}
	if err != nil {
		tb.Fatal(err)
	}
	return s.bud.steps + rounds.steps
}

// compileTestdataSet compiles a scenario of testdata/ with --set
// assignments.
func compileTestdataSet(tb testing.TB, name string, sets ...string) *eclipse.Compiled {
	tb.Helper()
	file := "testdata/" + name + ".yaml"
	src, err := os.ReadFile(file)
	if err != nil {
		tb.Fatal(err)
	}
	sc, err := scenarios.Parse(file, name, src)
	if err != nil {
		tb.Fatal(err)
	}
	for _, s := range sets {
		if err := sc.Set(s); err != nil {
			tb.Fatal(err)
		}
	}
	c, err := eclipse.CompileExact(sc.Document())
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

// Exact.Work counts the steps of the solve and of its rounds distribution
// (rules.WorkBounded), and SolveWithin holds them to a bound: the solve
// is refused when its own steps pass it, the distribution stops where
// what is left runs out (with a note), and a bound of the work a solve
// takes changes nothing.
func TestSolveWithin(t *testing.T) {
	c := compileBuiltin(t, "two-cruisers-vs-interceptor-and-cruiser")
	full, err := Solve(context.Background(), c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if full.Work != solveSteps(t, c) {
		t.Fatalf("Work %d, want the solve's steps %d", full.Work, solveSteps(t, c))
	}
	opt := Options{}.withDefaults()
	s, err := newSolver[float64](floats{}, c, opt, newBudget(context.Background(), opt.MaxSteps, lookFloat))
	if err == nil {
		err = s.run()
	}
	if err != nil {
		t.Fatal(err)
	}
	solveOnly := s.bud.steps
	within, err := Solve(context.Background(), c, Options{Within: full.Work})
	if err != nil || within.Win != full.Win || len(within.Rounds) != len(full.Rounds) || within.Work != full.Work || len(within.Notes) != len(full.Notes) {
		t.Errorf("within its own work: %v, %+v", err, within)
	}
	cut, err := Solve(context.Background(), c, Options{Within: full.Work - 1})
	if err != nil || cut.Win != full.Win || len(cut.Rounds) >= len(full.Rounds) || !strings.Contains(strings.Join(cut.Notes, "\n"), "the rounds distribution stops") {
		t.Errorf("one step short: %v, %d rounds of %d, notes %q", err, len(cut.Rounds), len(full.Rounds), cut.Notes)
	}
	if _, err := Solve(context.Background(), c, Options{Within: solveOnly - 1}); !errors.Is(err, ErrBudget) {
		t.Errorf("short of the solve's own steps: %v, want ErrBudget", err)
	}
}
