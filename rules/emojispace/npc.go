package emojispace

import "github.com/crucible-sim/crucible/rules"

// NPCSpec is a side drawn by the NPC ship generator (§3, §19): an encounter
// subtype and a system population.
type NPCSpec struct {
	Subtype    string
	Population int
	subtype    int // index in npcSubtypes
}

// weighted is one item of a weighted choice (§19): an index and its
// integer weight.
type weighted struct {
	item, weight int
}

// npcSubtypes are the subtypes a side may name (§3) with their frame
// weights (§19 step 2), in the listed order. customs_patrol and
// blood_raider have no table of their own and fall back to CIV 100
// (§22 row 11).
var npcSubtypes = [...]struct {
	name   string
	frames []weighted
}{
	{"civilian_trader_ship", []weighted{{int(frameCIV), 80}, {int(frameFRG), 20}}},
	{"customs_patrol", []weighted{{int(frameCIV), 100}}},
	{"bounty_hunter", []weighted{{int(frameMIL), 80}, {int(frameCIV), 20}}},
	{"pirate_raider", []weighted{{int(frameMIL), 60}, {int(frameFRG), 25}, {int(frameCIV), 15}}},
	{"blood_raider", []weighted{{int(frameCIV), 100}}},
	{"derelict_ship", []weighted{{int(frameCIV), 50}, {int(frameFRG), 35}, {int(frameMIL), 15}}},
	{"civilian_patrol_ship", []weighted{{int(frameCIV), 70}, {int(frameMIL), 30}}},
	{"pirate_raider_ship", []weighted{{int(frameMIL), 60}, {int(frameFRG), 25}, {int(frameCIV), 15}}},
	{"alien_vessel", []weighted{{int(frameALN), 100}}},
	{"experimental_vessel", []weighted{{int(frameXA), 34}, {int(frameXB), 33}, {int(frameXC), 33}}},
}

func npcSubtypeNames() []string {
	out := make([]string, len(npcSubtypes))
	for i := range npcSubtypes {
		out[i] = npcSubtypes[i].name
	}
	return out
}

// MaxPopulation is the largest system population (§3).
const MaxPopulation = 5

// tierWeights[population] are the weights of tiers 1–5 (§19 step 1).
var tierWeights = [MaxPopulation + 1][]weighted{
	1: {{1, 45}, {2, 30}, {3, 15}, {4, 7}, {5, 3}},
	2: {{1, 35}, {2, 30}, {3, 18}, {4, 12}, {5, 5}},
	3: {{1, 25}, {2, 25}, {3, 20}, {4, 20}, {5, 10}},
	4: {{1, 15}, {2, 20}, {3, 22}, {4, 23}, {5, 20}},
	5: {{1, 10}, {2, 15}, {3, 20}, {4, 25}, {5, 30}},
}

// hullRarityWeight is the hull weight by rarity (§19 step 3).
var hullRarityWeight = [4]int{rarityCommon: 50, rarityUncommon: 30, rarityRare: 15, rarityUnique: 5}

// fillWeights are the fill fractions in quarters (0, ¼, ½, ¾, 1) and their
// weights (§19 step 4).
var fillWeights = []weighted{{0, 20}, {1, 25}, {2, 30}, {3, 15}, {4, 10}}

// moduleMultiplier[tier][rarity] is §19 step 6's multiplier in hundredths,
// so that every module weight (rarity_weight × multiplier) is an integer.
var moduleMultiplier = [6][4]int{
	1: {100, 30, 10, 2},
	2: {100, 45, 15, 3},
	3: {100, 60, 25, 5},
	4: {100, 75, 40, 10},
	5: {100, 90, 55, 15},
}

// secondaryWeights are §19 step 7's secondary weights, none first; the
// second roll after an alien drops the alien entry (the last).
var secondaryWeights = []weighted{{0, 50}, {int(secUnstable), 20}, {int(secPrototype), 10},
	{int(secCompact), 5}, {int(secEnhanced), 5}, {int(secEfficient), 5}, {int(secAlien), 5}}

