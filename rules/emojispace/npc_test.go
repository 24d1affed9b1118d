package emojispace

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/crucible-sim/crucible/rules"
)

// TestEveryFrameAtEveryTier: §19 step 2's nearest-tier fallback never
// applies with the catalogue, which Generate relies on.
func TestEveryFrameAtEveryTier(t *testing.T) {
	for tier := 1; tier <= 5; tier++ {
		for f := range numFrames {
			if len(generatorTables.hulls[tier][f]) == 0 {
				t.Errorf("no %s hull at tier %d", f, tier)
			}
		}
	}
}

// TestFillTargets: §19 step 4's table of RoundHalfEven targets.
func TestFillTargets(t *testing.T) {
	want := map[int]string{4: "0/1/2/3/4", 5: "0/1/2/4/5", 6: "0/2/3/4/6", 7: "0/2/4/5/7", 8: "0/2/4/6/8", 9: "0/2/4/7/9"}
	for total, w := range want {
		var got []string
		for q := range 5 {
			got = append(got, fmt.Sprint(roundHalfEvenQuarters(total, q)))
		}
		if strings.Join(got, "/") != w {
			t.Errorf("total %d: %s, want %s", total, strings.Join(got, "/"), w)
		}
	}
}

// share returns the weight share of the modules of a slot type at a tier
// that satisfy keep.
func share(tier int, slot Slot, keep func(*Module) bool) float64 {
	total, kept := 0, 0
	for _, w := range generatorTables.modules[tier][slot] {
		total += w.weight
		if keep(&Modules[w.item]) {
			kept += w.weight
		}
	}
	return float64(kept) / float64(total)
}

// TestModuleAnchors: §19's per-slot anchors, from the weights: a mk2 in a
// weapon slot, a combat utility and a repair module in a utility slot.
func TestModuleAnchors(t *testing.T) {
	round := func(x float64, places int) string { return fmt.Sprintf("%.*f", places, 100*x) }
	mk2 := []string{"1.48", "2.20", "3.61", "5.66", "7.62"}
	for tier := 1; tier <= 5; tier++ {
		if got := round(share(tier, slotWeapon, func(m *Module) bool { return strings.HasSuffix(m.ID, "_mk2") }), 2); got != mk2[tier-1] {
			t.Errorf("tier %d: mk2 in a weapon slot %s %%, want %s", tier, got, mk2[tier-1])
		}
	}
	combat := func(m *Module) bool { return strings.HasPrefix(m.Tag, "combat:") }
	repair := func(m *Module) bool { return m.Tag == tagRepair }
	for _, c := range []struct {
		tier int
		keep func(*Module) bool
		want string
		what string
	}{{1, combat, "54.4", "combat utility"}, {5, combat, "49.9", "combat utility"}, {1, repair, "11.3", "repair"}, {5, repair, "10.3", "repair"}} {
		if got := round(share(c.tier, slotUtility, c.keep), 1); got != c.want {
			t.Errorf("tier %d: %s in a utility slot %s %%, want %s", c.tier, c.what, got, c.want)
		}
	}
}

