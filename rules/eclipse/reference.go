package eclipse

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/eclipse/assign"
)

// Reference implements rules.Documented: the fields a scenario may have,
// the catalogues of parts, blueprints, NPC tiles and hulls, the policies,
// counters and ends, built from the tables Compile and the battle use, so
// that it says what they accept. Its text is self-contained but for where
// catalogue values come from, which it leaves to README.md in this
// directory; REFERENCE.md is its Markdown form.
func (ruleset) Reference() *rules.Reference {
	return &rules.Reference{
		Title: "Eclipse: Second Dawn fleet battle in one sector, with an exact solver",
		Follows: []string{
			"Eclipse: Second Dawn for the Galaxy, Rulebook (2020), the combat pages",
			"Eclipse: Second Dawn for the Galaxy, technology and ship part aid sheet",
		},
		Sides: [2]rules.Term{
			{Name: sideNames[0], Meaning: "side a: the player who brings ships into the sector; never an NPC side"},
			{Name: sideNames[1], Meaning: "side b: the side already in the sector, a player or the NPCs (kind: npc); it fires first on initiative ties and, by default, wins a stalemate"},
		},
		Fields:     fields(),
		Catalogues: []rules.Catalogue{partCatalogue(), blueprintCatalogue(), npcCatalogue(), hullCatalogue(), diceCatalogue()},
		Policies:   terms(assign.Names(), policyDocs),
		Counters: []rules.Term{
			{Name: "a.survivors.<blueprint>", Meaning: "the attacker's ships of that blueprint left at the end, retreated ones included"},
			{Name: "b.survivors.<blueprint>", Meaning: "the defender's ships of that blueprint left at the end, retreated ones included"},
			{Name: "a.retreated.<blueprint>", Meaning: "the attacker's ships of that blueprint that left the battle by retreating; counted only when attacker.retreat is not never"},
			{Name: "b.retreated.<blueprint>", Meaning: "the defender's ships of that blueprint that left the battle by retreating; counted only when defender.retreat is not never"},
			{Name: "a.reputation", Meaning: "reputation tiles the attacker draws after the battle, 0 to 5"},
			{Name: "b.reputation", Meaning: "reputation tiles the defender draws after the battle, 0 to 5; not counted for an NPC defender"},
		},
		Ends: terms(EndNames, endDocs),
	}
}

// policyDocs say how each policy of §6 plays.
var policyDocs = map[string]string{
	"npc":                    "the rulebook's rule for NPCs: ships are taken largest hull first, the most damaged first within a hull; each ship the dice can destroy is destroyed with as few dice as will do, and the dice left over go to the first ship in that order they hit. Every NPC side plays it; a player side may.",
	"kill-greedy":            "the strongest dice first, each to the ship it can destroy with the least damage wasted, else to the ship closest to being destroyed; ties go to the larger hull. The default of a player side.",
	"largest-killable-first": "the dice that hit the fewest ships first, each to the largest ship that it and the other dice left can still destroy, else to the largest ship it hits.",
	"priority":               "as largest-killable-first, but the side's priority list of enemy blueprints, not size, orders the ships; blueprints it does not list follow, larger hulls first.",
	"optimal":                "crucible exact only: after every roll the side takes the assignment that maximises its chance of winning minus the enemy's. A Monte Carlo run rejects it.",
}

// endDocs say when a battle ends with each reason of §3.8.
var endDocs = map[string]string{
	"destroyed":          "the other side's last ship in the battle was destroyed; the side with ships left wins",
	"retreated":          "the other side's last ship in the battle left it by retreating; the side with ships left wins",
	"stalemate":          "no ship left in the battle has a cannon; the defender wins, or nobody with options.stalemate: draw",
	"mutual-destruction": "both sides emptied by one activation; only cannons that can hurt their own side (the Rift cannons of an expansion) could do that, and crucible has none, so it never happens",
	"round-cap":          "a safety stop after 10000 rounds; no winner; never expected, since a natural 6 always hits",
}

// terms lists names with their meanings, in the names' order.
func terms(names []string, meanings map[string]string) []rules.Term {
	out := make([]rules.Term, len(names))
	for i, n := range names {
		out[i] = rules.Term{Name: n, Meaning: meanings[n]}
	}
	return out
}

// fields lists every scenario field: the sides first, as a scenario starts
// with them, then the options, the custom parts and the custom blueprints.
func fields() []rules.Field {
	var out []rules.Field
	for _, side := range sideNames {
		out = append(out, sideFields(side)...)
	}
	out = append(out, rules.Field{Path: "options", Type: "mapping of option to value",
		Meaning: "the scenario-wide rule options below; each absent one takes its default"})
	out = append(out, globalOptions.Fields("options")...)
	out = append(out, partFields()...)
	return append(out, blueprintFields()...)
}

