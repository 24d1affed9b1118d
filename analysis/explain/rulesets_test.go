package explain

import (
	"context"
	"math"
	"os"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// The rules-file engine's Eclipse battle and crucible's Go ruleset are two
// programs of one game with two exact solvers: their unit attributions
// agree to 1e-9.
func TestAttributeUnitsRulesFileAgreesWithEclipse(t *testing.T) {
	attribute := func(name string) *Attribution {
		a, err := Attribute(context.Background(), load(t, name), rules.B, rules.Units)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	g, f := attribute("eclipse/two-cruisers-vs-interceptor-and-cruiser"), attribute("rulesfile/eclipse-two-cruisers-vs-interceptor-and-cruiser")
	if len(g.Units) != len(f.Units) || math.Abs(g.All-f.All) > 1e-9 {
		t.Fatalf("Go ruleset %+v, rules file %+v", g, f)
	}
	for k := range g.Units {
		if g.Units[k] != f.Units[k] || math.Abs(g.Shapley[k]-f.Shapley[k]) > 1e-9 || math.Abs(g.Without[k]-f.Without[k]) > 1e-9 {
			t.Errorf("%s: Go ruleset %v (without %v), rules file %s %v (without %v)", g.Units[k].Name, g.Shapley[k], g.Without[k], f.Units[k].Name, f.Shapley[k], f.Without[k])
		}
	}
}

// wins counts side's wins over trials 0 … n−1 of sc's streams at seed.
func wins(t *testing.T, sc *scenarios.Scenario, side rules.Side, seed uint64, n int64) float64 {
	t.Helper()
	b, err := sc.Compile()
	if err != nil {
		t.Fatal(err)
	}
	won := 0
	err = sim.Outcomes(b, seed, sim.Key(sc.StreamName()), 0, n, func(_ int64, o *rules.Outcome) error {
		if o.Winner == side {
			won++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return float64(won) / float64(n)
}

// Rulesets without an exact solver attribute by Monte Carlo on common
// random numbers, so leave-one-out is exactly the share of the same trials
// the side wins with the unit taken out of the scenario by hand; the
// values add up to the whole side's share (none wins nothing).
func TestAttributeUnitsMonteCarloRulesets(t *testing.T) {
	for _, c := range []struct {
		ref   string
		side  rules.Side
		n     int64
		drop  func(root *doc.Node, unit string) // removes one unit by hand
		units int
	}{
		{"testdata/siege.yaml", rules.B, 3000, func(root *doc.Node, unit string) {
			sq := root.Get("taskForces").Items[1].Get("squadrons")
			sq.Items = dropWhere(sq.Items, "id", unit)
		}, 2},
		{"dbd/symmetric_line", rules.A, 64, dropUnit, 4},
	} {
		sc := load(t, c.ref)
		if c.ref == "dbd/symmetric_line" { // BLUE keeps four units: 16 coalitions
			err := sc.Edit(func(root *doc.Node) error {
				for _, u := range []string{"B_INF_4", "B_INF_5", "B_CAV_R", "B_SKR_1", "B_ARC_1", "B_GEN_1"} {
					dropUnit(root, u)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		a, err := AttributeSampled(context.Background(), sc, c.side, rules.Units, Sampling{Seed: 9, Trials: c.n})
		if err != nil {
			t.Fatalf("%s: %v", c.ref, err)
		}
		if len(a.Units) != c.units {
			t.Errorf("%s: %d units, want %d", c.ref, len(a.Units), c.units)
		}
		total := 0.0
		for k, u := range a.Units {
			by := sc.Clone()
			if err := by.Edit(func(root *doc.Node) error { c.drop(root, u.Name); return nil }); err != nil {
				t.Fatal(err)
			}
			if w := wins(t, by, c.side, 9, c.n); a.Without[k] != w {
				t.Errorf("%s without %s: %v, fought by hand %v", c.ref, u.Name, a.Without[k], w)
			}
		}
		for k, u := range a.Units {
			total += a.Shapley[k] * float64(u.Count)
		}
		if w := wins(t, sc, c.side, 9, c.n); a.All != w || a.None != 0 || math.Abs(total-a.All) > 1e-12 {
			t.Errorf("%s: all %v (fought %v), none %v, values sum to %v", c.ref, a.All, w, a.None, total)
		}
	}
}

// dropUnit removes a unit from a DBD scenario by hand.
func dropUnit(root *doc.Node, unit string) {
	list := root.Get("scenario").Get("units")
	list.Items = dropWhere(list.Items, "id", unit)
}

// dropWhere returns items without the mapping whose field is value.
func dropWhere(items []*doc.Node, field, value string) []*doc.Node {
	var kept []*doc.Node
	for _, it := range items {
		if it.Get(field).Value != value {
			kept = append(kept, it)
		}
	}
	return kept
}

func load(t *testing.T, ref string) *scenarios.Scenario {
	t.Helper()
	if _, err := os.Stat(ref); err == nil {
		src, err := os.ReadFile(ref)
		if err != nil {
			t.Fatal(err)
		}
		sc, err := scenarios.Parse(ref, "siege", src)
		if err != nil {
			t.Fatal(err)
		}
		return sc
	}
	sc, err := scenarios.Load(ref)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// An EmojiSpace ship's modules are its parts, solved exactly: leaving one
// of its two extra kinetic weapons out is the scenario with
// extra-modules.count=1, solved on its own; the values add up to v(all) −
// v(none), the bare hull solved on its own.
func TestAttributePartsEmojiSpace(t *testing.T) {
	sc := load(t, "emojispace/mantis-weapons-vs-n3b")
	a, err := Attribute(context.Background(), sc, rules.A, rules.Parts)
	if err != nil {
		t.Fatal(err)
	}
	solve := func(sets ...string) float64 {
		v := sc.Clone()
		for _, s := range sets {
			if err := v.Set(s); err != nil {
				t.Fatal(err)
			}
		}
		return solvedA(t, v)
	}
	last := len(a.Units) - 1
	if u := a.Units[last]; u.Name != "weapon_kinetic_mk1 (extra)" || u.Count != 2 || len(a.Units) != 4 {
		t.Fatalf("parts %+v", a.Units)
	}
	if w := solve("a.extra-modules.count=1"); math.Abs(a.Without[last]-w) > 1e-12 {
		t.Errorf("without one extra weapon %v, solved %v", a.Without[last], w)
	}
	none := solve("a.extra-modules.count=0", "a.ship.module_instances=[]")
	total := 0.0
	for k, u := range a.Units {
		total += a.Shapley[k] * float64(u.Count)
	}
	if math.Abs(a.None-none) > 1e-12 || math.Abs(total-(a.All-a.None)) > 1e-12 {
		t.Errorf("none %v (solved %v), values sum to %v, all − none %v", a.None, none, total, a.All-a.None)
	}
}

func solvedA(t *testing.T, sc *scenarios.Scenario) float64 {
	t.Helper()
	e, err := analysis.Solve(context.Background(), sc, false)
	if err != nil {
		t.Fatal(err)
	}
	return e.Win[rules.A].F
}
