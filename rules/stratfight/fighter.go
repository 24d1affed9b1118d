package stratfight

import (
	"strings"

	"github.com/crucible-sim/crucible/rules/doc"
)

// fighterDef is a fighter before its abilities are derived.
type fighterDef struct {
	name               string
	str, dex, dis, trn int
	weapon             weapon
	armor              armor
	lifeCoins          int // S11: starting Life Coins (default 30, §2.8)
	crippling          int // S11: carried Crippling level (default 0)
	moves              *doc.Node
}

// combatant is a compiled fighter: immutable once built.
type combatant struct {
	fighterDef
	attack, defense, initPool int
	// Moves in force (§5 S9). Under generic, one attack with the weapon's
	// profile and one defense, modifiers 0.
	attacks      []attackMove
	attackScore  []int // attack_mod + lethality (S9 selection)
	defenses     []defenseMove
	defenseScore []int // defense_mod
	// Moves the scenario lists for this fighter.
	listedAttacks, listedDefenses int
}

type attackMove struct {
	name                          string
	mod, damage, lethality, incap int
}

type defenseMove struct {
	name string
	mod  int
}

// resolveFighter builds the fighter of one side: a built-in (§6) or an
// inline definition, then the side's overrides.
func resolveFighter(sd sideDoc, defaultName string) (fighterDef, error) {
	var def fighterDef
	fn := sd.Fighter
	switch fn.Kind {
	case doc.Scalar:
		s, ok := findFighter(fn.Value)
		if !ok {
			return def, fn.Errorf("unknown fighter %q (allowed: %s; or a mapping defining a fighter inline)%s", fn.Value, strings.Join(fighterIDs(), ", "), doc.DidYouMean(fn.Value, fighterIDs()))
		}
		w, _ := findWeapon(s.weapon)
		a, _ := findArmor("none")
		def = fighterDef{name: s.name, str: s.str, dex: s.dex, dis: s.dis, trn: s.trn, weapon: w, armor: a, lifeCoins: 30}
	case doc.Map:
		var in inlineDoc
		if err := doc.Decode(fn, &in); err != nil {
			return def, err
		}
		a, _ := findArmor("none")
		def = fighterDef{name: defaultName, armor: a, lifeCoins: 30}
		if err := applyFields(&def, fields(in)); err != nil {
			return def, err
		}
	default:
		return def, fn.Errorf("expected a fighter id (allowed: %s) or a mapping defining a fighter inline", strings.Join(fighterIDs(), ", "))
	}
	err := applyFields(&def, fields{sd.Name, sd.Weapon, sd.Armor, sd.Strength, sd.Dexterity, sd.Discipline, sd.Training, sd.LifeCoins, sd.Crippling, sd.Moves})
	return def, err
}

// inlineDoc is a fighter defined in the scenario.
type inlineDoc struct {
	Name       *doc.Node `doc:"name"`
	Weapon     *doc.Node `doc:"weapon,required"`
	Armor      *doc.Node `doc:"armor"`
	Strength   *doc.Node `doc:"strength,required"`
	Dexterity  *doc.Node `doc:"dexterity,required"`
	Discipline *doc.Node `doc:"discipline"`
	Training   *doc.Node `doc:"training,required"`
	LifeCoins  *doc.Node `doc:"life_coins"`
	Crippling  *doc.Node `doc:"crippling"`
	Moves      *doc.Node `doc:"moves"`
}

// fields is what both sideDoc and inlineDoc may set on a fighter.
type fields struct {
	Name, Weapon, Armor, Strength, Dexterity, Discipline, Training, LifeCoins, Crippling, Moves *doc.Node
}

// applyFields sets every given field on def (§6: a scenario may override any
// field). Attributes are integers from 0 to maxAttr.
func applyFields(def *fighterDef, f fields) error {
	var err error
	if doc.Present(f.Name) {
		if def.name, err = doc.Name(f.Name); err != nil {
			return err
		}
	}
	if doc.Present(f.Weapon) {
		if def.weapon, err = parseWeapon(f.Weapon); err != nil {
			return err
		}
	}
	if doc.Present(f.Armor) {
		if def.armor, err = parseArmor(f.Armor); err != nil {
			return err
		}
	}
	for _, x := range []struct {
		n   *doc.Node
		dst *int
		lo  int
		hi  int
	}{
		{f.Strength, &def.str, 0, maxAttr},
		{f.Dexterity, &def.dex, 0, maxAttr},
		{f.Discipline, &def.dis, 0, maxAttr},
		{f.Training, &def.trn, 0, maxAttr},
		{f.Crippling, &def.crippling, 0, maxAttr},
	} {
		if doc.Present(x.n) {
			if *x.dst, err = intIn(x.n, x.lo, x.hi); err != nil {
				return err
			}
		}
	}
	if doc.Present(f.LifeCoins) {
		// A fighter with 0 Life Coins is dead (§2.8), so it cannot start a duel.
		v, err := doc.Range{Min: 1, Max: maxCoins, Note: "0 Life Coins is death"}.Int(f.LifeCoins)
		if err != nil {
			return err
		}
		def.lifeCoins = int(v)
	}
	if doc.Present(f.Moves) {
		def.moves = f.Moves
	}
	return nil
}

