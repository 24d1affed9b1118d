package exact

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/emojispace"
	"github.com/crucible-sim/crucible/scenarios"
)

func compile(t *testing.T, src string) *emojispace.Battle {
	t.Helper()
	n, err := scenarios.ParseDocument("test.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	b, err := emojispace.Compile(n)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestOneRoundByHand: P0 (W 1+1 on Focus Fire, D 1) against N1a (W 3+1, D 1)
// for one round. P0's band delta is 1: N1a takes exactly 1 (8 → 7, still
// green). N1a's delta is 3: P0 takes 1, 2 or 3, each 1/3; at 5 of 8 (62 %)
// it drops to yellow and rolls once, and every subsystem of a bare Midge
// has capacity 1, so the roll makes one RED. The round cap ends it.
func TestOneRoundByHand(t *testing.T) {
	b := compile(t, "options: {max-rounds: 1}\na: {ship: P0}\nb: {ship: N1a}\n")
	r, err := Solve(context.Background(), b, Options{Rational: true})
	if err != nil {
		t.Fatal(err)
	}
	if r.Win[rules.None].Rat != "1" || r.Win[rules.A].Rat != "0" || r.Ends[emojispace.EndRoundCap].Rat != "1" {
		t.Errorf("wins %+v, ends %+v; want no winner by the round cap", r.Win, r.Ends)
	}
	want := map[string][]string{
		"a.hull-left":      {"0", "0", "0", "0", "0", "1/3", "1/3", "1/3", "0"},
		"b.hull-left":      {"0", "0", "0", "0", "0", "0", "0", "1", "0"},
		"a.red-subsystems": {"2/3", "1/3", "0", "0"},
		"a.repairs-used":   {"1"},
	}
	for name, rat := range want {
		c, ok := r.Counter(name)
		if !ok || !slices.Equal(c.Rat, rat) {
			t.Errorf("%s = %v, want %v", name, c.Rat, rat)
		}
	}
	if r.RoundsMean.Rat != "1" || r.Rounds[1] != 1 {
		t.Errorf("rounds mean %s, distribution %v", r.RoundsMean.Rat, r.Rounds)
	}
}

// TestEscapeByHand: a Nebula (E 5, +1 focus) fleeing a starter (E 1, no
// focus on Focus Fire) escapes in round 1: final 6 − 1 = 5 > 0.
func TestEscapeByHand(t *testing.T) {
	b := compile(t, "a: {ship: {hull_id: xa_t3_nebula, module_instances: []}, policy: escape-below:1}\nb: {ship: P0}\n")
	r, err := Solve(context.Background(), b, Options{Rational: true})
	if err != nil {
		t.Fatal(err)
	}
	if r.Win[rules.A].Rat != "1" || r.Ends[emojispace.EndEscaped].Rat != "1" || r.RoundsMean.Rat != "1" {
		t.Errorf("wins %+v, ends %+v, rounds %s; want a escaping in round 1", r.Win, r.Ends, r.RoundsMean.Rat)
	}
}

func TestNPCSidesAreRefused(t *testing.T) {
	b := compile(t, "a: {ship: P0}\nb: {npc: {subtype: pirate_raider, population: 3}}\n")
	if _, err := Solve(context.Background(), b, Options{}); !errors.Is(err, ErrNPC) {
		t.Errorf("err = %v, want ErrNPC", err)
	}
}

func TestBudget(t *testing.T) {
	b := compile(t, "a: {ship: P3}\nb: {ship: N3a}\n")
	if _, err := Solve(context.Background(), b, Options{MaxVisits: 100}); !errors.Is(err, rules.ErrBudget) {
		t.Errorf("err = %v, want ErrBudget", err)
	}
	// Alien synergy can give a ship thousands of repair uses: 40 ship tags
	// ending in _alien × 48 crew:alien tags = 1920 more uses per
	// engineer's modifier: beyond one ship's state budget.
	tags := strings.Repeat("x_alien, ", 40)
	alien := strings.TrimSuffix(strings.Repeat("crew:alien, ", 16), ", ")
	crew := ""
	for range 3 {
		crew += "{crew_role_id: engineer, crew_tags: [" + alien + "]}, "
	}
	big := compile(t, "a: {ship: {hull_id: aln_t4_axolotl, module_instances: [{module_id: combat_utility_repair_system_mk1}], tags: ["+tags+"], crew: ["+crew+"]}}\nb: {ship: P0}\n")
	if _, err := Solve(context.Background(), big, Options{}); !errors.Is(err, rules.ErrBudget) {
		t.Errorf("a ship of %d repair uses: err = %v, want ErrBudget", big.Sides[0].Ship.TotalUses, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Solve(ctx, b, Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

// TestRegisteredAndRational: the solver is reachable through the registry,
// and its fractions are the floats it gives.
func TestRegisteredAndRational(t *testing.T) {
	s, err := rules.LookupSolver("emojispace")
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.Solve(context.Background(), loadBuiltin(t, "p1-vs-n1b"), true)
	if err != nil {
		t.Fatal(err)
	}
	sum := 0.0
	for _, w := range r.Win {
		sum += w.F
		if w.Rat == "" {
			t.Error("no fraction with rational")
		}
	}
	if sum < 1-1e-12 || sum > 1+1e-12 {
		t.Errorf("win probabilities sum to %.15f", sum)
	}
	if r.Win[rules.A].Rat != "937334863883661667705727/1982100714923377444257792" {
		t.Errorf("P(a wins) = %s; the recorded fraction changed", r.Win[rules.A].Rat)
	}
}
