package stratfight

// The author's sample data (rules §4) as crucible's built-in tables (§6).

// Weapon categories (SF4). Only melee, bludgeoning, edged and ranged add to
// combat points (§4 "SF4 formulas"); piercing is kept for completeness.
const (
	catMelee uint8 = 1 << iota
	catRanged
	catBludgeoning
	catEdged
	catPiercing
)

// categoryNames lists the category words in bit order.
var categoryNames = []string{"melee", "ranged", "bludgeoning", "edged", "piercing"}

// weapon is a built-in or inline weapon (§6 table).
type weapon struct {
	id, name   string
	categories uint8
	// damage feeds Pain, lethality feeds Crippling, incap feeds
	// Incapacitation (§5 S5); weight lowers initiative (§5 S1).
	damage, lethality, incap, weight int
}

// armor is a built-in or inline armor (§4, SF5).
type armor struct {
	id, name   string
	value      int // armor_value, added to Defense (§5 S3)
	dexPenalty int // dexterity_penalty, lowers initiative (§5 S1) and optionally dexterity (S3)
}

// §6: weapon table. Categories from SF4 where the SF5 weapon matches an SF4
// one (Sword → broadsword/rapier, Fists → fisticuffs, Bow → longbow, Claws →
// claws); battleaxe is melee, edged by crucible's assignment (§6).
var builtinWeapons = []weapon{
	{id: "fisticuffs", name: "Fisticuffs", categories: catMelee | catBludgeoning, damage: 4, lethality: 1, incap: 0, weight: 0},
	{id: "broadsword", name: "Broadsword", categories: catMelee | catEdged | catPiercing, damage: 8, lethality: 4, incap: 0, weight: 2},
	{id: "rapier", name: "Rapier", categories: catMelee | catEdged | catPiercing, damage: 6, lethality: 3, incap: 0, weight: 1},
	{id: "battleaxe", name: "Battleaxe", categories: catMelee | catEdged, damage: 12, lethality: 6, incap: 0, weight: 3},
	{id: "longbow", name: "Longbow", categories: catRanged | catPiercing, damage: 4, lethality: 2, incap: 0, weight: 1},
	{id: "claws", name: "Claws", categories: catMelee | catEdged | catPiercing, damage: 3, lethality: 10, incap: 0, weight: 0},
}

// §4 (SF5): armor_value / dexterity_penalty.
var builtinArmors = []armor{
	{id: "none", name: "None", value: 0, dexPenalty: 0},
	{id: "leather", name: "Leather", value: 3, dexPenalty: 1},
	{id: "chainmail", name: "Chainmail", value: 4, dexPenalty: 2},
	{id: "plate", name: "Plate", value: 8, dexPenalty: 4},
}

// sample is a built-in fighter: the author's characters (§4 SF4, SF5) with
// the weapon mapping of §6, no armor, 30 Life Coins and no carried Crippling.
type sample struct {
	id, name           string
	str, dex, dis, trn int
	weapon             string
}

// §6: built-in fighters. Arya Stark (SF5) gives no discipline; crucible uses
// 0, which no rule reads (§4: "The discipline attribute is not used by any
// crucible rule").
var builtinFighters = []sample{
	{id: "thug", name: "Thug", str: 7, dex: 2, dis: 2, trn: 2, weapon: "fisticuffs"},
	{id: "guard", name: "Guard", str: 4, dex: 2, dis: 3, trn: 3, weapon: "broadsword"},
	{id: "jorah", name: "Jorah Mormont", str: 3, dex: 2, dis: 6, trn: 6, weapon: "broadsword"},
	{id: "arya", name: "Arya Stark", str: 1, dex: 5, dis: 6, trn: 6, weapon: "broadsword"},
	{id: "mountain", name: `Gregor "The Mountain" Clegane`, str: 9, dex: 3, dis: 4, trn: 4, weapon: "broadsword"},
	{id: "samwell", name: "Samwell Tarley", str: 2, dex: 3, dis: 4, trn: 3, weapon: "broadsword"},
	{id: "cat", name: "Cat", str: 0, dex: 9, dis: 1, trn: 5, weapon: "claws"},
	{id: "arya_vue", name: "Arya Stark (SF5)", str: 1, dex: 6, dis: 0, trn: 6, weapon: "broadsword"},
}

func findWeapon(id string) (weapon, bool) {
	for _, w := range builtinWeapons {
		if w.id == id {
			return w, true
		}
	}
	return weapon{}, false
}

func findArmor(id string) (armor, bool) {
	for _, a := range builtinArmors {
		if a.id == id {
			return a, true
		}
	}
	return armor{}, false
}

func findFighter(id string) (sample, bool) {
	for _, f := range builtinFighters {
		if f.id == id {
			return f, true
		}
	}
	return sample{}, false
}

func weaponIDs() []string {
	ids := make([]string, len(builtinWeapons))
	for i, w := range builtinWeapons {
		ids[i] = w.id
	}
	return ids
}

func armorIDs() []string {
	ids := make([]string, len(builtinArmors))
	for i, a := range builtinArmors {
		ids[i] = a.id
	}
	return ids
}

func fighterIDs() []string {
	ids := make([]string, len(builtinFighters))
	for i, f := range builtinFighters {
		ids[i] = f.id
	}
	return ids
}

// count returns how many of the given category bits w has.
func (w weapon) count(mask uint8) int {
	n := 0
	for m := w.categories & mask; m != 0; m &= m - 1 {
		n++
	}
	return n
}

// combatPoints3 returns three times the SF4 combat points, exactly (§6):
// cp3 = 3·training + STR·(#melee + #bludgeoning) + DEX·(#edged + #ranged).
// The SF4 combat-point penalty is 0 for every character (§4).
func combatPoints3(str, dex, trn int, w weapon) int {
	return 3*trn + str*w.count(catMelee|catBludgeoning) + dex*w.count(catEdged|catRanged)
}

// abilities derives Attack and Defense (§5 S3, §6).
//
//	Attack  = floor(cp3/3)
//	Defense = floor((cp3 + 3·(armor_value + dexterity))/3)   (armor-combat-dex)
//	Defense = floor((cp3 + 3·armor_value)/3)                 (armor-combat)
//
// With s3-armor-dex-penalty everywhere, dexterity in both is lowered by the
// armor's dexterity_penalty, floored at 0 (crucible's reading: attributes are
// never negative).
func abilities(str, dex, trn int, w weapon, a armor, defense s3Defense, dexEverywhere bool) (attack, def int) {
	if dexEverywhere {
		dex = max(0, dex-a.dexPenalty)
	}
	cp3 := combatPoints3(str, dex, trn, w)
	attack = cp3 / 3
	switch defense {
	case defArmorCombatDex:
		def = (cp3 + 3*(a.value+dex)) / 3
	default:
		def = (cp3 + 3*a.value) / 3
	}
	return attack, def
}

// initiativePool derives the initiative pool (§5 S1).
//
//	skill-agility: training + dexterity − armor dexterity_penalty − weapon weight, floored at 0
//	attack-pool:   Attack Ability
//	coin:          1
func initiativePool(mode s1Initiative, dex, trn, attack int, w weapon, a armor) int {
	switch mode {
	case initAttackPool:
		return attack
	case initCoin:
		return 1
	}
	return max(0, trn+dex-a.dexPenalty-w.weight)
}
