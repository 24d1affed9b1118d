package stratfight

import (
	"fmt"
	"strings"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
)

// ID is the ruleset's name in scenario files.
const ID = "stratfight"

func init() { rules.Register(ruleset{}) }

type ruleset struct{}

func (ruleset) ID() string { return ID }

// Bounds crucible puts on numbers the rules document leaves open-ended, so
// that a pool never needs more than a few hundred random words.
const (
	maxAttr       = 1000 // attributes, weapon and armor numbers, Crippling
	maxMod        = 1000 // |attack_mod|, |defense_mod|
	maxCoins      = 1000 // a fighter's life_coins
	maxStartCoins = 63   // lifespan start_coins (§9: 1–63)
)

// Compile validates a stratfight scenario and returns its battle.
func (ruleset) Compile(n *doc.Node) (rules.Battle, error) {
	if n == nil || n.Kind == doc.Null {
		var pos doc.Pos
		if n != nil {
			pos = n.Pos
		}
		return nil, &doc.Error{Pos: pos, Msg: "a stratfight scenario needs sides a and b (kind: duel) or start_coins (kind: lifespan)"}
	}
	if n.Kind != doc.Map {
		return nil, n.Errorf("expected a mapping with the stratfight fields (kind, options, a, b or start_coins, stop_at_coins)")
	}
	kind := "duel"
	if k := n.Get("kind"); doc.Present(k) {
		var err error
		if kind, err = doc.OneOf(k, "duel", "lifespan"); err != nil {
			return nil, err
		}
	}
	if kind == "lifespan" {
		return compileLifespan(n)
	}
	return compileDuel(n)
}

// intIn reads a scalar integer in [lo, hi].
func intIn(n *doc.Node, lo, hi int) (int, error) {
	v, err := doc.Int(n, int64(lo), int64(hi))
	return int(v), err
}

// ---------------------------------------------------------------- duel

// duelOpts is the parsed form of the duel options (§11).
type duelOpts struct {
	underdog       bool // tie-rule underdog (§2.3 SF2)
	init           s1Initiative
	bothStrike     bool // S2
	defense        s3Defense
	dexEverywhere  bool // S3 armor dexterity penalty everywhere
	painOnly       bool // S4 pain-only
	marginToPain   bool // S5
	everyHit       bool // S6 every-hit
	checkAtStart   bool // S7 start-of-round
	threshold      int  // S7 life-check-threshold
	helpless       bool // S8
	roundCap       int64
	openings       bool // S9
	bouts          int  // S11
	concede        [2]concession
	concedeSetting [2]string
}