// generatorTables are the weighted lists the generator walks, built once
// from the catalogues: hulls per (tier, frame) and modules per (tier, slot
// type).
var generatorTables = func() (t struct {
	hulls        [6][numFrames][]weighted
	modules      [6][4][]weighted
	moduleTotals [6][4]int
}) {
	for i := range Hulls {
		h := &Hulls[i]
		t.hulls[h.Tier][h.Frame] = append(t.hulls[h.Tier][h.Frame], weighted{i, hullRarityWeight[h.Rarity]})
	}
	for tier := 1; tier <= 5; tier++ {
		for i := range Modules {
			m := &Modules[i]
			w := weighted{i, m.Weight * moduleMultiplier[tier][m.Rarity]}
			t.modules[tier][m.Slot] = append(t.modules[tier][m.Slot], w)
			t.modules[tier][slotUntyped] = append(t.modules[tier][slotUntyped], w) // untyped: all 29
		}
		for slot := range t.modules[tier] {
			t.moduleTotals[tier][slot] = totalWeight(t.modules[tier][slot])
		}
	}
	return t
}()

// choose makes §19's weighted choice: threshold = u × total with u uniform
// in [0, 1), the first item whose running weight sum exceeds it. With
// integer weights a uniform integer threshold in [0, total) picks each item
// with exactly its weight's share, unbiased (rules.Rand.IntN).
func choose(r *rules.Rand, items []weighted) int {
	return chooseOf(r, items, totalWeight(items))
}

func totalWeight(items []weighted) int {
	total := 0
	for _, it := range items {
		total += it.weight
	}
	return total
}

// chooseOf is choose with the items' total weight known.
func chooseOf(r *rules.Rand, items []weighted, total int) int {
	t := r.IntN(total)
	for _, it := range items {
		t -= it.weight
		if t < 0 {
			return it.item
		}
	}
	panic("unreachable: a weighted choice past its total")
}

// roundHalfEvenQuarters returns RoundHalfEven(total × q/4) (§19 step 4).
func roundHalfEvenQuarters(total, q int) int {
	num := total * q
	v, rem := num/4, num%4
	if rem > 2 || rem == 2 && v%2 == 1 {
		v++
	}
	return min(max(v, 0), total)
}

// Generate draws an NPC ship (§19) from r into st, whose module list it
// builds in buf (no allocation), in the draw order of §19: tier, frame,
// hull, fill fraction, then per slot the module and its secondary roll(s).
// It returns the tier drawn.
func (n *NPCSpec) Generate(r *rules.Rand, st *ShipState, buf *[maxModules]ModuleInstance) int {
	tier := choose(r, tierWeights[n.Population])
	frame := choose(r, npcSubtypes[n.subtype].frames)
	// Every frame has a hull at every tier (TestEveryFrameAtEveryTier), so
	// §19's nearest-tier fallback and frame dropping never apply.
	hull := choose(r, generatorTables.hulls[tier][frame])
	h := &Hulls[hull]
	target := roundHalfEvenQuarters(h.TotalSlots(), choose(r, fillWeights))
	tt := Hulls[hull].Tier
	mods := buf[:0]
	for slot := slotWeapon; slot <= slotUntyped && len(mods) < target; slot++ {
		for k := 0; k < h.Slots[slot] && len(mods) < target; k++ {
			m := ModuleInstance{Module: chooseOf(r, generatorTables.modules[tt][slot], generatorTables.moduleTotals[tt][slot])}
			sec := Secondaries(chooseOf(r, secondaryWeights, 100))
			if sec == secAlien {
				sec |= Secondaries(chooseOf(r, secondaryWeights[:len(secondaryWeights)-1], 95))
			}
			m.Sec = sec
			mods = append(mods, m)
		}
	}
	*st = ShipState{Hull: hull, Modules: mods}
	return tier
}
