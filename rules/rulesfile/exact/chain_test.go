package exact

import (
	"context"
	"errors"
	"math"
	"math/big"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulestest"
	"github.com/crucible-sim/crucible/scenarios"
)

// chainScenarios are built-in rules-file scenarios the solver reaches
// within a fraction of a second each: their chains are walked against
// their solutions.
var chainScenarios = []string{
	"duel2d6", "risk", "skirmish", "eclipse-interceptor-duel", "eclipse-cruiser-vs-interceptor",
	"emojispace-p0-vs-n1a",
}

// The chain is the one Solve solves (rulestest.ChainAgrees): who wins and
// the mean rounds, walked step by step, equal Solve's.
func TestChainAgreesWithSolve(t *testing.T) {
	for _, name := range chainScenarios {
		t.Run(name, func(t *testing.T) {
			sc, err := scenarios.Load("rulesfile/" + name)
			if err != nil {
				t.Fatal(err)
			}
			want, err := SolveDoc(context.Background(), sc.Document(), Options{})
			if err != nil {
				t.Fatal(err)
			}
			ch, err := registered{}.Chain(context.Background(), sc.Document())
			if err != nil {
				t.Fatal(err)
			}
			rulestest.ChainAgrees(t, ch, want)
		})
	}
}

// The 2d6 duel's chain, by hand: ties re-rolled, each round is a fair
// coin that takes a hit point from its loser, so from any state the
// chain steps to two states, each with chance 1/2, one round later; a
// won duel ends in 5 to 9 rounds with the loser's 0 hit points.
func TestChainDuel2d6(t *testing.T) {
	sc, err := scenarios.Load("rulesfile/duel2d6")
	if err != nil {
		t.Fatal(err)
	}
	ch, err := registered{}.Chain(context.Background(), sc.Document())
	if err != nil {
		t.Fatal(err)
	}
	if got, want := ch.Describe(ch.Start()), "a: 1 duellist (5 hp); b: 1 duellist (5 hp) — next: round, contest"; got != want {
		t.Errorf("start %q, want %q", got, want)
	}
	steps := ch.Steps(ch.Start(), nil)
	if len(steps) != 2 {
		t.Fatalf("%d steps out of the start: %+v", len(steps), steps)
	}
	for _, st := range steps {
		if math.Abs(st.P-0.5) > 1e-15 || st.Rounds != 1 {
			t.Errorf("step %+v, want P 1/2 in round 1", st)
		}
	}
	events := map[string]bool{steps[0].Event: true, steps[1].Event: true}
	if !events["contest: a's duellist: 5 hp → 4 hp"] || !events["contest: b's duellist: 5 hp → 4 hp"] {
		t.Errorf("events %v, want each duellist losing a hit point", events)
	}
	// P(a wins in exactly r rounds) = C(r−1, 4) / 2^r: walked mass by mass.
	mass := map[int]float64{ch.Start(): 1}
	for r := int64(1); r <= 9; r++ {
		next := map[int]float64{}
		won := 0.0
		for s, m := range mass {
			for _, st := range ch.Steps(s, nil) {
				if e, ok := ch.End(st.To); ok {
					if e.Winner == rules.A {
						won += m * st.P
					}
					continue
				}
				next[st.To] += m * st.P
			}
		}
		c, _ := new(big.Int).Binomial(r-1, 4).Float64()
		if want := c / math.Exp2(float64(r)); math.Abs(won-want) > 1e-15 {
			t.Errorf("P(a wins in round %d) %v, want %v", r, won, want)
		}
		mass = next
	}
	if len(mass) != 0 {
		t.Errorf("states left after round 9: %v", mass)
	}
}

// Chain honours its context.
func TestChainStops(t *testing.T) {
	sc, err := scenarios.Load("rulesfile/duel2d6")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := (registered{}).Chain(ctx, sc.Document()); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}
