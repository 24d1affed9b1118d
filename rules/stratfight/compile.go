package stratfight

import (
	"strings"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
)

// Bounds crucible puts on numbers the rules document leaves open-ended, so
// that a pool never needs more than a few hundred random words.
const (
	maxAttr       = 1000 // attributes, weapon and armor numbers, Crippling
	maxMod        = 1000 // |attack_mod|, |defense_mod|
	maxCoins      = 1000 // a fighter's life_coins
	maxStartCoins = 63   // lifespan start_coins (§9: 1–63)
)

// compileDuel validates a duel (§5, §6, §11) into its immutable battle.
func compileDuel(n *doc.Node) (*duelBattle, error) {
	var d duelDoc
	if err := doc.Decode(n, &d); err != nil {
		return nil, err
	}
	settings, err := duelOptions.Resolve(d.Options)
	if err != nil {
		return nil, err
	}
	b := &duelBattle{opts: parseDuelOpts(settings)}
	var notes []string
	for i, sn := range []*doc.Node{d.A, d.B} {
		if err := b.compileSide(i, sn); err != nil {
			return nil, err
		}
		if note := movesNote(&b.side[i], b.opts.openings); note != "" {
			notes = append(notes, "ab"[i:i+1]+": "+note)
		}
	}
	b.spec = duelSpec(settings, &b.opts, notes, &b.ctr)
	for i := range b.side {
		b.spec.Sides[i] = b.side[i].describe()
		b.spec.Labels[i] = b.side[i].name
	}
	return b, nil
}

// compileSide reads side i (0 = a): its concession rule (§5 S10) and its
// fighter. The duel options must be parsed already: they shape the pools.
func (b *duelBattle) compileSide(i int, sn *doc.Node) error {
	label := "ab"[i : i+1]
	if sn.Kind != doc.Map {
		return sn.Errorf("expected a mapping such as {fighter: thug} (fighters: %s)", strings.Join(fighterIDs(), ", "))
	}
	var sd sideDoc
	if err := doc.Decode(sn, &sd); err != nil {
		return err
	}
	v, err := sideOptions.Check(optS10, sd.Concession)
	if err != nil {
		return err
	}
	b.opts.concede[i], _ = parseConcession(v)
	b.opts.concedeSetting[i] = b.opts.concede[i].String()
	def, err := resolveFighter(sd, "Fighter "+strings.ToUpper(label))
	if err != nil {
		return err
	}
	c, err := buildCombatant(def, &b.opts)
	if err != nil {
		return err
	}
	b.side[i] = c
	return nil
}

// movesNote tells, when the moves a fighter lists and s9-moves disagree,
// which moves it fights with (§5 S9), or returns "".
func movesNote(c *combatant, openings bool) string {
	switch {
	case !openings && c.listedAttacks+c.listedDefenses > 0:
		return "moves are listed but s9-moves is generic, so they are not used"
	case openings && c.listedAttacks == 0 && c.listedDefenses == 0:
		return "no moves listed; under s9-moves openings it uses its weapon's generic attack and a defense with modifier 0"
	case openings && c.listedAttacks == 0:
		return "no attack moves listed; under s9-moves openings it uses its weapon's generic attack"
	case openings && c.listedDefenses == 0:
		return "no defense moves listed; under s9-moves openings it uses a defense with modifier 0"
	}
	return ""
}

// duelDoc is a duel scenario (§5, §6, §11).
type duelDoc struct {
	Kind    *doc.Node `doc:"kind"`
	Options *doc.Node `doc:"options"`
	A       *doc.Node `doc:"a,required"`
	B       *doc.Node `doc:"b,required"`
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

// intIn reads a scalar integer in [lo, hi].
func intIn(n *doc.Node, lo, hi int) (int, error) {
	v, err := doc.Int(n, int64(lo), int64(hi))
	return int(v), err
}
