package exact

import (
	"context"
	"errors"
	"math/big"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/emojispace"
	"github.com/crucible-sim/crucible/scenarios"
)

// longRounds compiles testdata/long-rounds.yaml with its round cap set to
// maxRounds: two ships of some two hundred repair uses each, whose walk
// has tens of thousands of live states a round after a few rounds.
func longRounds(t *testing.T, maxRounds string) *emojispace.Battle {
	t.Helper()
	src, err := os.ReadFile("testdata/long-rounds.yaml")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scenarios.Parse("testdata/long-rounds.yaml", "long-rounds", src)
	if err != nil {
		t.Fatal(err)
	}
	if err := sc.Set("options.max-rounds=" + maxRounds); err != nil {
		t.Fatal(err)
	}
	b, err := emojispace.Compile(sc.Document())
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A budget refusal names the budget and its size.
func TestBudgetIsNamed(t *testing.T) {
	b := compile(t, "a: {ship: P3}\nb: {ship: N3a}\n")
	_, err := Solve(context.Background(), b, Options{MaxVisits: 100})
	if !errors.Is(err, rules.ErrBudget) || !strings.Contains(err.Error(), "more than the 100 state-rounds allowed") {
		t.Errorf("err = %v, want the budget of 100 state-rounds named", err)
	}
}

// Exact.Work is the float walk's state-rounds (rules.WorkBounded), and
// SolveWithin holds the walk to a bound of them: the work a solve takes
// changes nothing, one state-round less refuses it.
func TestSolveWithin(t *testing.T) {
	n := loadBuiltin(t, "p3-vs-n3a")
	full, err := registered{}.Solve(context.Background(), n, false)
	if err != nil || full.Work <= 0 || full.Work != int64(full.States) {
		t.Fatalf("%v: Work %d, want the state-rounds visited, %d", err, full.Work, full.States)
	}
	within, err := registered{}.SolveWithin(context.Background(), n, false, full.Work)
	if err != nil || within.Win != full.Win || within.Work != full.Work {
		t.Errorf("within its own work: %v, %+v", err, within)
	}
	if _, err := (registered{}).SolveWithin(context.Background(), n, false, full.Work-1); !errors.Is(err, rules.ErrBudget) {
		t.Errorf("one state-round short: %v, want ErrBudget", err)
	}
}

// The walk over fractions visits the state-rounds the float walk did: a
// duel with more than the fractions' budget is refused before it, not
// after tens of seconds (the fractions of long-rounds, 566,200
// state-rounds, took 76 s of CPU and were then given).
func TestRationalBudgetIsCheckedFirst(t *testing.T) {
	_, err := Solve(context.Background(), longRounds(t, "20"), Options{Rational: true})
	if !errors.Is(err, rules.ErrBudget) || !strings.Contains(err.Error(), "more than the 200000 allowed for --rational") {
		t.Errorf("err = %v, want the --rational budget named", err)
	}
}

// A cancelled walk stops within a round, not at its end: a late round of
// the walk over fractions of long-rounds takes seconds. The context is
// cancelled just after the walk's 13th look at it: before, the walk looked
// once a round, so it then walked all of round 13 (about 4 s of CPU)
// before it stopped. The bound is generous for a loaded machine.
func TestCancelStopsWithinARound(t *testing.T) {
	if testing.Short() {
		t.Skip("walks fractions for a second")
	}
	m, err := newModel(longRounds(t, "14"))
	if err != nil {
		t.Fatal(err)
	}
	ctx := &cancelAfter{Context: context.Background(), looks: 13}
	err = newWalk[*big.Rat](rats{}, newChain(m)).run(ctx, 1<<30)
	lag := time.Since(ctx.at)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if lag > time.Second {
		t.Errorf("the solve stopped %v after its context was cancelled, want ≤ 1 s", lag)
	}
}

// cancelAfter is a context cancelled once its Err has been called looks
// times, at the time it notes: the walk looks at its context only
// through Err.
type cancelAfter struct {
	context.Context
	looks int
	at    time.Time
}

func (c *cancelAfter) Err() error {
	if c.looks == 0 {
		return context.Canceled
	}
	if c.looks--; c.looks == 0 {
		c.at = time.Now()
	}
	return nil
}

// Check finds, without walking, what the solver refuses before its first
// round: an NPC side, a ship of too many states.
func TestCheck(t *testing.T) {
	s, err := rules.LookupSolver("emojispace")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ src, want string }{
		{"a: {ship: P0}\nb: {npc: {subtype: pirate_raider, population: 1}}\n", "an npc side"},
		{"options: {max-rounds: 10000}\na: {ship: P5}\nb: {ship: N5b}\n", ""},
	} {
		n, err := scenarios.ParseDocument("test.yaml", []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		err = s.Check(n)
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("Check(%q) = %v, want %q", c.src, err, c.want)
		}
	}
}
