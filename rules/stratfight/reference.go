package stratfight

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/rules"
)

// Reference implements rules.Documented: the fields of both kinds of
// scenario, from the option sets and the decoders' structs, and the
// built-in weapons, armors and fighters from their tables.
func (ruleset) Reference() *rules.Reference {
	ref := &rules.Reference{
		Title:   "Strategic Fighting: a duel of coin-flip pools, Flip-Offs, highwater damage and Life Coins; or one life of Life Coins",
		Follows: []string{"Strategic Fighting (the d2 combat system), final rules text of 2020-05-17", "the author's sample characters, weapons and armors"},
		Sides: [2]rules.Term{
			{Name: "by its fighter's name", Meaning: "the first fighter (Thug, Arya Stark, or the name the scenario gives it)"},
			{Name: "by its fighter's name", Meaning: "the second fighter"},
		},
		Catalogues: []rules.Catalogue{weaponCatalogue(), armorCatalogue(), fighterCatalogue()},
		Ends: []rules.Term{
			{Name: "death", Meaning: "a fighter lost its last Life Coin (to a hit's Crippling or a Life check); in a lifespan, the life ended"},
			{Name: "helpless", Meaning: "a fighter's Attack and Defense are both worn to 0 by Incapacitation and Crippling (option s8-helpless)"},
			{Name: "concession", Meaning: "a fighter gave up under its side's s10-concession rule"},
			{Name: "round-cap", Meaning: "the bout reached options.round-cap rounds with no other end: no winner"},
			{Name: "stopped", Meaning: "lifespan only: the life reached stop_at_coins before death"},
		},
	}
	ref.Fields = append(ref.Fields,
		rules.Field{Path: "kind", Type: "word", Allowed: "duel, lifespan", Default: "duel",
			Meaning: "duel: two fighters fight; lifespan: one life of Life Coins is lived, second by second, with no fighting"},
		rules.Field{Path: "options", Type: "mapping of option to value", Meaning: "rule options; see the options topic"},
	)
	ref.Fields = append(ref.Fields, duelOptions.Fields("options")...)
	ref.Fields = append(ref.Fields, lifespanOptions.Fields("options")...)
	for _, side := range []string{"a", "b"} {
		ref.Fields = append(ref.Fields, rules.Field{Path: side, Type: "mapping", Required: true,
			Meaning: "duel only: side " + side + "'s fighter and its overrides"})
		ref.Fields = append(ref.Fields, rules.Field{Path: side + ".fighter", Type: "fighter id, or a mapping defining a fighter",
			Allowed: strings.Join(fighterIDs(), ", "), Required: true, Names: rules.NamesOf([]string{"fighters"}),
			Meaning: "the fighter: a built-in one (see the fighters catalogue) or one defined inline with the fields below under " + side + ".fighter"})
		ref.Fields = append(ref.Fields, sideOptions.Fields(side)...)
		ref.Fields = append(ref.Fields, fighterFields(side, false)...)
		ref.Fields = append(ref.Fields, fighterFields(side+".fighter", true)...)
	}
	zero, lastCoin := new(int64), int64(maxStartCoins-1)
	ref.Fields = append(ref.Fields,
		rules.Field{Path: "start_coins", Type: "integer", Allowed: "an integer from 1 to " + strconv.Itoa(maxStartCoins), Required: true,
			Meaning: "lifespan only: the Life Coins the life starts with (30 at birth)"},
		rules.Field{Path: "stop_at_coins", Type: "integer", Allowed: "an integer from 0 to start_coins − 1", Default: "0", Min: zero, Max: &lastCoin,
			Meaning: "lifespan only: the life stops (end stopped) when it is down to this many coins; 0 lives until death"},
	)
	ref.Counters = duelCounterTerms()
	return ref
}