// sideDoc is a side of a duel: a fighter (built-in id or inline mapping),
// its concession rule and overrides of the fighter's fields (§6).
type sideDoc struct {
	Fighter    *doc.Node `doc:"fighter,required"`
	Concession *doc.Node `doc:"s10-concession"`
	Name       *doc.Node `doc:"name"`
	Weapon     *doc.Node `doc:"weapon"`
	Armor      *doc.Node `doc:"armor"`
	Strength   *doc.Node `doc:"strength"`
	Dexterity  *doc.Node `doc:"dexterity"`
	Discipline *doc.Node `doc:"discipline"`
	Training   *doc.Node `doc:"training"`
	LifeCoins  *doc.Node `doc:"life_coins"`
	Crippling  *doc.Node `doc:"crippling"`
	Moves      *doc.Node `doc:"moves"`
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

type attackMove struct {
	name                          string
	mod, damage, lethality, incap int
}

type defenseMove struct {
	name string
	mod  int
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

func compileDuel(n *doc.Node) (*duelBattle, error) {
	var d struct {
		Kind    *doc.Node `doc:"kind"`
		Options *doc.Node `doc:"options"`
		A       *doc.Node `doc:"a,required"`
		B       *doc.Node `doc:"b,required"`
	}
	if err := doc.Decode(n, &d); err != nil {
		return nil, err
	}
	settings, err := duelOptions.Resolve(d.Options)
	if err != nil {
		return nil, err
	}
	o := duelOpts{
		underdog:      settings.Get(optTieRule) == "underdog",
		bothStrike:    settings.Get(optS2) == "both-strike",
		dexEverywhere: settings.Get(optS3DexPen) == "everywhere",
		painOnly:      settings.Get(optS4) == "pain-only",
		marginToPain:  settings.Get(optS5Margin) == "true",
		everyHit:      settings.Get(optS6) == "every-hit",
		checkAtStart:  settings.Get(optS7) == "start-of-round",
		threshold:     settings.Int(optThreshold),
		helpless:      settings.Get(optS8) == "on",
		roundCap:      int64(settings.Int(optRoundCap)),
		openings:      settings.Get(optS9) == "openings",
		bouts:         settings.Int(optBouts),
	}
	if settings.Get(optS3Defense) == "armor-combat" {
		o.defense = defArmorCombat
	}
	switch settings.Get(optS1) {
	case "attack-pool":
		o.init = initAttackPool
	case "coin":
		o.init = initCoin
	default:
		o.init = initSkillAgility
	}
	b := &duelBattle{opts: o}
	var notes []string
	for i, sn := range []*doc.Node{d.A, d.B} {
		label := "ab"[i : i+1]
		if sn.Kind != doc.Map {
			return nil, sn.Errorf("expected a mapping such as {fighter: thug} (fighters: %s)", strings.Join(fighterIDs(), ", "))
		}
		var sd sideDoc
		if err := doc.Decode(sn, &sd); err != nil {
			return nil, err
		}
		v, err := sideOptions.Check(optS10, sd.Concession)
		if err != nil {
			return nil, err
		}
		b.opts.concede[i], _ = parseConcession(v)
		b.opts.concedeSetting[i] = b.opts.concede[i].String()
		def, err := resolveFighter(sd, "Fighter "+strings.ToUpper(label))
		if err != nil {
			return nil, err
		}
		c, err := buildCombatant(def, &b.opts)
		if err != nil {
			return nil, err
		}
		b.side[i] = c
		switch {
		case !o.openings && c.listedAttacks+c.listedDefenses > 0:
			notes = append(notes, label+": moves are listed but s9-moves is generic, so they are not used")
		case o.openings && c.listedAttacks == 0 && c.listedDefenses == 0:
			notes = append(notes, label+": no moves listed; under s9-moves openings it uses its weapon's generic attack and a defense with modifier 0")
		case o.openings && c.listedAttacks == 0:
			notes = append(notes, label+": no attack moves listed; under s9-moves openings it uses its weapon's generic attack")
		case o.openings && c.listedDefenses == 0:
			notes = append(notes, label+": no defense moves listed; under s9-moves openings it uses a defense with modifier 0")
		}
	}
	b.spec = duelSpec(settings, &b.opts, notes, &b.ctr)
	return b, nil
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
			return def, fn.Errorf("unknown fighter %q (allowed: %s; or a mapping defining a fighter inline)", fn.Value, strings.Join(fighterIDs(), ", "))
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

// applyFields sets every given field on def (§6: a scenario may override any
// field). Attributes are integers from 0 to maxAttr.
func applyFields(def *fighterDef, f fields) error {
	var err error
	if doc.Present(f.Name) {
		if def.name, err = doc.Text(f.Name); err != nil {
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

func parseWeapon(n *doc.Node) (weapon, error) {
	switch n.Kind {
	case doc.Scalar:
		w, ok := findWeapon(n.Value)
		if !ok {
			return w, n.Errorf("unknown weapon %q (allowed: %s; or a mapping with name, categories, damage, lethality, incap, weight)", n.Value, strings.Join(weaponIDs(), ", "))
		}
		return w, nil
	case doc.Map:
		var wd struct {
			Name       *doc.Node `doc:"name"`
			Categories *doc.Node `doc:"categories"`
			Damage     *doc.Node `doc:"damage,required"`
			Lethality  *doc.Node `doc:"lethality,required"`
			Incap      *doc.Node `doc:"incap"`
			Weight     *doc.Node `doc:"weight"`
		}
		if err := doc.Decode(n, &wd); err != nil {
			return weapon{}, err
		}
		w := weapon{id: "custom", name: "custom weapon"}
		var err error
		if doc.Present(wd.Name) {
			if w.name, err = doc.Text(wd.Name); err != nil {
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
			return a, n.Errorf("unknown armor %q (allowed: %s; or a mapping with name, armor_value, dexterity_penalty)", n.Value, strings.Join(armorIDs(), ", "))
		}
		return a, nil
	case doc.Map:
		var ad struct {
			Name       *doc.Node `doc:"name"`
			Value      *doc.Node `doc:"armor_value,required"`
			DexPenalty *doc.Node `doc:"dexterity_penalty"`
		}
		if err := doc.Decode(n, &ad); err != nil {
			return armor{}, err
		}
		a := armor{id: "custom", name: "custom armor"}
		var err error
		if doc.Present(ad.Name) {
			if a.name, err = doc.Text(ad.Name); err != nil {
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
	var md struct {
		Attack  *doc.Node `doc:"attack"`
		Defense *doc.Node `doc:"defense"`
	}
	if err := doc.Decode(n, &md); err != nil {
		return nil, nil, err
	}
	if doc.Present(md.Attack) {
		if md.Attack.Kind != doc.Seq {
			return nil, nil, md.Attack.Errorf("expected a list of attack moves {name, attack_mod, damage, lethality, incap}")
		}
		for _, it := range md.Attack.Items {
			if it.Kind != doc.Map { // a null item would skip the required check
				return nil, nil, it.Errorf("expected an attack move {name, attack_mod, damage, lethality, incap}")
			}
			var ad struct {
				Name      *doc.Node `doc:"name,required"`
				AttackMod *doc.Node `doc:"attack_mod"`
				Damage    *doc.Node `doc:"damage"`
				Lethality *doc.Node `doc:"lethality"`
				Incap     *doc.Node `doc:"incap"`
			}
			if err := doc.Decode(it, &ad); err != nil {
				return nil, nil, err
			}
			m := attackMove{damage: w.damage, lethality: w.lethality, incap: w.incap}
			if m.name, err = doc.Text(ad.Name); err != nil {
				return nil, nil, err
			}
			if doc.Present(ad.AttackMod) {
				if m.mod, err = intIn(ad.AttackMod, -maxMod, maxMod); err != nil {
					return nil, nil, err
				}
			}
			for _, x := range []struct {
				n   *doc.Node
				dst *int
			}{{ad.Damage, &m.damage}, {ad.Lethality, &m.lethality}, {ad.Incap, &m.incap}} {
				if doc.Present(x.n) {
					if *x.dst, err = intIn(x.n, 0, maxAttr); err != nil {
						return nil, nil, err
					}
				}
			}
			att = append(att, m)
		}
	}
	if doc.Present(md.Defense) {
		if md.Defense.Kind != doc.Seq {
			return nil, nil, md.Defense.Errorf("expected a list of defense moves {name, defense_mod}")
		}
		for _, it := range md.Defense.Items {
			if it.Kind != doc.Map {
				return nil, nil, it.Errorf("expected a defense move {name, defense_mod}")
			}
			var dd struct {
				Name       *doc.Node `doc:"name,required"`
				DefenseMod *doc.Node `doc:"defense_mod"`
			}
			if err := doc.Decode(it, &dd); err != nil {
				return nil, nil, err
			}
			var m defenseMove
			if m.name, err = doc.Text(dd.Name); err != nil {
				return nil, nil, err
			}
			if doc.Present(dd.DefenseMod) {
				if m.mod, err = intIn(dd.DefenseMod, -maxMod, maxMod); err != nil {
					return nil, nil, err
				}
			}
			dfn = append(dfn, m)
		}
	}
	return att, dfn, nil
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

// duelSpec lists every option in force (§11), the end reasons and the
// counters (§8).
func duelSpec(settings rules.Settings, o *duelOpts, notes []string, k *duelCounters) rules.Spec {
	var opts []rules.Setting
	for _, s := range settings {
		opts = append(opts, s)
		if s.Name == optS9 {
			opts = append(opts,
				rules.Setting{Name: "a." + optS10, Value: o.concedeSetting[0]},
				rules.Setting{Name: "b." + optS10, Value: o.concedeSetting[1]})
		}
	}
	var cs rules.Counters
	k.pain = cs.Sides("pain", "Pain level at the end (§2.4)")
	k.incap = cs.Sides("incap", "Incapacitation level at the end (§2.4)")
	k.crip = cs.Sides("crip", "Crippling level at the end (§2.4)")
	k.coins = cs.Sides("coins", "Life Coins left (§2.8)")
	k.coinsLost = cs.Sides("coins-lost", "Life Coins lost in all (§2.8)")
	k.coinsLostCheck = cs.Sides("coins-lost-check", "Life Coins lost to Life checks (§2.9)")
	k.hits = cs.Sides("hits", "strikes that hit (§7)")
	k.initWins = cs.Sides("init-wins", "initiative contests won (§7)")
	k.flipoffs = cs.Add("flipoffs", "ties resolved by a Flip-Off (§2.3)")
	if o.bouts > 1 {
		k.boutsWon = cs.Sides("bouts-won", "bouts won (§5 S11)")
	}
	return rules.Spec{
		Ends:       []string{"death", "helpless", "concession", "round-cap"},
		Counters:   cs.List(),
		Options:    opts,
		RoundsUnit: "rounds",
		Notes:      notes,
	}
}

// ---------------------------------------------------------------- lifespan

func compileLifespan(n *doc.Node) (*lifespanBattle, error) {
	var d struct {
		Kind        *doc.Node `doc:"kind"`
		Options     *doc.Node `doc:"options"`
		StartCoins  *doc.Node `doc:"start_coins,required"`
		StopAtCoins *doc.Node `doc:"stop_at_coins"`
	}
	if err := doc.Decode(n, &d); err != nil {
		return nil, err
	}
	settings, err := lifespanOptions.Resolve(d.Options)
	if err != nil {
		return nil, err
	}
	start, err := intIn(d.StartCoins, 1, maxStartCoins) // §9: start_coins 1–63
	if err != nil {
		return nil, err
	}
	stop := 0 // §9: default 0 = until death
	if doc.Present(d.StopAtCoins) {
		v, err := doc.Range{Min: 0, Max: int64(start) - 1, Note: fmt.Sprintf("below start_coins %d", start)}.Int(d.StopAtCoins)
		if err != nil {
			return nil, err
		}
		stop = int(v)
	}
	b := newLifespan(start, stop, settings.Get(optOldAge) == "on")
	var notes []string
	if b.start >= 33 {
		// Mean lifetime is about 2^(start+1) seconds; int64 sums hold 2^63.
		notes = append(notes, fmt.Sprintf("start_coins %d: a mean life is about 2^%d seconds, so int64 sums of seconds hold only about 2^%d trials; a single life is capped at 2^63−1 seconds",
			b.start, b.start+1, max(0, 62-(b.start+1))))
	}
	b.spec = rules.Spec{
		Ends:       []string{"death", "stopped"},
		Counters:   []rules.Counter{{Name: "coins-lost", Doc: "Life Coins lost (§9)"}},
		Options:    []rules.Setting(settings),
		RoundsUnit: "seconds",
		Notes:      notes,
	}
	return b, nil
}
