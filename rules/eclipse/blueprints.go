package eclipse

import (
	"slices"

	"github.com/crucible-sim/crucible/rules/doc"
)

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
		bp, err := k.readBlueprint(it)
		if err != nil {
			return err
		}
		k.blueprints = append(k.blueprints, bp)
		k.bpNode = append(k.bpNode, it)
	}
	return nil
}

// readBlueprint reads one custom blueprint: its base's, with the fields it
// sets. Later blueprints may not reuse its name, so it is checked against
// every blueprint defined so far.
func (k *catalog) readBlueprint(it *doc.Node) (Blueprint, error) {
	if it.Kind != doc.Map {
		return Blueprint{}, it.Errorf("expected a blueprint: a mapping with name, base and its fields")
	}
	var bd blueprintDoc
	if err := doc.Decode(it, &bd); err != nil {
		return Blueprint{}, err
	}
	if err := checkName(it, bd.Name, "blueprint"); err != nil {
		return Blueprint{}, err
	}
	if _, dup := k.blueprint(bd.Name); dup {
		return Blueprint{}, field(it, "name").Errorf("blueprint %q is already defined (a custom blueprint needs a new name; defined: %s)", bd.Name, k.blueprintNames())
	}
	base, err := k.baseOf(bd.Base)
	if err != nil {
		return Blueprint{}, err
	}
	bp := base
	bp.Name = bd.Name
	bp.Parts = slices.Clone(base.Parts)
	if base.Base.NPC() {
		err = npcFields(it, &bd, &bp, base.Name)
	} else {
		err = k.playerFields(it, &bd, &bp, base.Name)
	}
	if err != nil {
		return Blueprint{}, err
	}
	if _, err := k.derive(bp, it); err != nil {
		return Blueprint{}, err
	}
	return bp, nil
}

// npcFields sets the fields a blueprint on an NPC tile may change: the
// tile's fixed stats, since NPCs have no parts (§7). base names the tile
// in errors.
func npcFields(it *doc.Node, bd *blueprintDoc, bp *Blueprint, base string) error {
	for _, f := range []string{"slots", "energy", "parts"} {
		if it.Get(f) != nil {
			return it.Get(f).Errorf("field %q is not allowed on an NPC blueprint (base %s; allowed: name, base, cannons, missiles, computer, shield, hull, initiative)", f, base)
		}
	}
	var err error
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
	return setInts(it, []intField{
		{"computer", bd.Computer, &bp.Computer, 0, maxPartStat},
		{"shield", bd.Shield, &bp.Shield, 0, maxPartStat},
		{"hull", bd.Hull, &bp.Hull, 0, maxTileHull},
		{"initiative", bd.Initiative, &bp.Initiative, 0, maxInitiative},
	})
}

// playerFields sets the fields a player blueprint may change: its printed
// values and its parts (§7); its dice and shields come from the parts.
func (k *catalog) playerFields(it *doc.Node, bd *blueprintDoc, bp *Blueprint, base string) error {
	for _, f := range []string{"cannons", "missiles", "shield"} {
		if it.Get(f) != nil {
			return it.Get(f).Errorf("field %q is not allowed on a player blueprint (base %s; allowed: name, base, slots, initiative, energy, computer, hull, parts)", f, base)
		}
	}
	err := setInts(it, []intField{
		{"slots", bd.Slots, &bp.Slots, 0, maxSlots},
		{"initiative", bd.Initiative, &bp.InitBonus, 0, maxInitiative},
		{"energy", bd.Energy, &bp.Energy, 0, maxPrinted},
		{"computer", bd.Computer, &bp.PrintedComputer, 0, maxPartStat},
		{"hull", bd.Hull, &bp.PrintedHull, 0, maxPrintedHull},
	})
	if err != nil {
		return err
	}
	pn := bd.Parts
	if pn == nil || pn.Kind == doc.Null {
		return nil
	}
	if pn.Kind != doc.Seq {
		return pn.Errorf("expected a list of part names")
	}
	bp.Parts = bp.Parts[:0]
	for _, p := range pn.Items {
		if p.Kind != doc.Scalar {
			return p.Errorf("expected a part name (valid names: %s)", k.partNames())
		}
		if _, ok := k.part(p.Value); !ok {
			return p.Errorf("unknown part %q%s (valid names: %s)%s", p.Value, seedHint[p.Value], k.partNames(), k.partSuggestion(p.Value))
		}
		bp.Parts = append(bp.Parts, p.Value)
	}
	return nil
}