// fighterFields lists the fields that set a fighter's stats under path: a
// side's overrides of its fighter (inline false), or an inline fighter
// (inline true, where weapon, strength, dexterity and training are needed).
func fighterFields(path string, inline bool) []rules.Field {
	what := "overrides the fighter's "
	if inline {
		what = "the inline fighter's "
	}
	attr := func(name, meaning string, required bool) rules.Field {
		return rules.Field{Path: path + "." + name, Type: "integer", Allowed: fmt.Sprintf("an integer from 0 to %d", maxAttr),
			Required: inline && required, Meaning: what + meaning}
	}
	fs := []rules.Field{
		{Path: path + ".name", Type: "text", Meaning: what + "name, which outputs call the side by"},
		{Path: path + ".weapon", Type: "weapon id, or a mapping defining a weapon", Allowed: strings.Join(weaponIDs(), ", "), Required: inline, Names: rules.NamesOf([]string{"weapons"}),
			Meaning: what + "weapon (see the weapons catalogue), or one defined with the fields below"},
		{Path: path + ".weapon.name", Type: "text", Meaning: "the weapon's name"},
		{Path: path + ".weapon.categories", Type: "list of words", Allowed: strings.Join(categoryNames, ", "),
			Meaning: "the weapon's categories: melee and bludgeoning add strength/3 to combat points, edged and ranged dexterity/3"},
		{Path: path + ".weapon.damage", Type: "integer", Allowed: fmt.Sprintf("an integer from 0 to %d", maxAttr), Required: true, Meaning: "coins flipped for the Pain a hit deals"},
		{Path: path + ".weapon.lethality", Type: "integer", Allowed: fmt.Sprintf("an integer from 0 to %d", maxAttr), Required: true, Meaning: "coins flipped for the Crippling a hit deals"},
		{Path: path + ".weapon.incap", Type: "integer", Allowed: fmt.Sprintf("an integer from 0 to %d", maxAttr), Default: "0", Meaning: "coins flipped for the Incapacitation a hit deals"},
		{Path: path + ".weapon.weight", Type: "integer", Allowed: fmt.Sprintf("an integer from 0 to %d", maxAttr), Default: "0", Meaning: "taken off the initiative pool"},
		{Path: path + ".armor", Type: "armor id, or a mapping defining an armor", Allowed: strings.Join(armorIDs(), ", "), Default: "none", Names: rules.NamesOf([]string{"armors"}),
			Meaning: what + "armor (see the armors catalogue), or one defined with the fields below"},
		{Path: path + ".armor.name", Type: "text", Meaning: "the armor's name"},
		{Path: path + ".armor.armor_value", Type: "integer", Allowed: fmt.Sprintf("an integer from 0 to %d", maxAttr), Required: true, Meaning: "added to the Defense Ability"},
		{Path: path + ".armor.dexterity_penalty", Type: "integer", Allowed: fmt.Sprintf("an integer from 0 to %d", maxAttr), Default: "0",
			Meaning: "taken off the initiative pool (and off dexterity everywhere, with options.s3-armor-dex-penalty everywhere)"},
		attr("strength", "strength: with a melee or bludgeoning weapon, strength/3 adds to combat points", true),
		attr("dexterity", "dexterity: adds to Defense and initiative; with an edged or ranged weapon, dexterity/3 adds to combat points", true),
		attr("discipline", "discipline (no rule reads it)", false),
		attr("training", "training: adds to combat points and initiative", true),
		{Path: path + ".life_coins", Type: "integer", Allowed: fmt.Sprintf("an integer from 1 to %d", maxCoins), Default: "30",
			Meaning: what + "Life Coins at the start (0 is death)"},
		attr("crippling", "Crippling level carried into the fight", false),
		{Path: path + ".moves", Type: "mapping", Meaning: what + "moves, used with options.s9-moves openings"},
		{Path: path + ".moves.attack", Type: "list of attack moves", Meaning: "the attack moves the fighter may see each round"},
		{Path: path + ".moves.attack[].name", Type: "text", Required: true, Meaning: "the move's name, shown by replay"},
		{Path: path + ".moves.attack[].attack_mod", Type: "integer", Allowed: fmt.Sprintf("an integer from %d to %d", -maxMod, maxMod), Default: "0", Meaning: "added to the Attack pool"},
		{Path: path + ".moves.attack[].damage", Type: "integer", Allowed: fmt.Sprintf("an integer from 0 to %d", maxAttr), Default: "the weapon's", Meaning: "coins for the Pain the move deals"},
		{Path: path + ".moves.attack[].lethality", Type: "integer", Allowed: fmt.Sprintf("an integer from 0 to %d", maxAttr), Default: "the weapon's", Meaning: "coins for the Crippling the move deals"},
		{Path: path + ".moves.attack[].incap", Type: "integer", Allowed: fmt.Sprintf("an integer from 0 to %d", maxAttr), Default: "the weapon's", Meaning: "coins for the Incapacitation the move deals"},
		{Path: path + ".moves.defense", Type: "list of defense moves", Meaning: "the defense moves the fighter may see each round"},
		{Path: path + ".moves.defense[].name", Type: "text", Required: true, Meaning: "the move's name, shown by replay"},
		{Path: path + ".moves.defense[].defense_mod", Type: "integer", Allowed: fmt.Sprintf("an integer from %d to %d", -maxMod, maxMod), Default: "0", Meaning: "added to the Defense pool"},
	}
	return fs
}

