package emojispace

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/rules"
)

// referenceCatalogues are the built-in tables a scenario names entries of,
// or that decide what its ships do: each built from the table the decoder,
// the assembly or the generator reads.
func referenceCatalogues() []rules.Catalogue {
	return []rules.Catalogue{
		hullCatalogue(), moduleCatalogue(), secondaryCatalogue(), crewRoleCatalogue(), crewTagCatalogue(),
		shipCatalogue(), bandCatalogue(), frameCatalogue(), rpsCatalogue(), actionCatalogue(),
		npcSubtypeCatalogue(), npcTierCatalogue(),
	}
}

// triple writes three values as "a/b/c".
func triple(v [3]int, format string) string {
	return fmt.Sprintf(format+"/"+format+"/"+format, v[0], v[1], v[2])
}

// availabilityNames say where a hull is sold (§5).
var availabilityNames = [...]string{sold: "shipdocks", missionOnly: "missions only", eventOnly: "events only"}

func hullCatalogue() rules.Catalogue {
	c := rules.Catalogue{Name: "hulls",
		Meaning: "The 50 hulls (§5), named by ship.hull_id. Bare bands, hull points and RCP/TR are those of the empty hull; each weapon or defense module adds to them (§9).",
		Columns: []string{"hull_id", "tier", "frame", "rarity", "slots weapon/defense/utility/untyped", "band bias W/D/E", "bare bands W/D/E", "hull points", "bare RCP/TR", "crew capacity", "sold at"}}
	for i := range Hulls {
		h := &Hulls[i]
		var s Ship
		Assemble(&ShipState{Hull: i}, AssemblyOptions{}, &s) // a bare hull always fits
		c.Rows = append(c.Rows, []string{h.ID, strconv.Itoa(h.Tier), h.Frame.String(), h.Rarity.String(),
			fmt.Sprintf("%d/%d/%d/%d", h.Slots[0], h.Slots[1], h.Slots[2], h.Slots[3]), triple(h.Bias, "%+d"), triple(s.Pre, "%d"),
			strconv.Itoa(s.HullMax), fmt.Sprintf("%d/%d", s.RCP, s.TR), strconv.Itoa(h.CrewCap), availabilityNames[h.avail]})
	}
	return c
}

func moduleCatalogue() rules.Catalogue {
	c := rules.Catalogue{Name: "modules",
		Meaning: "The 29 modules (§6), named by module_instances[].module_id and extra-modules.module_id. A module's bonus is always on; a weapon or defense module also fills a slot, +1 to its band (§9). The generator weight is the NPC generator's base weight (§19 step 6).",
		Columns: []string{"module_id", "slot", "primary tag", "bonus", "band effect", "in combat", "rarity", "generator weight", "price"}}
	for _, m := range Modules {
		bonus, effect := "-", "-"
		if m.Bonus != noBand {
			bonus = fmt.Sprintf("%s %+d", m.Bonus, m.Value)
			fill := 0
			if m.Slot == slotWeapon || m.Slot == slotDefense {
				fill = 1
			}
			effect = fmt.Sprintf("%+d %s", fill+m.Value, strings.ToUpper(m.Bonus.String()[:1]))
		}
		c.Rows = append(c.Rows, []string{m.ID, m.Slot.String(), m.Tag, bonus, effect, m.role(),
			m.Rarity.String(), strconv.Itoa(m.Weight), strconv.Itoa(m.Price)})
	}
	return c
}

// role says what a module does in combat beyond its bonus, from its primary
// tag (§6, §9 step 7, §10, §11, §14, §15).
func (m *Module) role() string {
	for k := range weaponTypeTags {
		if m.Tag == weaponTypeTags[k] {
			return weaponTypeNames[k] + " weapon (rps catalogue); weapon subsystem"
		}
		if m.Tag == defenseTypeTags[k] {
			role := defenseTypeName[k] + " defense (rps catalogue); defense subsystem"
			if m.Tag == tagArmored {
				role += "; +1 hull point"
			}
			return role
		}
	}
	switch m.Tag {
	case tagEngineBoost:
		return "engine subsystem"
	case tagRepair:
		return "unlocks Repair Systems: 2 uses a fight, 2 hull points each"
	case tagProbe:
		return "unlocks Scan"
	case tagInterdiction:
		return "-1 to the other ship's escape tests"
	}
	if m.Bonus != noBand {
		return "its bonus only"
	}
	return "nothing"
}

// secondaryEffects say what each secondary does (§7), in secondaryNames'
// order.
var secondaryEffects = [len(secondaryNames)]string{
	"uses half a slot of its type: two compact modules share one slot and fill it once (+1 band, not +2)",
	"+1 capacity of the module's subsystem (weapon, defense or engine module)",
	"-1 capacity of its subsystem; -1 hull point, on any module",
	"on an experimental hull (XA, XB, XC) +1 hull point; on any other, -1 capacity of its subsystem",
	"+1 to the module's bonus; +1 heal on a repair module",
	"only on an alien hull (ALN): +1 to the module's bonus, +1 hull point, +1 heal on a repair module",
}