// intField is an optional integer field of a blueprint (nil p: absent)
// and where its value goes.
type intField struct {
	name   string
	p      *int
	dst    *int
	lo, hi int
}

// setInts checks each present field of mapping it against its range, in
// order, and sets it.
func setInts(it *doc.Node, fields []intField) error {
	for _, f := range fields {
		if f.p == nil {
			continue
		}
		if err := checkRange(it, f.name, *f.p, f.lo, f.hi); err != nil {
			return err
		}
		*f.dst = *f.p
	}
	return nil
}

// baseChoices are the values of a blueprint's `base` (§7): the player
// hulls and the NPC tiles.
func baseChoices() []string {
	allowed := []string{"Interceptor", "Cruiser", "Dreadnought", "Starbase"}
	for _, bp := range builtinBlueprints {
		if bp.Base.NPC() {
			allowed = append(allowed, bp.Name)
		}
	}
	return allowed
}

// baseOf resolves a blueprint's `base`: a player hull or an NPC id (§7).
func (k *catalog) baseOf(n *doc.Node) (Blueprint, error) {
	if n.Kind == doc.Scalar {
		for _, bp := range builtinBlueprints {
			if bp.Name == n.Value {
				return bp, nil
			}
		}
	}
	_, err := doc.OneOf(n, baseChoices()...)
	return Blueprint{}, err
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
	var err error
	if bp.Base.NPC() {
		deriveNPC(bp, &t)
	} else {
		err = k.derivePlayer(bp, &t, errAt)
	}
	if err != nil {
		return t, err
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

// deriveNPC copies an NPC tile's fixed stats (§4.4) into t.
func deriveNPC(bp Blueprint, t *Type) {
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
}

// derivePlayer sums a player blueprint's printed values and its parts into
// t (§2) and checks §5 rules 4 and 5. errAt locates errors by field.
func (k *catalog) derivePlayer(bp Blueprint, t *Type, errAt func(field string) *doc.Node) error {
	t.Init, t.Computer = bp.InitBonus, bp.PrintedComputer
	hull := bp.PrintedHull
	slots, consumed, produced, drives := 0, 0, bp.Energy, 0
	for _, name := range bp.Parts {
		p, ok := k.part(name)
		if !ok { // built-in blueprints only name built-in parts
			return errAt("parts").Errorf("unknown part %q (valid names: %s)", name, k.partNames())
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
		return errAt("parts").Errorf("blueprint %s has %d parts in slots, more than its %d slots (limit: %d)", bp.Name, slots, bp.Slots, bp.Slots)
	}
	if consumed > produced {
		return errAt("parts").Errorf("blueprint %s uses %d energy but produces only %d (printed %d + sources; limit: consumption ≤ %d)", bp.Name, consumed, produced, bp.Energy, produced)
	}
	// §5 rule 5: mobile hulls need a drive; a Starbase takes none.
	if bp.Base == Starbase && drives > 0 {
		return errAt("parts").Errorf("blueprint %s is a Starbase and may not have a drive (it has %d; allowed: 0)", bp.Name, drives)
	}
	if bp.Base != Starbase && drives == 0 {
		return errAt("parts").Errorf("blueprint %s (%s) needs at least 1 drive part (it has none; drives: Nuclear Drive, Fusion Drive, Tachyon Drive, Transition Drive, Conformal Drive, Nonlinear Drive, or a custom part with drive: true)", bp.Name, bp.Base)
	}
	return nil
}

// partSuggestion is the "did you mean" of an unknown part name: none for
// a name seedHint explains, whose note says what to use instead.
func (k *catalog) partSuggestion(name string) string {
	if seedHint[name] != "" {
		return ""
	}
	return doc.DidYouMean(name, k.partList())
}

// seedHint explains part names from other readings of the game that are not
// Second Dawn parts (§5.1); a scenario that wants them defines custom parts.
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
