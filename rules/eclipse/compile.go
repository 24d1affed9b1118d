package eclipse

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
)

// Limits of the data model. The game's own limits (§5) are errors too; these
// bound what a custom part or blueprint may declare so that every battle fits
// the fixed-size state (MaxShips, MaxTypes) and the HP and dice stay sane.
const (
	maxPartDice    = 8  // dice of one colour on one custom part
	maxPartStat    = 8  // computer or shield of one custom part
	maxPartHull    = 20 // hull of one custom part
	maxInitiative  = 20 // initiative of a part, a bonus or an NPC tile
	maxPartEnergy  = 30 // |energy| of one custom part
	maxSlots       = 12 // slots of a custom player blueprint
	maxPrinted     = 30 // printed energy of a custom player blueprint
	maxPrintedHull = 20 // printed hull of a custom player blueprint
	maxTileDice    = 16 // dice of one colour on a custom NPC tile
	maxTileHull    = 40 // hull of a custom NPC tile
	// MaxHP bounds a ship's hit points (hull + 1).
	MaxHP = 64
	// MaxDicePerShip bounds the cannon dice (and separately the missile
	// dice) of one ship.
	MaxDicePerShip = 32
	// RoundCap is the Monte Carlo safety stop (§3.8 `round-cap`).
	RoundCap = 10000
)

// End reasons, in Spec order (§3.8).
const (
	EndDestroyed = iota
	EndRetreated
	EndStalemate
	EndMutual
	EndRoundCap
)

// EndNames are the end reasons of §3.8 in Spec order.
var EndNames = []string{"destroyed", "retreated", "stalemate", "mutual-destruction", "round-cap"}

// RetreatKind is the side option `retreat` (§3.6 rule 4, §13.12).
type RetreatKind uint8

const (
	RetreatNever RetreatKind = iota
	RetreatAfterRound
	RetreatWhenLosing
)

// Retreat is a side's retreat option.
type Retreat struct {
	Kind RetreatKind
	N    int // for RetreatAfterRound: declare from round N+1 on
}

func (r Retreat) String() string {
	switch r.Kind {
	case RetreatAfterRound:
		return "after-round-" + strconv.Itoa(r.N)
	case RetreatWhenLosing:
		return "when-losing"
	}
	return "never"
}

// Type is one ship type of a compiled battle: all ships of one blueprint on
// one side, with the derived stats of §2.
type Type struct {
	Name      string
	Side      int // 0 = attacker (side A), 1 = defender (side B)
	Local     int // index within its side, in scenario order
	Base      Base
	Rank      int8 // size rank, §4.5
	Weight    int  // reputation weight, §3.9
	Count     int  // ships at the start
	HP        int  // hull + 1, §2
	Init      int
	Computer  int
	Shield    int
	Cannon    Dice // per ship
	Missile   Dice // per ship
	cannonSeq []Colour
	missSeq   []Colour
	colours   []Colour // colours of its cannon or missile dice
	// cannonDamage is the damage of one ship's cannon dice if all hit,
	// Σ dice × damage by colour (strength6 reads it every activation).
	cannonDamage int64
}

// CannonDice returns the colours of one ship's cannon dice in part order.
func (t *Type) CannonDice() []Colour { return t.cannonSeq }

// MissileDice returns the colours of one ship's missile dice in part order.
func (t *Type) MissileDice() []Colour { return t.missSeq }

// SideConf is the configuration of one side.
type SideConf struct {
	NPC      bool
	Policy   Policy
	Priority []string // enemy type names, policy priority only
	prio     [MaxPerSide]int8
	Retreat  Retreat
	Splitter bool
	First, N int // its types are Types[First : First+N]
}

// Compiled is a validated Eclipse battle: it implements rules.Battle, and
// the exact solver reads it. It is immutable after Compile.
type Compiled struct {
	Types []Type
	Sides [2]SideConf
	// Order is the engagement activation order (§3.1) as type indices;
	// MissileOrder the types with missile dice, in the same order (§3.2).
	Order, MissileOrder []int
	// StalemateDraw is option `stalemate: draw`; else the defender wins.
	StalemateDraw bool
	// RetreatRounds is the round from which every retreat option is
	// constant in the round number (1 without retreat options).
	RetreatRounds int

	hit [MaxTypes][7]uint8 // per firing type and face: enemy local types hit
	// plans is the class layout of every volley (§8.2), per firing type
	// and set of enemy local types in the battle: built once here so that
	// a volley only counts its dice into classes.
	plans    [MaxTypes][1 << MaxPerSide]volleyPlan
	maxUnits int
	spec     rules.Spec
	counters counterIndex
}

type counterIndex struct {
	survivors [MaxTypes]int
	retreated [MaxTypes]int // -1 when the side cannot retreat
	rep       [2]int        // -1 for NPC sides
}