// weaponDoc is a weapon defined in the scenario (§6).
type weaponDoc struct {
	Name       *doc.Node `doc:"name"`
	Categories *doc.Node `doc:"categories"`
	Damage     *doc.Node `doc:"damage,required"`
	Lethality  *doc.Node `doc:"lethality,required"`
	Incap      *doc.Node `doc:"incap"`
	Weight     *doc.Node `doc:"weight"`
}

// armorDoc is an armor defined in the scenario (§4).
type armorDoc struct {
	Name       *doc.Node `doc:"name"`
	Value      *doc.Node `doc:"armor_value,required"`
	DexPenalty *doc.Node `doc:"dexterity_penalty"`
}

// movesDoc lists a fighter's moves (§5 S9).
type movesDoc struct {
	Attack  *doc.Node `doc:"attack"`  // a list of attackMoveDoc
	Defense *doc.Node `doc:"defense"` // a list of defenseMoveDoc
}

// attackMoveDoc is one attack move (§5 S9).
type attackMoveDoc struct {
	Name      *doc.Node `doc:"name,required"`
	AttackMod *doc.Node `doc:"attack_mod"`
	Damage    *doc.Node `doc:"damage"`
	Lethality *doc.Node `doc:"lethality"`
	Incap     *doc.Node `doc:"incap"`
}

// defenseMoveDoc is one defense move (§5 S9).
type defenseMoveDoc struct {
	Name       *doc.Node `doc:"name,required"`
	DefenseMod *doc.Node `doc:"defense_mod"`
}

func parseWeapon(n *doc.Node) (weapon, error) {
	switch n.Kind {
	case doc.Scalar:
		w, ok := findWeapon(n.Value)
		if !ok {
			return w, n.Errorf("unknown weapon %q (allowed: %s; or a mapping with name, categories, damage, lethality, incap, weight)%s", n.Value, strings.Join(weaponIDs(), ", "), doc.DidYouMean(n.Value, weaponIDs()))
		}
		return w, nil
	case doc.Map:
		var wd weaponDoc
		if err := doc.Decode(n, &wd); err != nil {
			return weapon{}, err
		}
		w := weapon{id: "custom", name: "custom weapon"}
		var err error
		if doc.Present(wd.Name) {
			if w.name, err = doc.Name(wd.Name); err != nil {
				return w, err
			}
			w.id = w.name
		}
		if doc.Present(wd.Categories) {
			if wd.Categories.Kind != doc.Seq {
				return w, wd.Categories.Errorf("expected a list of categories (allowed: %s)", strings.Join(categoryNames, ", "))
			}
			for _, it := range wd.Categories.Items {
				c, err := doc.OneOf(it, categoryNames...)
				if err != nil {
					return w, err
				}
				for bit, name := range categoryNames {
					if name == c {
						if w.categories&(1<<bit) != 0 {
							return w, it.Errorf("category %q listed twice", c)
						}
						w.categories |= 1 << bit
					}
				}
			}
		}
		for _, x := range []struct {
			n   *doc.Node
			dst *int
		}{{wd.Damage, &w.damage}, {wd.Lethality, &w.lethality}, {wd.Incap, &w.incap}, {wd.Weight, &w.weight}} {
			if doc.Present(x.n) {
				if *x.dst, err = intIn(x.n, 0, maxAttr); err != nil {
					return w, err
				}
			}
		}
		return w, nil
	}
	return weapon{}, n.Errorf("expected a weapon id (allowed: %s) or a mapping", strings.Join(weaponIDs(), ", "))
}

func parseArmor(n *doc.Node) (armor, error) {
	switch n.Kind {
	case doc.Scalar:
		a, ok := findArmor(n.Value)
		if !ok {
			return a, n.Errorf("unknown armor %q (allowed: %s; or a mapping with name, armor_value, dexterity_penalty)%s", n.Value, strings.Join(armorIDs(), ", "), doc.DidYouMean(n.Value, armorIDs()))
		}
		return a, nil
	case doc.Map:
		var ad armorDoc
		if err := doc.Decode(n, &ad); err != nil {
			return armor{}, err
		}
		a := armor{id: "custom", name: "custom armor"}
		var err error
		if doc.Present(ad.Name) {
			if a.name, err = doc.Name(ad.Name); err != nil {
				return a, err
			}
			a.id = a.name
		}
		if a.value, err = intIn(ad.Value, 0, maxAttr); err != nil {
			return a, err
		}
		if doc.Present(ad.DexPenalty) {
			if a.dexPenalty, err = intIn(ad.DexPenalty, 0, maxAttr); err != nil {
				return a, err
			}
		}
		return a, nil
	}
	return armor{}, n.Errorf("expected an armor id (allowed: %s) or a mapping", strings.Join(armorIDs(), ", "))
}