// sideFields are the fields of the attacker or the defender, side options
// among them (they are side fields here, not under options).
func sideFields(side string) []rules.Field {
	opts := map[string]rules.Field{}
	for _, f := range sideOptions.Fields(side) {
		opts[strings.TrimPrefix(f.Path, side+".")] = f
	}
	policy := opts["policy"]
	policy.Default = "kill-greedy; npc for an NPC side"
	caps := make([]string, nBases)
	most := 0
	for b := range nBases {
		caps[b] = fmt.Sprintf("%d %s", pieceCap[b], Base(b))
		most = max(most, pieceCap[b])
	}
	lo, hi := rules.Bounds(1, int64(most))
	designs := rules.NamesOf([]string{"blueprints", "npcs"}, "blueprints[].name")
	return []rules.Field{
		{Path: side, Type: "mapping", Required: true, Meaning: "the " + side + "'s side: its ships and how it plays"},
		opts["kind"],
		{Path: side + ".ships", Type: "mapping of blueprint to count", Required: true, Names: designs,
			Meaning: "the side's ships: at most one blueprint per hull (one tile per NPC kind), each with its number of ships"},
		{Path: side + ".ships.<blueprint>", Type: "integer", Allowed: "an integer from 1 to the hull's limit per side: " + strings.Join(caps, ", "), Min: lo, Max: hi,
			Meaning: "how many ships of that blueprint (built-in, or from blueprints[]) the side fields"},
		policy,
		{Path: side + ".priority", Type: "list of enemy blueprints", Allowed: "the blueprints of the other side's ships, each once", Default: "none", Names: designs,
			Meaning: "with policy: priority, the enemy blueprints to fire at, the first listed first; required by that policy and an error with any other"},
		opts["retreat"],
		opts["antimatter-splitter"],
	}
}

// diceFields are the four colour fields of a dice mapping at path.
func diceFields(path string, limit int, what string) []rules.Field {
	out := []rules.Field{{Path: path, Type: "mapping of colour to count", Allowed: strings.Join(colourNames[:], ", "), Default: "no dice",
		Meaning: what + ", by colour (the dice catalogue gives each colour's damage)"}}
	for col, name := range colourNames {
		out = append(out, rules.Field{Path: path + "." + name, Type: "integer", Allowed: intRange(0, limit), Default: "0",
			Meaning: fmt.Sprintf("%s dice (%d damage a hit)", name, colourDamage[col])})
	}
	return out
}

// namedList is a list of custom entries (parts, blueprints) and the name
// field every entry has, with the rule checkName enforces.
func namedList(list, entry, meaning, nameMeaning string) []rules.Field {
	return []rules.Field{
		{Path: list, Type: "list of " + list, Default: "none", Meaning: meaning},
		{Path: list + "[].name", Type: "text", Allowed: "a new " + entry + " name, without '.' or '='", Required: true, Meaning: nameMeaning},
	}
}

// partFields are the fields of a custom part (§7).
func partFields() []rules.Field {
	p := "parts[]"
	out := namedList("parts", "part", "custom parts, beside the built-in ones (parts catalogue), for blueprints[].parts to use",
		"the part's name, as blueprints list it")
	out = append(out, diceFields(p+".cannon", maxPartDice, "the cannon dice one ship rolls with this part every engagement round")...)
	out = append(out, diceFields(p+".missile", maxPartDice, "the missile dice one ship rolls with this part once, before round 1")...)
	return append(out,
		rules.Field{Path: p + ".computer", Type: "integer", Allowed: intRange(0, maxPartStat), Default: "0", Meaning: "added to each die roll of the ship against every target"},
		rules.Field{Path: p + ".shield", Type: "integer", Allowed: intRange(0, maxPartStat), Default: "0", Meaning: "taken from each enemy die roll against the ship"},
		rules.Field{Path: p + ".hull", Type: "integer", Allowed: intRange(0, maxPartHull), Default: "0", Meaning: "damage the ship can take and survive; hit points are hull + 1"},
		rules.Field{Path: p + ".initiative", Type: "integer", Allowed: intRange(0, maxInitiative), Default: "0", Meaning: "added to the ship's initiative: who fires first"},
		rules.Field{Path: p + ".energy", Type: "integer", Allowed: intRange(-maxPartEnergy, maxPartEnergy), Default: "0",
			Meaning: "energy the part uses, or makes when negative; a blueprint may not use more than it makes"},
		rules.Field{Path: p + ".drive", Type: "true or false", Allowed: "true, false", Default: "false", Meaning: "whether the part is a drive: a ship on a mobile hull needs one, a Starbase may have none"},
		rules.Field{Path: p + ".slot", Type: "true or false", Allowed: "true, false", Default: "true", Meaning: "whether the part takes one of the blueprint's slots (false: placed outside the grid, as the Muon Source)"},
	)
}