// duelCounterTerms documents the counters of compileDuel's Spec and the
// lifespan's.
func duelCounterTerms() []rules.Term {
	var out []rules.Term
	for _, c := range []struct{ name, meaning string }{
		{"pain", "the fighter's Pain level at the end"},
		{"incap", "the fighter's Incapacitation level at the end"},
		{"crip", "the fighter's Crippling level at the end"},
		{"coins", "the fighter's Life Coins left"},
		{"coins-lost", "Life Coins the fighter lost in all (in a lifespan: the coins the life lost)"},
		{"coins-lost-check", "Life Coins the fighter lost to Life checks"},
		{"hits", "the fighter's strikes that hit"},
		{"init-wins", "initiative contests the fighter won"},
		{"bouts-won", "bouts the fighter won (with options.bouts above 1)"},
	} {
		out = append(out, rules.Term{Name: "a." + c.name, Meaning: c.meaning + " (side a)"}, rules.Term{Name: "b." + c.name, Meaning: c.meaning + " (side b)"})
	}
	return append(out,
		rules.Term{Name: "flipoffs", Meaning: "ties resolved by a Flip-Off in the fight"},
		rules.Term{Name: "coins-lost", Meaning: "lifespan only: the Life Coins the life lost"},
	)
}

func weaponCatalogue() rules.Catalogue {
	c := rules.Catalogue{Name: "weapons", Meaning: "Built-in weapons, named by id in a fighter's weapon field. A hit flips damage coins for Pain, lethality coins for Crippling, incap coins for Incapacitation; weight slows initiative.",
		Columns: []string{"id", "name", "categories", "damage", "lethality", "incap", "weight"}}
	for _, w := range builtinWeapons {
		var cats []string
		for bit, name := range categoryNames {
			if w.categories&(1<<bit) != 0 {
				cats = append(cats, name)
			}
		}
		c.Rows = append(c.Rows, []string{w.id, w.name, strings.Join(cats, ", "), strconv.Itoa(w.damage), strconv.Itoa(w.lethality), strconv.Itoa(w.incap), strconv.Itoa(w.weight)})
	}
	return c
}

func armorCatalogue() rules.Catalogue {
	c := rules.Catalogue{Name: "armors", Meaning: "Built-in armors, named by id in a fighter's armor field. The armor value adds to Defense; the dexterity penalty slows initiative.",
		Columns: []string{"id", "name", "armor value", "dexterity penalty"}}
	for _, a := range builtinArmors {
		c.Rows = append(c.Rows, []string{a.id, a.name, strconv.Itoa(a.value), strconv.Itoa(a.dexPenalty)})
	}
	return c
}

// fighterCatalogue lists the built-in fighters with the Attack, Defense
// and initiative pool they fight with under the default options, worked
// out by the functions the battle uses.
func fighterCatalogue() rules.Catalogue {
	c := rules.Catalogue{Name: "fighters", Meaning: "Built-in fighters, named by id in a side's fighter field: the author's sample characters, with no armor, 30 Life Coins and no Crippling. Attack, Defense and initiative are under the default options.",
		Columns: []string{"id", "name", "strength", "dexterity", "discipline", "training", "weapon", "attack", "defense", "initiative"}}
	none, _ := findArmor("none")
	for _, f := range builtinFighters {
		w, _ := findWeapon(f.weapon)
		att, def := abilities(f.str, f.dex, f.trn, w, none, defArmorCombatDex, false)
		init := initiativePool(initSkillAgility, f.dex, f.trn, att, w, none)
		c.Rows = append(c.Rows, []string{f.id, f.name, strconv.Itoa(f.str), strconv.Itoa(f.dex), strconv.Itoa(f.dis), strconv.Itoa(f.trn), f.weapon,
			strconv.Itoa(att), strconv.Itoa(def), strconv.Itoa(init)})
	}
	return c
}
