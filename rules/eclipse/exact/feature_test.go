package exact

import (
	"context"
	"errors"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/eclipse"
	"github.com/crucible-sim/crucible/rules/rulestest"
	"github.com/crucible-sim/crucible/scenarios"
)

// featureScenarios exercise every rule option and policy through both
// engines (the built-in scenarios cover the defaults).
var featureScenarios = []struct{ name, src string }{
	{"priority", `
attacker: {ships: {Cruiser: 2, Interceptor: 2}, policy: priority, priority: [Cruiser]}
defender: {ships: {Interceptor: 3, Cruiser: 1, Dreadnought: 1}}`},
	{"largest-killable-first", `
attacker: {ships: {Dreadnought: 2, Interceptor: 3}, policy: largest-killable-first}
defender: {ships: {Interceptor: 2, Cruiser: 2}, policy: largest-killable-first}`},
	{"npc-policy-on-player", `
attacker: {ships: {Cruiser: 3}, policy: npc}
defender: {ships: {Interceptor: 4, Dreadnought: 1}}`},
	{"shields-and-computers", `
blueprints:
  - {name: Shield Interceptor, base: Interceptor, parts: [Ion Cannon, Nuclear Drive, Nuclear Source, Phase Shield]}
  - {name: Gluon Cruiser, base: Cruiser, parts: [Plasma Cannon, Gluon Computer, Hull, Nuclear Drive, Fusion Source, Gauss Shield]}
attacker: {ships: {Shield Interceptor: 3, Gluon Cruiser: 1}}
defender: {ships: {Interceptor: 2, Cruiser: 2, Dreadnought: 1}}`},
	{"after-round-1-retreat", `
attacker: {ships: {Interceptor: 3, Cruiser: 1}, retreat: after-round-1}
defender: {ships: {Cruiser: 2}}`},
	{"after-round-0-retreat-missiles", `
blueprints:
  - {name: Missile Cruiser, base: Cruiser, parts: [Ion Cannon, Electron Computer, Hull, Nuclear Drive, Nuclear Source, Plasma Missile]}
attacker: {ships: {Missile Cruiser: 2}, retreat: after-round-0}
defender: {ships: {Interceptor: 3}}`},
	{"defender-when-losing", `
attacker: {ships: {Dreadnought: 2}}
defender: {ships: {Interceptor: 3, Cruiser: 1}, retreat: when-losing}`},
	{"both-retreat", `
attacker: {ships: {Interceptor: 2, Cruiser: 1}, retreat: when-losing}
defender: {ships: {Interceptor: 2, Starbase: 1}, retreat: after-round-2}`},
	{"splitter-mixed", `
blueprints:
  - {name: Antimatter Cruiser, base: Cruiser, parts: [Antimatter Cannon, Electron Computer, Hull, Nuclear Drive, Tachyon Source]}
attacker: {ships: {Antimatter Cruiser: 2}, antimatter-splitter: true, policy: largest-killable-first}
defender: {ships: {Interceptor: 4, Cruiser: 1}}`},
	{"npc-three-kinds", `
attacker: {ships: {Dreadnought: 2, Cruiser: 3}}
defender: {kind: npc, ships: {Ancient: 2, Guardian: 1, GCDS: 1}}`},
	{"advanced-npcs", `
attacker: {ships: {Cruiser: 3, Interceptor: 2}}
defender: {kind: npc, ships: {Guardian-advanced: 1, Ancient-advanced: 2}}`},
	{"same-side-ties-listed", `
options: {same-side-ties: listed}
blueprints:
  - {name: Fast Cruiser, base: Cruiser, parts: [Ion Cannon, Electron Computer, Hull, Fusion Drive, Fusion Source]}
attacker: {ships: {Interceptor: 2, Fast Cruiser: 1}}
defender: {ships: {Interceptor: 2, Dreadnought: 1}}`},
	{"stalemate-draw-after-missiles", `
options: {stalemate: draw}
blueprints:
  - {name: Missile Boat, base: Interceptor, parts: [Nuclear Drive, Nuclear Source, Plasma Missile]}
attacker: {ships: {Missile Boat: 3}}
defender: {ships: {Missile Boat: 2}}`},
	{"custom-parts", `
parts:
  - {name: Positron Cannon (house rule), cannon: {blue: 1}, energy: 3}
  - {name: Twin Missile, missile: {yellow: 1, red: 1}, energy: 0}
blueprints:
  - {name: House Cruiser, base: Cruiser, parts: [Positron Cannon (house rule), Electron Computer, Hull, Nuclear Drive, Fusion Source, Twin Missile]}
attacker: {ships: {House Cruiser: 2}}
defender: {kind: npc, ships: {Ancient: 3}}`},
	{"hull-above-15", `
# More than 15 HP: the Monte Carlo fighter picks kill-greedy's ship per type
# (its roster keeps no masks), the path the built-in scenarios never take.
blueprints:
  - {name: Armoured Ancient, base: Ancient, hull: 17, cannons: {yellow: 1}}
attacker: {ships: {Interceptor: 3, Cruiser: 2}}
defender: {kind: npc, ships: {Armoured Ancient: 2}}`},
	{"custom-npc-tile", `
blueprints:
  - {name: Shielded Ancient, base: Ancient, shield: 1, cannons: {yellow: 1, orange: 1}}
attacker: {ships: {Cruiser: 2, Interceptor: 3}}
defender: {kind: npc, ships: {Shielded Ancient: 3}}`},
}