// blueprintFields are the fields of a custom blueprint (§7): those of a
// player hull and those of an NPC tile.
func blueprintFields() []rules.Field {
	p := "blueprints[]"
	out := namedList("blueprints", "blueprint", "custom ship designs, beside the built-in ones (blueprints and npcs catalogues), for the sides' ships to name",
		"the blueprint's name, as the sides' ships name it")
	out = append(out, []rules.Field{
		{Path: p + ".base", Type: "word", Allowed: strings.Join(baseChoices(), ", "), Required: true,
			Meaning: "the hull or NPC tile it starts from: it takes that blueprint's values, then the fields it sets; its hull decides its limit per side and size rank"},
		{Path: p + ".slots", Type: "integer", Allowed: intRange(0, maxSlots), Default: "the base's",
			Meaning: "player hulls only: how many parts with a slot it may carry"},
		{Path: p + ".initiative", Type: "integer", Allowed: intRange(0, maxInitiative), Default: "the base's",
			Meaning: "on a player hull the initiative printed on the blueprint, to which the parts add; on an NPC tile its initiative"},
		{Path: p + ".energy", Type: "integer", Allowed: intRange(0, maxPrinted), Default: "the base's",
			Meaning: "player hulls only: energy printed on the blueprint, beside what its sources make"},
		{Path: p + ".computer", Type: "integer", Allowed: intRange(0, maxPartStat), Default: "the base's",
			Meaning: "on a player hull a computer printed on the blueprint, to which the parts add; on an NPC tile its computer"},
		{Path: p + ".hull", Type: "integer", Allowed: fmt.Sprintf("%s on a player hull, %s on an NPC tile", intRange(0, maxPrintedHull), intRange(0, maxTileHull)), Default: "the base's",
			Meaning: "on a player hull a hull printed on the blueprint, to which the parts add; on an NPC tile its hull (hit points are hull + 1)"},
		{Path: p + ".parts", Type: "list of part names", Allowed: "built-in parts (parts catalogue) and parts[] names; a name may repeat", Default: "the base's",
			Names:   rules.NamesOf([]string{"parts"}, "parts[].name"),
			Meaning: "player hulls only: every part the blueprint carries, replacing the base's"},
	}...)
	out = append(out, diceFields(p+".cannons", maxTileDice, "NPC tiles only: the tile's cannon dice, replacing the base's")...)
	out = append(out, diceFields(p+".missiles", maxTileDice, "NPC tiles only: the tile's missile dice, replacing the base's")...)
	return append(out, rules.Field{Path: p + ".shield", Type: "integer", Allowed: intRange(0, maxPartStat), Default: "the base's",
		Meaning: "NPC tiles only: the tile's shield"})
}

func intRange(lo, hi int) string { return doc.Range{Min: int64(lo), Max: int64(hi)}.String() }

// partCatalogue is the built-in parts of §4.2, with the stats one ship
// gets from each.
func partCatalogue() rules.Catalogue {
	c := rules.Catalogue{Name: "parts",
		Meaning: "The built-in ship parts, for blueprints[].parts: what one ship gets from each. Energy a part uses counts against what the blueprint makes. The data column names values with one source only, which every output using them repeats; rules/eclipse/README.md §4.2 says where every value comes from.",
		Columns: []string{"part", "cannon dice", "missile dice", "computer", "shield", "hull", "initiative", "energy", "drive", "slot", "data"}}
	for _, p := range builtinParts {
		slot := "yes"
		if !p.Slot {
			slot = "no (outside the grid)"
		}
		c.Rows = append(c.Rows, []string{p.Name, dice(p.Cannon), dice(p.Missile), plus(p.Computer), nonzero(p.Shield),
			plus(p.Hull), plus(p.Initiative), energyText(p.Energy), yes(p.Drive), slot, p.Unverified})
	}
	return c
}