// parseMoves reads `moves: {attack: [...], defense: [...]}` (§5 S9). A move
// that omits damage, lethality or incap uses the fighter's weapon value.
func parseMoves(n *doc.Node, w weapon) (att []attackMove, dfn []defenseMove, err error) {
	var md movesDoc
	if err := doc.Decode(n, &md); err != nil {
		return nil, nil, err
	}
	if doc.Present(md.Attack) {
		if att, err = parseAttacks(md.Attack, w); err != nil {
			return nil, nil, err
		}
	}
	if doc.Present(md.Defense) {
		if dfn, err = parseDefenses(md.Defense); err != nil {
			return nil, nil, err
		}
	}
	return att, dfn, nil
}

// parseAttacks reads a list of attack moves (§5 S9).
func parseAttacks(n *doc.Node, w weapon) (att []attackMove, err error) {
	if n.Kind != doc.Seq {
		return nil, n.Errorf("expected a list of attack moves {name, attack_mod, damage, lethality, incap}")
	}
	for _, it := range n.Items {
		if it.Kind != doc.Map { // a null item would skip the required check
			return nil, it.Errorf("expected an attack move {name, attack_mod, damage, lethality, incap}")
		}
		var ad attackMoveDoc
		if err := doc.Decode(it, &ad); err != nil {
			return nil, err
		}
		m := attackMove{damage: w.damage, lethality: w.lethality, incap: w.incap}
		if m.name, err = doc.Name(ad.Name); err != nil {
			return nil, err
		}
		if doc.Present(ad.AttackMod) {
			if m.mod, err = intIn(ad.AttackMod, -maxMod, maxMod); err != nil {
				return nil, err
			}
		}
		for _, x := range []struct {
			n   *doc.Node
			dst *int
		}{{ad.Damage, &m.damage}, {ad.Lethality, &m.lethality}, {ad.Incap, &m.incap}} {
			if doc.Present(x.n) {
				if *x.dst, err = intIn(x.n, 0, maxAttr); err != nil {
					return nil, err
				}
			}
		}
		att = append(att, m)
	}
	return att, nil
}

// parseDefenses reads a list of defense moves (§5 S9).
func parseDefenses(n *doc.Node) (dfn []defenseMove, err error) {
	if n.Kind != doc.Seq {
		return nil, n.Errorf("expected a list of defense moves {name, defense_mod}")
	}
	for _, it := range n.Items {
		if it.Kind != doc.Map {
			return nil, it.Errorf("expected a defense move {name, defense_mod}")
		}
		var dd defenseMoveDoc
		if err := doc.Decode(it, &dd); err != nil {
			return nil, err
		}
		var m defenseMove
		if m.name, err = doc.Name(dd.Name); err != nil {
			return nil, err
		}
		if doc.Present(dd.DefenseMod) {
			if m.mod, err = intIn(dd.DefenseMod, -maxMod, maxMod); err != nil {
				return nil, err
			}
		}
		dfn = append(dfn, m)
	}
	return dfn, nil
}

// buildCombatant derives a fighter's pools (§5 S1, S3; §6) and its moves in
// force (§5 S9).
func buildCombatant(def fighterDef, o *duelOpts) (combatant, error) {
	c := combatant{fighterDef: def}
	c.attack, c.defense = abilities(def.str, def.dex, def.trn, def.weapon, def.armor, o.defense, o.dexEverywhere)
	c.initPool = initiativePool(o.init, def.dex, def.trn, c.attack, def.weapon, def.armor)
	var att []attackMove
	var dfn []defenseMove
	if def.moves != nil {
		var err error
		if att, dfn, err = parseMoves(def.moves, def.weapon); err != nil {
			return c, err
		}
		c.listedAttacks, c.listedDefenses = len(att), len(dfn)
	}
	// §5 S9 generic: one attack and one defense per weapon, modifiers 0, the
	// weapon's profile. Under openings a fighter that lists no moves of a
	// kind keeps this generic move (crucible's reading).
	if !o.openings || len(att) == 0 {
		att = []attackMove{{name: def.weapon.name, damage: def.weapon.damage, lethality: def.weapon.lethality, incap: def.weapon.incap}}
	}
	if !o.openings || len(dfn) == 0 {
		dfn = []defenseMove{{name: "defend"}}
	}
	c.attacks, c.defenses = att, dfn
	c.attackScore = make([]int, len(att))
	for i, m := range att {
		c.attackScore[i] = m.mod + m.lethality
	}
	c.defenseScore = make([]int, len(dfn))
	for i, m := range dfn {
		c.defenseScore[i] = m.mod
	}
	return c, nil
}

// describe says what the fighter is, for reports: "Guard (broadsword,
// chainmail)".
func (c *combatant) describe() string {
	gear := c.weapon.name
	if c.armor.id != "none" {
		gear += ", " + c.armor.name
	}
	return c.name + " (" + gear + ")"
}