func secondaryCatalogue() rules.Catalogue {
	c := rules.Catalogue{Name: "secondaries",
		Meaning: "The secondary tags a module may carry (§7), in secondary_tags, with or without the secondary: prefix. The generator weight is the chance in 100 that an NPC's module rolls it (§19 step 7; none 50).",
		Columns: []string{"secondary", "effect", "generator weight"}}
	for i, name := range secondaryNames {
		weight := 0
		for _, w := range secondaryWeights {
			if w.item == 1<<i {
				weight = w.weight
			}
		}
		c.Rows = append(c.Rows, []string{name, secondaryEffects[i], strconv.Itoa(weight)})
	}
	return c
}

// crewRoleEffects say what each crew role does in combat (§8), in
// crewRoles' order.
var crewRoleEffects = [len(crewRoles)]string{
	"+1 engine band",
	"+1 weapon band",
	"+1 defense band",
	"+1 use of the ship's first repair module",
	"+1 heal on every repair",
	"nothing in combat", "nothing in combat", "nothing in combat", "nothing in combat", "nothing in combat",
}

func crewRoleCatalogue() rules.Catalogue {
	c := rules.Catalogue{Name: "crew-roles",
		Meaning: "The crew roles (§8), named by crew[].crew_role_id or a legacy string crew:<role>. Band bonuses are summed over the crew and held to -3..+3; a legacy string gives none of them. With crew-in-combat: false no crew counts.",
		Columns: []string{"crew_role_id", "in combat"}}
	for i, r := range crewRoles {
		c.Rows = append(c.Rows, []string{r, crewRoleEffects[i]})
	}
	return c
}

// crewTags are the crew tags with a combat effect (§8); crewEffects reads
// them, and TestCrewTagCatalogue checks each changes it.
var crewTags = []rules.Term{
	{Name: "crew:steady_aim", Meaning: "+1 weapon band in a round the ship chose Focus Fire"},
	{Name: "crew:trigger_happy", Meaning: "-1 weapon band in a round the ship chose Focus Fire"},
	{Name: "crew:evasive", Meaning: "+1 engine band in a round the ship chose Evasive Maneuvers"},
	{Name: "crew:slow_reactions", Meaning: "-1 engine band in a round the ship chose Evasive Maneuvers"},
	{Name: "crew:overconfident", Meaning: "-1 defense band in a round the ship chose Reinforce Shields"},
	{Name: "crew:damage_control", Meaning: "+1 heal on every repair"},
	{Name: "crew:alien", Meaning: "alien synergy: with s = (ship tags ending in _alien) × (crew:alien tags on the crew), every crew bonus and penalty moves s further from zero"},
}

func crewTagCatalogue() rules.Catalogue {
	c := rules.Catalogue{Name: "crew-tags",
		Meaning: "The crew tags with an effect in combat (§8), in crew[].crew_tags; any other crew: tag is accepted and does nothing. Action bonuses are not held to -3..+3.",
		Columns: []string{"crew tag", "in combat"}}
	for _, t := range crewTags {
		c.Rows = append(c.Rows, []string{t.Name, t.Meaning})
	}
	return c
}

func shipCatalogue() rules.Catalogue {
	c := rules.Catalogue{Name: "ships",
		Meaning: "The built-in ships (§21), named by ship: P3. P0 is the game's starter, a bare Midge; the N ships are fitted the way the generator fits NPCs, weapons first. None has secondaries, crew or degradation. Bands are before focus, RPS and crew.",
		Columns: []string{"name", "hull_id", "modules", "bands W/D/E", "capacity W/D/E", "hull points", "RCP", "TR"}}
	for _, b := range BuiltinShips {
		st := b.State()
		var s Ship
		Assemble(&st, AssemblyOptions{}, &s) // TestBuiltinShips: every one fits
		mods := strings.Join(b.Modules, ", ")
		if mods == "" {
			mods = "none"
		}
		c.Rows = append(c.Rows, []string{b.Name, b.Hull, mods, triple(s.Pre, "%d"), triple(s.Cap, "%d"),
			strconv.Itoa(s.HullMax), strconv.Itoa(s.RCP), strconv.Itoa(s.TR)})
	}
	return c
}

// bandRoles say what each band does in combat and what feeds it (§9, §12,
// §13), in bandNames' order.
var bandRoles = [len(bandNames)]string{
	"the attack: damage is rolled from weapon minus the other ship's defense",
	"the other ship's attack is rolled against it",
	"escape tests only: the fleeing ship's engine against the pursuer's",
}

var bandMembers = [len(bandNames)]string{
	"weapon-slot modules",
	"defense-slot modules",
	"engine boosters (utility modules with an engine bonus)",
}