// Spec implements rules.Battle.
func (c *Compiled) Spec() rules.Spec { return c.spec }

// NewFighter implements rules.Battle.
func (c *Compiled) NewFighter() rules.Fighter { return newFighter(c) }

// globalOptions are the scenario-wide options of §13.13 (stalemate) and
// §13.14 (same-side-ties); sideOptions the per-side ones of §13.10-15.
var globalOptions = rules.OptionSet{
	{Name: "stalemate", Default: "defender", Words: []string{"defender", "draw"}},
	{Name: "same-side-ties", Default: "size", Words: []string{"size", "listed"}},
}

var sideOptions = rules.OptionSet{
	{Name: "policy", Default: "kill-greedy", Words: policyNames[:]},
	{Name: "retreat", Default: "never", Check: checkRetreat, Allowed: "never, when-losing, after-round-N (N an integer from 0 to 10000)"},
	{Name: "antimatter-splitter", Default: "false", Words: []string{"true", "false"}},
	{Name: "kind", Default: "player", Words: []string{"player", "npc"}},
}

func parseRetreat(v string) (Retreat, bool) {
	switch v {
	case "never":
		return Retreat{}, true
	case "when-losing":
		return Retreat{Kind: RetreatWhenLosing}, true
	}
	s, ok := strings.CutPrefix(v, "after-round-")
	if !ok || s == "" || len(s) > 5 {
		return Retreat{}, false
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > RoundCap || strconv.Itoa(n) != s {
		return Retreat{}, false
	}
	return Retreat{Kind: RetreatAfterRound, N: n}, true
}

func checkRetreat(v string) error {
	if _, ok := parseRetreat(v); !ok {
		return fmt.Errorf("%q is not allowed", v)
	}
	return nil
}

type scenarioDoc struct {
	Options    *doc.Node `doc:"options"`
	Parts      *doc.Node `doc:"parts"`
	Blueprints *doc.Node `doc:"blueprints"`
	Attacker   *doc.Node `doc:"attacker,required"`
	Defender   *doc.Node `doc:"defender,required"`
}

type diceDoc struct {
	Yellow int `doc:"yellow"`
	Orange int `doc:"orange"`
	Blue   int `doc:"blue"`
	Red    int `doc:"red"`
}

type partDoc struct {
	Name       string   `doc:"name,required"`
	Cannon     *diceDoc `doc:"cannon"`
	Missile    *diceDoc `doc:"missile"`
	Computer   int      `doc:"computer"`
	Shield     int      `doc:"shield"`
	Hull       int      `doc:"hull"`
	Initiative int      `doc:"initiative"`
	Energy     int      `doc:"energy"`
	Drive      bool     `doc:"drive"`
	Slot       *bool    `doc:"slot"`
}

type blueprintDoc struct {
	Name       string    `doc:"name,required"`
	Base       *doc.Node `doc:"base,required"`
	Slots      *int      `doc:"slots"`
	Initiative *int      `doc:"initiative"`
	Energy     *int      `doc:"energy"`
	Computer   *int      `doc:"computer"`
	Hull       *int      `doc:"hull"`
	Parts      *doc.Node `doc:"parts"`
	Cannons    *diceDoc  `doc:"cannons"`
	Missiles   *diceDoc  `doc:"missiles"`
	Shield     *int      `doc:"shield"`
}

type sideDoc struct {
	Kind     *doc.Node `doc:"kind"`
	Ships    *doc.Node `doc:"ships,required"`
	Policy   *doc.Node `doc:"policy"`
	Priority *doc.Node `doc:"priority"`
	Retreat  *doc.Node `doc:"retreat"`
	Splitter *doc.Node `doc:"antimatter-splitter"`
}

// catalog is the parts and blueprints a scenario may use: the built-in ones
// and its own.
type catalog struct {
	parts      []Part
	blueprints []Blueprint
	bpNode     []*doc.Node // definition node of each custom blueprint (nil for built-ins)
}

func (k *catalog) part(name string) (Part, bool) {
	for _, p := range k.parts {
		if p.Name == name {
			return p, true
		}
	}
	return Part{}, false
}

func (k *catalog) partNames() string {
	names := make([]string, len(k.parts))
	for i, p := range k.parts {
		names[i] = p.Name
	}
	return strings.Join(names, ", ")
}

func (k *catalog) blueprint(name string) (int, bool) {
	for i, bp := range k.blueprints {
		if bp.Name == name {
			return i, true
		}
	}
	return -1, false
}

func (k *catalog) blueprintNames() string {
	names := make([]string, len(k.blueprints))
	for i, bp := range k.blueprints {
		names[i] = bp.Name
	}
	return strings.Join(names, ", ")
}

// Compile validates a scenario for the Monte Carlo engine: `optimal` is an
// error there (§5 rule 6).
func Compile(n *doc.Node) (*Compiled, error) { return compile(n, false) }

// CompileExact validates a scenario for the exact solver, which also
// accepts `policy: optimal` (§6). It reads the same document as Compile.
func CompileExact(n *doc.Node) (*Compiled, error) { return compile(n, true) }

func compile(n *doc.Node, exact bool) (*Compiled, error) {
	if n == nil {
		n = &doc.Node{Kind: doc.Null}
	}
	if n.Kind != doc.Map {
		return nil, n.Errorf("expected a mapping with attacker and defender (fields: options, parts, blueprints, attacker, defender)")
	}
	var sd scenarioDoc
	if err := doc.Decode(n, &sd); err != nil {
		return nil, err
	}
	settings, err := globalOptions.Resolve(sd.Options)
	if err != nil {
		return nil, err
	}
	k := &catalog{parts: Parts(), blueprints: Blueprints(), bpNode: make([]*doc.Node, len(builtinBlueprints))}
	if err := k.addParts(sd.Parts); err != nil {
		return nil, err
	}
	if err := k.addBlueprints(sd.Blueprints); err != nil {
		return nil, err
	}
	c := &Compiled{StalemateDraw: settings.Get("stalemate") == "draw"}
	var sides [2]sideDoc
	for s, node := range []*doc.Node{sd.Attacker, sd.Defender} {
		if err := doc.Decode(node, &sides[s]); err != nil {
			return nil, err
		}
		if err := c.addShips(k, s, node, &sides[s]); err != nil {
			return nil, err
		}
	}
	opts := []rules.Setting(settings)
	for s, node := range []*doc.Node{sd.Attacker, sd.Defender} {
		set, err := c.sideOptions(s, node, &sides[s], exact)
		if err != nil {
			return nil, err
		}
		opts = append(opts, set...)
	}
	c.finish(settings.Get("same-side-ties") == "listed")
	c.spec.Options = opts
	return c, nil
}

// checkRange checks the integer field name of mapping parent.
func checkRange(parent *doc.Node, name string, v, lo, hi int) error {
	return doc.Range{Min: int64(lo), Max: int64(hi)}.Check(field(parent, name), int64(v))
}

func diceFrom(parent *doc.Node, name string, d *diceDoc, limit int) (Dice, error) {
	var out Dice
	if d == nil {
		return out, nil
	}
	node := field(parent, name)
	for col, v := range []int{d.Yellow, d.Orange, d.Blue, d.Red} {
		if err := checkRange(node, colourNames[col], v, 0, limit); err != nil {
			return out, err
		}
		out[col] = int8(v)
	}
	return out, nil
}

// field returns the node of a field of mapping n, or n itself when the
// field is absent, so that an error is always located.
func field(n *doc.Node, name string) *doc.Node {
	if f := n.Get(name); f != nil {
		return f
	}
	return n
}

func checkName(n *doc.Node, name, what string) error {
	if strings.TrimSpace(name) == "" {
		return field(n, "name").Errorf("a %s needs a non-empty name", what)
	}
	if strings.ContainsAny(name, ".=") {
		return field(n, "name").Errorf("%s name %q may not contain '.' or '=' (it becomes part of counter and option paths)", what, name)
	}
	return nil
}

// addParts reads the scenario's custom parts (§7 part fields).
func (k *catalog) addParts(n *doc.Node) error {
	if n == nil || n.Kind == doc.Null {
		return nil
	}
	if n.Kind != doc.Seq {
		return n.Errorf("expected a list of parts")
	}
	for _, it := range n.Items {
		if it.Kind != doc.Map {
			return it.Errorf("expected a part: a mapping with name and any of cannon, missile, computer, shield, hull, initiative, energy, drive, slot")
		}
		var pd partDoc
		if err := doc.Decode(it, &pd); err != nil {
			return err
		}
		if err := checkName(it, pd.Name, "part"); err != nil {
			return err
		}
		if _, dup := k.part(pd.Name); dup {
			return field(it, "name").Errorf("part %q is already defined (a custom part needs a new name; the built-in parts are: %s)", pd.Name, k.partNames())
		}
		p := Part{Name: pd.Name, Computer: pd.Computer, Shield: pd.Shield, Hull: pd.Hull,
			Initiative: pd.Initiative, Energy: pd.Energy, Drive: pd.Drive, Slot: true, custom: true}
		if pd.Slot != nil {
			p.Slot = *pd.Slot
		}
		var err error
		if p.Cannon, err = diceFrom(it, "cannon", pd.Cannon, maxPartDice); err != nil {
			return err
		}
		if p.Missile, err = diceFrom(it, "missile", pd.Missile, maxPartDice); err != nil {
			return err
		}
		for _, f := range []struct {
			name      string
			v, lo, hi int
		}{
			{"computer", p.Computer, 0, maxPartStat},
			{"shield", p.Shield, 0, maxPartStat},
			{"hull", p.Hull, 0, maxPartHull},
			{"initiative", p.Initiative, 0, maxInitiative},
			{"energy", p.Energy, -maxPartEnergy, maxPartEnergy},
		} {
			if err := checkRange(it, f.name, f.v, f.lo, f.hi); err != nil {
				return err
			}
		}
		k.parts = append(k.parts, p)
	}
	return nil
}

// baseOf resolves a blueprint's `base`: a player hull or an NPC id (§7).
func (k *catalog) baseOf(n *doc.Node) (Blueprint, error) {
	allowed := []string{"Interceptor", "Cruiser", "Dreadnought", "Starbase"}
	for _, bp := range builtinBlueprints {
		if bp.Base.NPC() {
			allowed = append(allowed, bp.Name)
		}
	}
	if n.Kind == doc.Scalar {
		for _, bp := range builtinBlueprints {
			if bp.Name == n.Value {
				return bp, nil
			}
		}
	}
	_, err := doc.OneOf(n, allowed...)
	return Blueprint{}, err
}

// addBlueprints reads the scenario's custom blueprints (§7 blueprint fields)
// and validates each (§5 rules 1, 4, 5).
func (k *catalog) addBlueprints(n *doc.Node) error {
	if n == nil || n.Kind == doc.Null {
		return nil
	}
	if n.Kind != doc.Seq {
		return n.Errorf("expected a list of blueprints")
	}
	for _, it := range n.Items {
		if it.Kind != doc.Map {
			return it.Errorf("expected a blueprint: a mapping with name, base and its fields")
		}
		var bd blueprintDoc
		if err := doc.Decode(it, &bd); err != nil {
			return err
		}
		if err := checkName(it, bd.Name, "blueprint"); err != nil {
			return err
		}
		if _, dup := k.blueprint(bd.Name); dup {
			return field(it, "name").Errorf("blueprint %q is already defined (a custom blueprint needs a new name; defined: %s)", bd.Name, k.blueprintNames())
		}
		base, err := k.baseOf(bd.Base)
		if err != nil {
			return err
		}
		bp := base
		bp.Name = bd.Name
		bp.Parts = slices.Clone(base.Parts)
		if base.Base.NPC() {
			for _, f := range []string{"slots", "energy", "parts"} {
				if it.Get(f) != nil {
					return it.Get(f).Errorf("field %q is not allowed on an NPC blueprint (base %s; allowed: name, base, cannons, missiles, computer, shield, hull, initiative)", f, base.Name)
				}
			}
			if bd.Cannons != nil {
				if bp.Cannons, err = diceFrom(it, "cannons", bd.Cannons, maxTileDice); err != nil {
					return err
				}
			}
			if bd.Missiles != nil {
				if bp.Missiles, err = diceFrom(it, "missiles", bd.Missiles, maxTileDice); err != nil {
					return err
				}
			}
			for _, f := range []struct {
				name   string
				p      *int
				dst    *int
				lo, hi int
			}{
				{"computer", bd.Computer, &bp.Computer, 0, maxPartStat},
				{"shield", bd.Shield, &bp.Shield, 0, maxPartStat},
				{"hull", bd.Hull, &bp.Hull, 0, maxTileHull},
				{"initiative", bd.Initiative, &bp.Initiative, 0, maxInitiative},
			} {
				if f.p == nil {
					continue
				}
				if err := checkRange(it, f.name, *f.p, f.lo, f.hi); err != nil {
					return err
				}
				*f.dst = *f.p
			}
		} else {
			for _, f := range []string{"cannons", "missiles", "shield"} {
				if it.Get(f) != nil {
					return it.Get(f).Errorf("field %q is not allowed on a player blueprint (base %s; allowed: name, base, slots, initiative, energy, computer, hull, parts)", f, base.Name)
				}
			}
			for _, f := range []struct {
				name   string
				p      *int
				dst    *int
				lo, hi int
			}{
				{"slots", bd.Slots, &bp.Slots, 0, maxSlots},
				{"initiative", bd.Initiative, &bp.InitBonus, 0, maxInitiative},
				{"energy", bd.Energy, &bp.Energy, 0, maxPrinted},
				{"computer", bd.Computer, &bp.PrintedComputer, 0, maxPartStat},
				{"hull", bd.Hull, &bp.PrintedHull, 0, maxPrintedHull},
			} {
				if f.p == nil {
					continue
				}
				if err := checkRange(it, f.name, *f.p, f.lo, f.hi); err != nil {
					return err
				}
				*f.dst = *f.p
			}
			if pn := bd.Parts; pn != nil && pn.Kind != doc.Null {
				if pn.Kind != doc.Seq {
					return pn.Errorf("expected a list of part names")
				}
				bp.Parts = bp.Parts[:0]
				for _, p := range pn.Items {
					if p.Kind != doc.Scalar {
						return p.Errorf("expected a part name (valid names: %s)", k.partNames())
					}
					if _, ok := k.part(p.Value); !ok {
						return p.Errorf("unknown part %q%s (valid names: %s)", p.Value, seedHint[p.Value], k.partNames())
					}
					bp.Parts = append(bp.Parts, p.Value)
				}
			}
		}
		if _, err := k.derive(bp, it); err != nil {
			return err
		}
		k.blueprints = append(k.blueprints, bp)
		k.bpNode = append(k.bpNode, it)
	}
	return nil
}

// derive computes a blueprint's stats (§2) and checks §5 rules 4 and 5.
// at locates errors (nil for built-ins, which are valid).
func (k *catalog) derive(bp Blueprint, at *doc.Node) (Type, error) {
	t := Type{Name: bp.Name, Base: bp.Base, Rank: sizeRank[bp.Base], Weight: reputationWeight[bp.Base]}
	errAt := func(field string) *doc.Node {
		if at == nil {
			return &doc.Node{Path: "blueprints." + bp.Name}
		}
		if f := at.Get(field); f != nil {
			return f
		}
		return at
	}
	if bp.Base.NPC() {
		t.Init, t.Computer, t.Shield, t.HP = bp.Initiative, bp.Computer, bp.Shield, bp.Hull+1
		t.Cannon, t.Missile = bp.Cannons, bp.Missiles
		for col := range nColours {
			for range t.Cannon[col] {
				t.cannonSeq = append(t.cannonSeq, Colour(col))
			}
			for range t.Missile[col] {
				t.missSeq = append(t.missSeq, Colour(col))
			}
		}
	} else {
		t.Init, t.Computer = bp.InitBonus, bp.PrintedComputer
		hull := bp.PrintedHull
		slots, consumed, produced, drives := 0, 0, bp.Energy, 0
		for _, name := range bp.Parts {
			p, ok := k.part(name)
			if !ok { // built-in blueprints only name built-in parts
				return t, errAt("parts").Errorf("unknown part %q (valid names: %s)", name, k.partNames())
			}
			if p.Slot {
				slots++
			}
			if p.Energy > 0 {
				consumed += p.Energy
			} else {
				produced -= p.Energy
			}
			if p.Drive {
				drives++
			}
			t.Init += p.Initiative
			t.Computer += p.Computer
			t.Shield += p.Shield
			hull += p.Hull
			for col := range nColours {
				t.Cannon[col] += p.Cannon[col]
				t.Missile[col] += p.Missile[col]
				for range p.Cannon[col] {
					t.cannonSeq = append(t.cannonSeq, Colour(col))
				}
				for range p.Missile[col] {
					t.missSeq = append(t.missSeq, Colour(col))
				}
			}
		}
		t.HP = hull + 1
		// §5 rule 4: parts in slots ≤ slots; energy consumed ≤ produced + printed.
		if slots > bp.Slots {
			return t, errAt("parts").Errorf("blueprint %s has %d parts in slots, more than its %d slots (limit: %d)", bp.Name, slots, bp.Slots, bp.Slots)
		}
		if consumed > produced {
			return t, errAt("parts").Errorf("blueprint %s uses %d energy but produces only %d (printed %d + sources; limit: consumption ≤ %d)", bp.Name, consumed, produced, bp.Energy, produced)
		}
		// §5 rule 5: mobile hulls need a drive; a Starbase takes none.
		if bp.Base == Starbase && drives > 0 {
			return t, errAt("parts").Errorf("blueprint %s is a Starbase and may not have a drive (it has %d; allowed: 0)", bp.Name, drives)
		}
		if bp.Base != Starbase && drives == 0 {
			return t, errAt("parts").Errorf("blueprint %s (%s) needs at least 1 drive part (it has none; drives: Nuclear Drive, Fusion Drive, Tachyon Drive, Transition Drive, Conformal Drive, Nonlinear Drive, or a custom part with drive: true)", bp.Name, bp.Base)
		}
	}
	if t.HP > MaxHP {
		field := "hull"
		if at != nil && at.Get("hull") == nil {
			field = "parts"
		}
		return t, errAt(field).Errorf("blueprint %s has %d hit points, above the limit %d", bp.Name, t.HP, MaxHP)
	}
	if t.Init > maxInitiative*2 {
		return t, errAt("initiative").Errorf("blueprint %s has initiative %d, above the limit %d", bp.Name, t.Init, maxInitiative*2)
	}
	if t.Cannon.Total() > MaxDicePerShip || t.Missile.Total() > MaxDicePerShip {
		return t, errAt("parts").Errorf("blueprint %s has %d cannon and %d missile dice per ship (limit: %d each)", bp.Name, t.Cannon.Total(), t.Missile.Total(), MaxDicePerShip)
	}
	for col := range nColours {
		t.cannonDamage += int64(t.Cannon[col]) * int64(colourDamage[col])
	}
	return t, nil
}

var sideNames = [2]string{"attacker", "defender"}

// seedHint explains the part names of seed document 004 that are not Second
// Dawn parts (§5.1); a scenario that wants them defines custom parts.
var seedHint = map[string]string{
	"Positron Cannon":  ": not a Second Dawn part (Positron is a computer, +2; the blue 3-damage cannon is the Soliton Cannon; define a custom part for a house rule)",
	"Nuclear Missile":  ": not a Second Dawn part (missiles: Plasma, Flux; discovery Ion, Soliton, Antimatter)",
	"Advanced Shield":  ": not a Second Dawn part (the only shield 3 is the Flux Shield discovery part)",
	"Improved Reactor": ": not a Second Dawn part (energy comes from the Sources)",
	"Ancient Cannon":   ": not a part (NPC tiles have fixed stats)",
	"Ancient Computer": ": not a part (NPC tiles have fixed stats)",
	"Ancient Shield":   ": not a part (NPC tiles have fixed stats)",
	"Ancient Hull":     ": not a part (NPC tiles have fixed stats)",
	"Quantum Grid":     ": not a part (a tech granting influence discs)",
	"Ion Thruster":     ": not a Second Dawn part (drives: Nuclear, Fusion, Tachyon, Transition, Conformal, Nonlinear)",
	"Ion Drive":        ": not a Second Dawn part (drives: Nuclear, Fusion, Tachyon, Transition, Conformal, Nonlinear)",
}

// addShips reads one side's kind and ships (§5 rules 2, 3, 6, 7).
func (c *Compiled) addShips(k *catalog, s int, node *doc.Node, sd *sideDoc) error {
	kind, err := sideOptions.Check("kind", sd.Kind)
	if err != nil {
		return err
	}
	npc := kind == "npc"
	if npc && s == 0 {
		return sd.Kind.Errorf("an NPC side must be the defender (allowed for attacker.kind: player)")
	}
	ships := sd.Ships
	if ships.Kind != doc.Map || len(ships.Keys) == 0 {
		return ships.Errorf("a side needs at least one ship: a mapping of blueprint name to count (blueprints: %s)", k.blueprintNames())
	}
	conf := &c.Sides[s]
	conf.NPC = npc
	conf.First = len(c.Types)
	var perBase [nBases]int
	var baseNode [nBases]*doc.Node
	for i, name := range ships.Keys {
		v := ships.Vals[i]
		bi, ok := k.blueprint(name)
		if !ok {
			return v.Errorf("unknown blueprint %q (blueprints: %s)", name, k.blueprintNames())
		}
		bp := k.blueprints[bi]
		limit := pieceCap[bp.Base]
		who := "a player"
		if npc {
			who = "the NPC components"
		}
		count, err := doc.Range{Min: 1, Max: int64(limit), Note: fmt.Sprintf("the limit of ships with base %s for %s", bp.Base, who)}.Int(v)
		if err != nil {
			return err
		}
		switch {
		case npc && !bp.Base.NPC():
			return v.Errorf("%s is a player blueprint (base %s) but %s.kind is npc (an NPC side fields only NPC tiles: Ancient, Guardian, GCDS and their variants)", name, bp.Base, sideNames[s])
		case !npc && bp.Base.NPC():
			if s == 0 {
				return v.Errorf("%s is an NPC tile; NPCs are always the defender (§5 rule 6), not allowed on the attacker", name)
			}
			return v.Errorf("%s is an NPC tile; set %s.kind: npc (allowed on a player side: Interceptor, Cruiser, Dreadnought, Starbase blueprints)", name, sideNames[s])
		}
		if prev := baseNode[bp.Base]; prev != nil {
			if npc {
				return v.Errorf("two %s tiles on one side (%s and %s): one tile per NPC kind is used (rules §4.4; allowed: 1 %s blueprint per side)", bp.Base, c.Types[perBase[bp.Base]].Name, name, bp.Base)
			}
			return v.Errorf("two blueprints with base %s on one player side (%s and %s; allowed: 1 blueprint per hull)", bp.Base, c.Types[perBase[bp.Base]].Name, name)
		}
		t, err := k.derive(bp, k.bpNode[bi])
		if err != nil {
			return err
		}
		t.Side, t.Local, t.Count = s, len(c.Types)-conf.First, int(count)
		perBase[bp.Base] = len(c.Types)
		baseNode[bp.Base] = v
		c.Types = append(c.Types, t)
		if bp.Unverified != "" && !slices.Contains(c.spec.Notes, bp.Unverified) {
			c.spec.Notes = append(c.spec.Notes, bp.Unverified)
		}
		if !bp.Base.NPC() {
			for _, pn := range bp.Parts {
				if p, _ := k.part(pn); p.Unverified != "" && !slices.Contains(c.spec.Notes, p.Unverified) {
					c.spec.Notes = append(c.spec.Notes, p.Unverified)
				}
			}
		}
	}
	conf.N = len(c.Types) - conf.First
	return nil
}

// sideOptions reads policy, priority, retreat and antimatter-splitter
// (§13.10-12, §13.15; §5 rule 6) once both sides' ships are known.
func (c *Compiled) sideOptions(s int, node *doc.Node, sd *sideDoc, exact bool) ([]rules.Setting, error) {
	conf := &c.Sides[s]
	name := sideNames[s]
	at := func(n *doc.Node) *doc.Node {
		if n != nil {
			return n
		}
		return node
	}
	policy := "kill-greedy"
	if conf.NPC {
		policy = "npc"
	}
	if sd.Policy != nil && sd.Policy.Kind != doc.Null {
		v, err := sideOptions.Check("policy", sd.Policy)
		if err != nil {
			return nil, err
		}
		policy = v
	}
	if conf.NPC && policy != "npc" {
		return nil, sd.Policy.Errorf("an NPC side always assigns by the rulebook NPC rule (allowed: npc)")
	}
	if policy == "optimal" && !exact {
		return nil, sd.Policy.Errorf("policy optimal is for the exact solver only (crucible exact); Monte Carlo allows: npc, kill-greedy, largest-killable-first, priority")
	}
	conf.Policy = Policy(slices.Index(policyNames[:], policy))

	enemy := c.Sides[1-s]
	enemyNames := make([]string, enemy.N)
	for i := range enemy.N {
		enemyNames[i] = c.Types[enemy.First+i].Name
	}
	prioText := "none"
	if sd.Priority != nil && sd.Priority.Kind != doc.Null {
		if conf.Policy != PolicyPriority {
			return nil, sd.Priority.Errorf("a priority list needs %s.policy: priority (policy is %s)", name, policy)
		}
		if sd.Priority.Kind != doc.Seq || len(sd.Priority.Items) == 0 {
			return nil, sd.Priority.Errorf("expected a list of enemy ship types (allowed: %s)", strings.Join(enemyNames, ", "))
		}
		for _, it := range sd.Priority.Items {
			if it.Kind != doc.Scalar || !slices.Contains(enemyNames, it.Value) {
				return nil, it.Errorf("unknown enemy ship type %s (allowed: %s)", describe(it), strings.Join(enemyNames, ", "))
			}
			if slices.Contains(conf.Priority, it.Value) {
				return nil, it.Errorf("%s is listed twice", it.Value)
			}
			conf.Priority = append(conf.Priority, it.Value)
		}
		prioText = strings.Join(conf.Priority, ",")
	} else if conf.Policy == PolicyPriority {
		return nil, at(sd.Policy).Errorf("policy priority needs %s.priority: a list of enemy ship types (allowed: %s)", name, strings.Join(enemyNames, ", "))
	}

	retreat := "never"
	if sd.Retreat != nil && sd.Retreat.Kind != doc.Null {
		v, err := sideOptions.Check("retreat", sd.Retreat)
		if err != nil {
			return nil, err
		}
		retreat = v
	}
	if conf.NPC && retreat != "never" {
		return nil, sd.Retreat.Errorf("NPC sides never retreat (allowed: never)")
	}
	conf.Retreat, _ = parseRetreat(retreat)

	splitter, err := sideOptions.Check("antimatter-splitter", sd.Splitter)
	if err != nil {
		return nil, err
	}
	if conf.NPC && splitter == "true" {
		return nil, sd.Splitter.Errorf("an NPC side has no techs (allowed: false)")
	}
	conf.Splitter = splitter == "true"
	return []rules.Setting{
		{Name: name + ".policy", Value: policy},
		{Name: name + ".priority", Value: prioText},
		{Name: name + ".retreat", Value: retreat},
		{Name: name + ".antimatter-splitter", Value: splitter},
	}, nil
}

func describe(n *doc.Node) string {
	if n.Kind == doc.Scalar {
		return strconv.Quote(n.Value)
	}
	return n.Kind.String()
}

// finish derives the activation order (§3.1), the hit table (§3.4), the
// priority orders and the Spec.
func (c *Compiled) finish(listed bool) {
	// §3.1: initiative high first; opposite sides tie → defender first;
	// same side tie → `same-side-ties` (size: larger rank first, then
	// scenario order; listed: scenario order).
	c.Order = make([]int, len(c.Types))
	for i := range c.Order {
		c.Order[i] = i
	}
	slices.SortStableFunc(c.Order, func(i, j int) int {
		a, b := &c.Types[i], &c.Types[j]
		if a.Init != b.Init {
			return b.Init - a.Init
		}
		if a.Side != b.Side {
			return b.Side - a.Side // defender (side 1) first
		}
		if !listed && a.Rank != b.Rank {
			return int(b.Rank) - int(a.Rank)
		}
		return a.Local - b.Local
	})
	for _, t := range c.Order {
		if c.Types[t].Missile.Total() > 0 {
			c.MissileOrder = append(c.MissileOrder, t)
		}
	}
	// §3.4: a face hits enemy type e when it is 6, or when it is 2-5 and
	// face + computers − shields(e) ≥ 6.
	for t := range c.Types {
		ft := &c.Types[t]
		for col := range nColours {
			if ft.Cannon[col] > 0 || ft.Missile[col] > 0 {
				ft.colours = append(ft.colours, Colour(col))
			}
		}
		en := c.Sides[1-ft.Side]
		for f := 1; f <= 6; f++ {
			var m uint8
			for lt := range en.N {
				e := &c.Types[en.First+lt]
				if f == 6 || f >= 2 && f+ft.Computer-e.Shield >= 6 {
					m |= 1 << lt
				}
			}
			c.hit[t][f] = m
		}
		split := c.Sides[ft.Side].Splitter
		for in := range 1 << en.N {
			c.plans[t][in] = newPlan(ft.colours, &c.hit[t], uint8(in), split)
		}
		units := 0
		for _, seq := range [][]Colour{ft.cannonSeq, ft.missSeq} {
			u := 0
			for _, col := range seq {
				if col == Red && c.Sides[ft.Side].Splitter {
					u += 4
				} else {
					u++
				}
			}
			units = max(units, u*ft.Count)
		}
		c.maxUnits = max(c.maxUnits, units)
	}
	// §6 `priority`: listed types first, unlisted ones after in size order
	// (larger rank first, then scenario order).
	for s := range 2 {
		conf := &c.Sides[s]
		en := c.Sides[1-s]
		order := make([]int, 0, en.N)
		for _, name := range conf.Priority {
			for lt := range en.N {
				if c.Types[en.First+lt].Name == name {
					order = append(order, lt)
				}
			}
		}
		var rest []int
		for lt := range en.N {
			if !slices.Contains(order, lt) {
				rest = append(rest, lt)
			}
		}
		slices.SortStableFunc(rest, func(i, j int) int {
			return int(c.Types[en.First+j].Rank) - int(c.Types[en.First+i].Rank)
		})
		for pos, lt := range append(order, rest...) {
			conf.prio[lt] = int8(pos)
		}
	}
	c.RetreatRounds = 1
	for s := range 2 {
		switch r := c.Sides[s].Retreat; r.Kind {
		case RetreatAfterRound:
			c.RetreatRounds = max(c.RetreatRounds, r.N+1)
		case RetreatWhenLosing:
			c.RetreatRounds = max(c.RetreatRounds, 2)
		}
	}
	// Spec: ends, counters (survivors per side and type; retreated per
	// type for sides that may retreat; reputation tiles per player side).
	c.spec.Ends = EndNames
	c.spec.RoundsUnit = "rounds"
	var cs rules.Counters
	for t := range c.Types {
		ty := &c.Types[t]
		c.counters.survivors[t] = cs.Add(sideCounter(ty.Side, "survivors."+ty.Name), "ships of this type left at the end, retreated ones included (§3.8)")
	}
	for t := range c.Types {
		ty := &c.Types[t]
		c.counters.retreated[t] = -1
		if c.Sides[ty.Side].Retreat.Kind != RetreatNever {
			c.counters.retreated[t] = cs.Add(sideCounter(ty.Side, "retreated."+ty.Name), "ships of this type that retreated (§3.6)")
		}
	}
	for s := range 2 {
		c.counters.rep[s] = -1
		if !c.Sides[s].NPC {
			c.counters.rep[s] = cs.Add(sideCounter(s, "reputation"), "reputation tiles drawn (§3.9)")
		}
	}
	c.spec.Counters = cs.List()
}

// sideCounter names a counter of side s (0 = attacker, side a).
func sideCounter(s int, quantity string) string {
	return rules.SideCounter(rules.A+rules.Side(s), quantity)
}

// TypeIndex returns the index in Types of the named type on side s (0 =
// attacker), or -1.
func (c *Compiled) TypeIndex(s int, name string) int {
	for i := range c.Types {
		if c.Types[i].Side == s && c.Types[i].Name == name {
			return i
		}
	}
	return -1
}

// SideLetter is "a" for the attacker (side 0) and "b" for the defender.
func SideLetter(s int) string { return [2]string{"a", "b"}[s] }