// TestGeneratorDistribution: drawn NPCs follow §19's weights: the tier by
// population, the frame by subtype, the secondaries (χ² each, fixed seeds,
// false-alarm rate 1e-6 each); every drawn ship fits its hull.
func TestGeneratorDistribution(t *testing.T) {
	const n = 60_000
	chi := func(name string, obs []float64, weights []weighted) {
		t.Helper()
		total := 0
		for _, w := range weights {
			total += w.weight
		}
		x2 := 0.0
		for i, w := range weights {
			exp := n * float64(w.weight) / float64(total)
			x2 += (obs[i] - exp) * (obs[i] - exp) / exp
		}
		if len(weights) > 1 {
			if p := (distuv.ChiSquared{K: float64(len(weights) - 1)}).Survival(x2); p < testAlpha {
				t.Errorf("%s: observed %v, χ² %.1f, p %.2g", name, obs, x2, p)
			}
		}
	}
	r := rules.NewRand(11, 12)
	var st ShipState
	var buf [maxModules]ModuleInstance
	for pop := 1; pop <= MaxPopulation; pop++ {
		spec := NPCSpec{Population: pop, subtype: 3} // pirate_raider
		tiers := make([]float64, 5)
		frames := map[Frame]float64{}
		for range n {
			tier := spec.Generate(r, &st, &buf)
			tiers[tier-1]++
			frames[Hulls[st.Hull].Frame]++
			var s Ship
			if err := Assemble(&st, AssemblyOptions{}, &s); err != nil {
				t.Fatalf("a generated ship does not fit: %v (%s)", err, st.String())
			}
			if Hulls[st.Hull].Tier != tier {
				t.Fatalf("tier %d drew hull %s", tier, Hulls[st.Hull].ID)
			}
		}
		chi(fmt.Sprintf("population %d tiers", pop), tiers, tierWeights[pop])
		var obs []float64
		for _, w := range npcSubtypes[3].frames {
			obs = append(obs, frames[Frame(w.item)])
		}
		chi(fmt.Sprintf("population %d pirate frames", pop), obs, npcSubtypes[3].frames)
	}
	// Secondaries: the first roll over all seven, alien adding a second.
	spec := NPCSpec{Population: 5, subtype: 9} // experimental_vessel: full ships often
	first := make([]float64, len(secondaryWeights))
	mods := 0
	for mods < n {
		spec.Generate(r, &st, &buf)
		for _, m := range st.Modules {
			if mods == n {
				break
			}
			mods++
			sec := m.Sec
			if sec.Has(secAlien) {
				first[len(first)-1]++
				continue
			}
			for i, w := range secondaryWeights {
				if Secondaries(w.item) == sec {
					first[i]++
				}
			}
		}
	}
	chi("secondaries", first, secondaryWeights)
	if math.IsNaN(first[0]) {
		t.Fatal("no modules drawn")
	}
}

// TestNPCTierAnchor: population 1 draws tier 1 about 45 % of the time and
// population 5 tier 5 about 30 % (a binomial check on the counter the
// battle reports, fixed seed).
func TestNPCTierAnchor(t *testing.T) {
	for _, c := range []struct {
		pop, tier int
		p         float64
	}{{1, 1, 0.45}, {5, 5, 0.30}} {
		b := battle(t, fmt.Sprintf("a: {ship: P0}\nb: {npc: {subtype: customs_patrol, population: %d}}\n", c.pop))
		const n = 20_000
		hits := 0
		for i := range int64(n) {
			if fightOnce(b, i).Counters[b.c.tier[1]] == int64(c.tier) {
				hits++
			}
		}
		z := (float64(hits) - n*c.p) / math.Sqrt(n*c.p*(1-c.p))
		if math.Abs(z) > 5.3 { // two-sided p < 1e-7
			t.Errorf("population %d: tier %d in %d of %d, want %.0f %% (z = %.1f)", c.pop, c.tier, hits, n, 100*c.p, z)
		}
	}
}

// TestNPCAllocatesNothing: generating and assembling an NPC ship allocates
// nothing (the fighter does it every trial).
func TestNPCAllocatesNothing(t *testing.T) {
	spec := NPCSpec{Population: 5, subtype: 9}
	r := rules.NewRand(1, 2)
	var st ShipState
	var buf [maxModules]ModuleInstance
	var s Ship
	if a := testing.AllocsPerRun(1000, func() {
		spec.Generate(r, &st, &buf)
		Assemble(&st, AssemblyOptions{CrewInCombat: true}, &s)
	}); a != 0 {
		t.Errorf("%.1f allocations per generated ship", a)
	}
}

// TestSecondaryTotals: the totals Generate passes for the secondary rolls.
func TestSecondaryTotals(t *testing.T) {
	if totalWeight(secondaryWeights) != 100 || totalWeight(secondaryWeights[:len(secondaryWeights)-1]) != 95 {
		t.Error("the secondary weights no longer total 100 (95 without alien)")
	}
}