func bandCatalogue() rules.Catalogue {
	c := rules.Catalogue{Name: "bands",
		Meaning: "A ship's three bands, which are also its subsystems and the keys of degradation_state (§9, §13). A subsystem's capacity is its member modules, adjusted by secondaries, at least 1; at degradation ≥ capacity it is RED and its band is 0 (red-override).",
		Columns: []string{"band", "in combat", "subsystem members", "focused by"}}
	for b, name := range bandNames {
		var focus []string
		for a := range numActions {
			if a.focus() == Band(b) {
				focus = append(focus, actionNames[a])
			}
		}
		c.Rows = append(c.Rows, []string{name, bandRoles[b], bandMembers[b], strings.Join(focus, ", ")})
	}
	return c
}

func frameCatalogue() rules.Catalogue {
	c := rules.Catalogue{Name: "frames",
		Meaning: "The hull frames (§4): the first letters of a hull_id. The hull bias adds to the tier's hull points; experimental and alien frames change what the prototype and alien secondaries do.",
		Columns: []string{"frame", "hull bias", "kind"}}
	for f := range numFrames {
		kind := "-"
		switch {
		case f.Experimental():
			kind = "experimental"
		case f.Alien():
			kind = "alien"
		}
		c.Rows = append(c.Rows, []string{f.String(), fmt.Sprintf("%+d", frameHullBias[f]), kind})
	}
	return c
}

func rpsCatalogue() rules.Catalogue {
	c := rules.Catalogue{Name: "rps",
		Meaning: "Rock-paper-scissors (§10): added to the attacker's weapon band, by the attacker's primary weapon type against the defender's primary defense type (the type most of its modules have; a tie goes to the type first in this table's order). 0 when either ship has no such module.",
		Columns: []string{"weapon"}}
	for _, d := range defenseTypeName {
		c.Columns = append(c.Columns, "vs "+d)
	}
	for w, name := range weaponTypeNames {
		row := []string{name}
		for d := range defenseTypeName {
			row = append(row, fmt.Sprintf("%+d", rpsTable[w][d]))
		}
		c.Rows = append(c.Rows, row)
	}
	return c
}

// actionEffects say what each action does (§11), in Action order.
var actionEffects = [numActions]string{
	FocusFire: "crew steady_aim and trigger_happy count",
	Reinforce: "crew overconfident counts",
	Evasive:   "the incoming damage is less 0 or 1 (a die); crew evasive and slow_reactions count",
	Escape:    "an escape test before the attacks (§15): success ends the fight (end escaped); failure, the round goes on",
	Surrender: "the fight ends at once, the other ship wins (end surrendered)",
	Repair:    "heals the hull before the attacks (§14)",
	Scan:      "marks the other ship scanned on a 1 in 2: information only, no effect on the fight",
}

func actionCatalogue() rules.Catalogue {
	c := rules.Catalogue{Name: "actions",
		Meaning: "The actions a ship chooses each round (§11), as a plan names them (by name or alias). Every action but Surrender and a successful escape still fires the ship's weapons. An action that is not available becomes Focus Fire.",
		Columns: []string{"action", "alias", "+1 to band", "available", "effect"}}
	for a := range numActions {
		focus, avail := "-", "always"
		if b := a.focus(); b != noBand {
			focus = b.String()
		}
		switch a {
		case Repair:
			avail = "while a repair use is left"
		case Scan:
			avail = "with a ship_utility_probe_array"
		}
		c.Rows = append(c.Rows, []string{actionNames[a], actionAliases[a], focus, avail, actionEffects[a]})
	}
	return c
}

func npcSubtypeCatalogue() rules.Catalogue {
	c := rules.Catalogue{Name: "npc-subtypes",
		Meaning: "The subtypes an npc side may name (npc.subtype) and the frame weights the generator draws the NPC's frame with (§19 step 2); the hull is then drawn among that tier's and frame's hulls by rarity.",
		Columns: []string{"subtype", "frame weights"}}
	for _, s := range npcSubtypes {
		var w []string
		for _, f := range s.frames {
			w = append(w, fmt.Sprintf("%s %d", Frame(f.item), f.weight))
		}
		c.Rows = append(c.Rows, []string{s.name, strings.Join(w, ", ")})
	}
	return c
}

func npcTierCatalogue() rules.Catalogue {
	c := rules.Catalogue{Name: "npc-tiers",
		Meaning: "The chance in 100 of each tier of the NPC ship drawn for each system population (npc.population; §19 step 1).",
		Columns: []string{"population", "tier 1", "tier 2", "tier 3", "tier 4", "tier 5"}}
	for pop := 1; pop <= MaxPopulation; pop++ {
		row := []string{strconv.Itoa(pop)}
		for _, w := range tierWeights[pop] {
			row = append(row, strconv.Itoa(w.weight))
		}
		c.Rows = append(c.Rows, row)
	}
	return c
}