func compileSrc(t testing.TB, src string, exact bool) *eclipse.Compiled {
	t.Helper()
	n, err := scenarios.ParseYAML("test.yaml", []byte(strings.TrimSpace(src)))
	if err != nil {
		t.Fatal(err)
	}
	var c *eclipse.Compiled
	if exact {
		c, err = eclipse.CompileExact(n)
	} else {
		c, err = eclipse.Compile(n)
	}
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestAgreementFeatures(t *testing.T) {
	type outcome struct {
		name string
		cs   []rulestest.Agreement
	}
	var all []outcome
	total := 0
	for i, sc := range featureScenarios {
		c := compileSrc(t, sc.src, false)
		r, cs := agreementChecks(t, c, 0xFEA7_0000+uint64(i), agreeTrials)
		if math.Abs(r.Win[rules.A].F+r.Win[rules.B].F+r.Win[rules.None].F-1) > 1e-9 {
			t.Errorf("%s: P(a)+P(b)+P(draw) = %.15f", sc.name, r.Win[rules.A].F+r.Win[rules.B].F+r.Win[rules.None].F)
		}
		all = append(all, outcome{sc.name, cs})
		total += len(cs)
	}
	alpha := familyAlpha / float64(total)
	t.Logf("%d scenarios, %d tests; per-test α = %.3g", len(featureScenarios), total, alpha)
	for _, o := range all {
		for _, c := range o.cs {
			if c.P < alpha {
				t.Errorf("%s: %s disagrees (p = %.3g < %.3g): %s", o.name, c.Name, c.P, alpha, c.Info)
			}
		}
	}
}

// TestRationalMatchesFloat: the big.Rat run is the same algorithm.
func TestRationalMatchesFloat(t *testing.T) {
	for _, sc := range featureScenarios[:8] {
		c := compileSrc(t, sc.src, true)
		r, err := Solve(context.Background(), c, Options{Rational: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range []struct {
			f float64
			q string
		}{{r.Win[rules.A].F, r.Win[rules.A].Rat}, {r.Win[rules.B].F, r.Win[rules.B].Rat}, {r.Win[rules.None].F, r.Win[rules.None].Rat}, {r.RoundsMean.F, r.RoundsMean.Rat}} {
			q, ok := new(big.Rat).SetString(x.q)
			if !ok {
				t.Fatalf("%s: bad fraction %q", sc.name, x.q)
			}
			if f, _ := q.Float64(); math.Abs(f-x.f) > 1e-12*math.Max(1, x.f) {
				t.Errorf("%s: float %.15g, rational %s = %.15g", sc.name, x.f, x.q, f)
			}
		}
	}
}

func TestProperties(t *testing.T) {
	// No cannon anywhere: stalemate with probability 1, defender wins by
	// default (§3.7, §10 properties); with stalemate: draw, nobody wins.
	for _, opt := range []string{"", "options: {stalemate: draw}\n"} {
		c := compileSrc(t, opt+`
blueprints:
  - {name: Hauler, base: Interceptor, parts: [Nuclear Drive, Nuclear Source, Hull]}
attacker: {ships: {Hauler: 2}}
defender: {ships: {Hauler: 1}}`, true)
		r, err := Solve(context.Background(), c, Options{Rational: true})
		if err != nil {
			t.Fatal(err)
		}
		if endP(r, "stalemate").Rat != "1" || r.RoundsMean.F != 0 || len(r.Rounds) != 1 || r.Rounds[0] != 1 {
			t.Errorf("no cannons (%q): stalemate %s, E[rounds] %g, rounds %v", opt, endP(r, "stalemate").Rat, r.RoundsMean.F, r.Rounds)
		}
		if opt == "" && (r.Win[rules.B].Rat != "1" || r.Win[rules.None].Rat != "0") {
			t.Errorf("stalemate: defender: b %s draw %s", r.Win[rules.B].Rat, r.Win[rules.None].Rat)
		}
		if opt != "" && (r.Win[rules.None].Rat != "1" || r.Win[rules.B].Rat != "0") {
			t.Errorf("stalemate: draw: b %s draw %s", r.Win[rules.B].Rat, r.Win[rules.None].Rat)
		}
	}
	// P(draw) = 0 under the defaults, and the probabilities sum to 1.
	for _, name := range builtinNames(t) {
		c, err := eclipse.Compile(loadBuiltin(t, name))
		if err != nil {
			t.Fatal(err)
		}
		r, err := Solve(context.Background(), c, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if r.Win[rules.None].F != 0 || math.Abs(r.Win[rules.A].F+r.Win[rules.B].F-1) > 1e-9 {
			t.Errorf("%s: a %.15f b %.15f draw %g", name, r.Win[rules.A].F, r.Win[rules.B].F, r.Win[rules.None].F)
		}
		sum := r.RoundsTail
		for _, p := range r.Rounds {
			sum += p
		}
		if math.Abs(sum-1) > 1e-9 || r.RoundsTail >= 1e-12 {
			t.Errorf("%s: rounds distribution sums to %.15f, tail %g", name, sum, r.RoundsTail)
		}
	}
}

// TestOptimal: an optimal side does at least as well as any fixed policy,
// and against a single enemy ship every policy is the same.
func TestOptimal(t *testing.T) {
	base := `
attacker: {ships: {Dreadnought: 1, Interceptor: 3}, policy: %s}
defender: {ships: {Interceptor: 3, Cruiser: 2}, policy: %s}`
	solve := func(a, b string) *rules.Exact {
		t.Helper()
		src := strings.Replace(strings.Replace(base, "%s", a, 1), "%s", b, 1)
		r, err := Solve(context.Background(), compileSrc(t, src, true), Options{})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	fixed := []string{"kill-greedy", "largest-killable-first", "npc"}
	for _, bp := range fixed {
		opt := solve("optimal", bp)
		for _, ap := range fixed {
			r := solve(ap, bp)
			if opt.Win[rules.A].F-opt.Win[rules.B].F < r.Win[rules.A].F-r.Win[rules.B].F-1e-12 {
				t.Errorf("attacker optimal vs %s: a−b %.12f < %s's %.12f", bp, opt.Win[rules.A].F-opt.Win[rules.B].F, ap, r.Win[rules.A].F-r.Win[rules.B].F)
			}
		}
	}
	for _, ap := range fixed {
		opt := solve(ap, "optimal")
		for _, bp := range fixed {
			r := solve(ap, bp)
			if opt.Win[rules.B].F-opt.Win[rules.A].F < r.Win[rules.B].F-r.Win[rules.A].F-1e-12 {
				t.Errorf("defender optimal vs %s: b−a %.12f < %s's %.12f", ap, opt.Win[rules.B].F-opt.Win[rules.A].F, bp, r.Win[rules.B].F-r.Win[rules.A].F)
			}
		}
	}
	both := solve("optimal", "optimal")
	if math.Abs(both.Win[rules.A].F+both.Win[rules.B].F-1) > 1e-9 {
		t.Errorf("optimal vs optimal: %v %v", both.Win[rules.A].F, both.Win[rules.B].F)
	}
	// One enemy ship: the policy cannot matter (§10).
	c := compileSrc(t, "attacker: {ships: {Cruiser: 1}, policy: optimal}\ndefender: {ships: {Interceptor: 1}, policy: optimal}", true)
	r, err := Solve(context.Background(), c, Options{Rational: true})
	if err != nil {
		t.Fatal(err)
	}
	if r.Win[rules.A].Rat != "29/32" {
		t.Errorf("E2 with optimal sides: %s, want 29/32", r.Win[rules.A].Rat)
	}
}

// TestBudget: a battle beyond the budget is a clear error wrapping ErrBudget
// and naming the budget (the commands add the Monte Carlo run to do
// instead).
func TestBudget(t *testing.T) {
	c, err := eclipse.Compile(loadBuiltin(t, "fleet-mirror"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Solve(context.Background(), c, Options{MaxStates: 100})
	if !errors.Is(err, ErrBudget) || !strings.Contains(err.Error(), "more than the 100 states allowed") {
		t.Fatalf("want a budget error naming the budget, got %v", err)
	}
}