// blueprintCatalogue is the Terran player blueprints of §4.3: what is
// printed on each, its parts, and the ship they make (§2).
func blueprintCatalogue() rules.Catalogue {
	c := rules.Catalogue{Name: "blueprints",
		Meaning: "The built-in player blueprints, the Terran layout: the name is also the hull a custom blueprint's base names. Printed values are on the blueprint; the ship's values are the printed ones plus its parts'.",
		Columns: []string{"blueprint", "slots", "printed initiative", "printed energy", "parts", "initiative", "computer", "shield", "hit points", "cannon dice", "missile dice", "energy used of made"}}
	k := &catalog{parts: Parts(), blueprints: Blueprints()}
	for _, bp := range builtinBlueprints {
		if bp.Base.NPC() {
			continue
		}
		t, err := k.derive(bp, nil)
		if err != nil {
			panic("eclipse: built-in blueprint " + bp.Name + ": " + err.Error())
		}
		used, made := k.energy(bp)
		c.Rows = append(c.Rows, []string{bp.Name, strconv.Itoa(bp.Slots), strconv.Itoa(bp.InitBonus), strconv.Itoa(bp.Energy),
			strings.Join(bp.Parts, ", "), strconv.Itoa(t.Init), plus(t.Computer), nonzero(t.Shield), strconv.Itoa(t.HP),
			dice(t.Cannon), dice(t.Missile), fmt.Sprintf("%d of %d", used, made)})
	}
	return c
}

// energy returns the energy a player blueprint's parts use and the energy
// it has: printed plus what its parts make (§5 rule 4).
func (k *catalog) energy(bp Blueprint) (used, made int) {
	made = bp.Energy
	for _, name := range bp.Parts {
		p, _ := k.part(name)
		if p.Energy > 0 {
			used += p.Energy
		} else {
			made -= p.Energy
		}
	}
	return used, made
}

// npcCatalogue is the NPC tiles of §4.4.
func npcCatalogue() rules.Catalogue {
	c := rules.Catalogue{Name: "npcs",
		Meaning: "The NPC tiles, for a side with kind: npc, which is always the defender: fixed stats, no parts. The advanced tiles have one source only, which every output using them repeats; rules/eclipse/README.md §4.4 says where the values come from.",
		Columns: []string{"tile", "kind", "cannon dice", "missile dice", "computer", "shield", "hit points", "initiative", "data"}}
	for _, bp := range builtinBlueprints {
		if !bp.Base.NPC() {
			continue
		}
		c.Rows = append(c.Rows, []string{bp.Name, bp.Base.String(), dice(bp.Cannons), dice(bp.Missiles), plus(bp.Computer),
			nonzero(bp.Shield), strconv.Itoa(bp.Hull + 1), strconv.Itoa(bp.Initiative), bp.Unverified})
	}
	return c
}

// hullCatalogue is what the rules give each hull and NPC kind: the limit
// per side (§5 rule 3), the size rank the policies read (§4.5) and the
// reputation weight (§3.9).
func hullCatalogue() rules.Catalogue {
	c := rules.Catalogue{Name: "hulls",
		Meaning: "The hulls a blueprint is built on, and the NPC kinds: how many ships of it a side may field, its size rank, which orders targets and same-side ties, and the reputation it is worth when destroyed.",
		Columns: []string{"hull", "kind", "ships per side", "size rank", "reputation weight"}}
	for b := range nBases {
		kind := "player hull"
		if Base(b).NPC() {
			kind = "NPC"
		}
		c.Rows = append(c.Rows, []string{Base(b).String(), kind, strconv.Itoa(pieceCap[b]), strconv.Itoa(int(sizeRank[b])), strconv.Itoa(reputationWeight[b])})
	}
	return c
}

// diceFamilies are the weapon families of the colours of §4.1.
var diceFamilies = [nColours]string{"Ion", "Plasma", "Soliton", "Antimatter"}

// diceCatalogue is the die colours of §4.1.
func diceCatalogue() rules.Catalogue {
	c := rules.Catalogue{Name: "dice",
		Meaning: "The die colours, as cannon and missile dice name them. Every die is a d6: a 6 always hits, a 1 always misses, and 2 to 5 hit when the roll plus the firing ship's computer minus the target's shield is at least 6.",
		Columns: []string{"colour", "weapons", "damage a hit"}}
	for col, name := range colourNames {
		c.Rows = append(c.Rows, []string{name, diceFamilies[col], strconv.Itoa(int(colourDamage[col]))})
	}
	return c
}

// dice says "2 yellow + 1 red" (diceText), or "" for no dice: an empty cell.
func dice(d Dice) string {
	if d.Total() == 0 {
		return ""
	}
	return diceText(d)
}

// plus says "+2" for a bonus, "" for none.
func plus(v int) string {
	if v == 0 {
		return ""
	}
	return fmt.Sprintf("%+d", v)
}

func nonzero(v int) string {
	if v == 0 {
		return ""
	}
	return strconv.Itoa(v)
}

// energyText says "uses 2" or "makes 3" (a negative Part.Energy).
func energyText(e int) string {
	switch {
	case e > 0:
		return fmt.Sprintf("uses %d", e)
	case e < 0:
		return fmt.Sprintf("makes %d", -e)
	}
	return ""
}

func yes(b bool) string {
	if b {
		return "yes"
	}
	return ""
}
