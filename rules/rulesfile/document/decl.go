package document

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/rules/doc"
)

// This file decodes the catalogue: weapons, parts, units and the targeting
// block.

// WeaponDecl is one weapon: its dice and the attack pipeline.
type WeaponDecl struct {
	Name, Group, Doc string
	Attacks          Expr
	Die              DieDecl
	Hit              Expr
	Reroll           RerollDecl
	Explode          Expr
	ExplodeDepth     int64
	Crit             Expr
	CritHits         int64
	CritWounds       bool
	// CritExtraCritical makes a critical hit's extra hits critical too
	// (crit-extra: critical): with crit-wounds they wound without a roll.
	CritExtraCritical bool
	Wound             Expr
	CritWound         Expr
	CritMortal        bool
	// MortalSpill sends a mortal wound's excess damage on (mortal-spill,
	// true unless set).
	MortalSpill bool
	Save        Expr
	Damage      Roll
	Reduce      Expr
	Spill       bool
	Node        *doc.Node
}

// RerollDecl says which dice a weapon rolls again, once each.
type RerollDecl struct {
	When   Expr
	Budget string // a side track spent one per re-roll, or ""
	Node   *doc.Node
}

// DieDecl is the die a roll uses: faces 1..N, or a list of faces.
type DieDecl struct {
	Faces []int64
	Node  *doc.Node
}

// PartDecl is an entry of the catalogue.
type PartDecl struct {
	Name, Doc string
	Stats     []Assign
	Cost      []Assign
	Weapons   []Count
	Node      *doc.Node
}

// Assign is a stat and a value, as written.
type Assign struct {
	Name  string
	Value Expr
	Node  *doc.Node
}

// Count is a name and a count, as written ({ion: 2}).
type Count struct {
	Name string
	N    int64
	Node *doc.Node
}

// UnitDecl is a unit type.
type UnitDecl struct {
	Name, Doc, Base string
	Stats           []Assign
	Parts           []Count // a part listed twice is counted twice
	Weapons         []Count
	Checks          []CheckDecl
	Node            *doc.Node
}

// CheckDecl is a condition a unit's assembled stats must meet.
type CheckDecl struct {
	Rule Expr
	Says string
	Node *doc.Node
}

// TargetingDecl configures the targeting policies.
type TargetingDecl struct {
	Default  string
	Size     string // the stat largest-first and ties read ("" : hp)
	Policies []string
	Node     *doc.Node
}

// weaponKeys are the fields of a weapon, in the reference's order.
var WeaponKeys = []string{"group", "attacks", "die", "hit", "reroll", "explode", "explode-depth", "crit", "crit-hits", "crit-extra", "crit-wounds", "wound", "crit-wound", "crit-mortal", "mortal-spill", "save", "damage", "reduce", "spill", "doc"}

func decodeWeapons(n *doc.Node) ([]*WeaponDecl, error) {
	var out []*WeaponDecl
	err := Entries(n, "weapon names to weapons", func(name string, v *doc.Node) error {
		if err := checkWord(v, name, "a weapon"); err != nil {
			return err
		}
		w, err := decodeWeapon(name, v)
		out = append(out, w)
		return err
	})
	return out, err
}

// weaponDoc is a weapon as its mapping gives it.
type weaponDoc struct {
	Group        string    `doc:"group"`
	Attacks      *doc.Node `doc:"attacks"`
	Die          *doc.Node `doc:"die"`
	Hit          *doc.Node `doc:"hit"`
	Reroll       *doc.Node `doc:"reroll"`
	Explode      *doc.Node `doc:"explode"`
	ExplodeDepth *int64    `doc:"explode-depth"`
	Crit         *doc.Node `doc:"crit"`
	CritHits     int64     `doc:"crit-hits"`
	CritWounds   bool      `doc:"crit-wounds"`
	CritExtra    string    `doc:"crit-extra"`
	Wound        *doc.Node `doc:"wound"`
	CritWound    *doc.Node `doc:"crit-wound"`
	CritMortal   bool      `doc:"crit-mortal"`
	MortalSpill  *bool     `doc:"mortal-spill"`
	Save         *doc.Node `doc:"save"`
	Damage       *doc.Node `doc:"damage"`
	Reduce       *doc.Node `doc:"reduce"`
	Spill        bool      `doc:"spill"`
	Doc          string    `doc:"doc"`
}

func decodeWeapon(name string, v *doc.Node) (*WeaponDecl, error) {
	var raw weaponDoc
	if v.Kind != doc.Map {
		return nil, v.Errorf("expected a weapon (a mapping of %s), got %s", strings.Join(WeaponKeys, ", "), doc.Describe(v))
	}
	if err := doc.Decode(v, &raw); err != nil {
		return nil, err
	}
	w := &WeaponDecl{Name: name, Group: raw.Group, Doc: raw.Doc, CritHits: raw.CritHits, CritWounds: raw.CritWounds,
		CritMortal: raw.CritMortal, MortalSpill: raw.MortalSpill == nil || *raw.MortalSpill, Spill: raw.Spill, Node: v, ExplodeDepth: 20}
	if w.Group == "" {
		w.Group = "main"
	} else if err := checkWord(v.Get("group"), w.Group, "a weapon group"); err != nil {
		return nil, err
	}
	if raw.ExplodeDepth != nil {
		if _, err := IntOf(v.Get("explode-depth"), 1, 100); err != nil {
			return nil, err
		}
		w.ExplodeDepth = *raw.ExplodeDepth
	}
	if err := w.decodeCritOptions(v, &raw); err != nil {
		return nil, err
	}
	if err := w.decodeRolls(v, &raw); err != nil {
		return nil, err
	}
	if err := w.checkCritNeeds(v); err != nil {
		return nil, err
	}
	return w, nil
}

// decodeCritOptions reads crit-extra and checks crit-extra, mortal-spill
// and crit-hits against the fields they need.
func (w *WeaponDecl) decodeCritOptions(v *doc.Node, raw *weaponDoc) error {
	switch raw.CritExtra {
	case "", "plain":
	case "critical":
		w.CritExtraCritical = true
	default:
		return v.Get("crit-extra").Errorf("%q is not a kind of extra hit (allowed: plain, critical)", raw.CritExtra)
	}
	if raw.CritExtra != "" && raw.CritHits == 0 {
		return v.Get("crit-extra").Errorf("crit-extra needs `crit-hits`, the extra hits a critical hit scores")
	}
	if raw.MortalSpill != nil && !raw.CritMortal {
		return v.Get("mortal-spill").Errorf("mortal-spill needs `crit-mortal`: only a mortal wound's damage spills by it")
	}
	if raw.CritHits < 0 || raw.CritHits > 100 {
		return v.Get("crit-hits").Errorf("%d is out of range (allowed: an integer from 0 to 100)", raw.CritHits)
	}
	return nil
}

// decodeRolls reads the weapon's expressions, its die, its reroll and its
// damage (1 when not given).
func (w *WeaponDecl) decodeRolls(v *doc.Node, raw *weaponDoc) error {
	var err error
	for _, f := range []struct {
		dst  *Expr
		n    *doc.Node
		what string
	}{{&w.Attacks, raw.Attacks, "the dice each unit rolls"}, {&w.Hit, raw.Hit, "a condition on the die's face"},
		{&w.Explode, raw.Explode, "a condition on the face"}, {&w.Crit, raw.Crit, "a condition on the face"},
		{&w.Wound, raw.Wound, "a condition on the wound die's face"}, {&w.CritWound, raw.CritWound, "a condition on the wound die's face"},
		{&w.Save, raw.Save, "a condition on the save die's face"}, {&w.Reduce, raw.Reduce, "the damage each hit loses"}} {
		if *f.dst, err = scalarExpr(f.n, f.what); err != nil {
			return err
		}
	}
	if w.Die, err = decodeDie(raw.Die); err != nil {
		return err
	}
	if w.Reroll, err = decodeReroll(raw.Reroll); err != nil {
		return err
	}
	if !doc.Present(raw.Damage) {
		one := int64(1)
		w.Damage = Roll{Value: Expr{Src: "1", Int: &one, Node: v}, Node: v}
	} else if w.Damage, err = decodeRoll(raw.Damage); err != nil {
		return err
	}
	return nil
}

// checkCritNeeds refuses a critical option without the condition it
// applies to.
func (w *WeaponDecl) checkCritNeeds(v *doc.Node) error {
	switch {
	case w.CritWounds && !w.Crit.Present():
		return v.Get("crit-wounds").Errorf("crit-wounds needs `crit`, the condition that makes a hit critical")
	case w.CritHits > 0 && !w.Crit.Present():
		return v.Get("crit-hits").Errorf("crit-hits needs `crit`, the condition that makes a hit critical")
	case w.CritMortal && !w.CritWound.Present():
		return v.Get("crit-mortal").Errorf("crit-mortal needs `crit-wound`, the condition that makes a wound critical")
	case w.CritWound.Present() && !w.Wound.Present():
		return v.Get("crit-wound").Errorf("crit-wound needs `wound`: a weapon without a wound roll has no critical wounds")
	}
	return nil
}

func decodeReroll(n *doc.Node) (RerollDecl, error) {
	r := RerollDecl{Node: n}
	if !doc.Present(n) {
		return r, nil
	}
	if n.Kind == doc.Scalar {
		r.When = exprOf(n)
		return r, nil
	}
	var raw struct {
		When   *doc.Node `doc:"when,required"`
		Budget string    `doc:"budget"`
	}
	if err := doc.Decode(n, &raw); err != nil {
		return r, err
	}
	var err error
	r.When, err = scalarExpr(raw.When, "a condition on the face")
	r.Budget = raw.Budget
	return r, err
}

// decodeDie reads a die: N (faces 1..N, "d" optional: d6), coin (0 or 1),
// or a list of faces.
func decodeDie(n *doc.Node) (DieDecl, error) {
	d := DieDecl{Node: n}
	if !doc.Present(n) {
		d.Faces = facesUpTo(6)
		return d, nil
	}
	if n.Kind == doc.Seq {
		if len(n.Items) < 1 || len(n.Items) > MaxFaces {
			return d, n.Errorf("a die has from 1 to %d faces, this one %d", MaxFaces, len(n.Items))
		}
		for _, it := range n.Items {
			v, err := IntOf(it, -1000, 1000)
			if err != nil {
				return d, err
			}
			d.Faces = append(d.Faces, v)
		}
		return d, nil
	}
	if n.Kind == doc.Scalar {
		if n.Value == "coin" {
			d.Faces = []int64{0, 1}
			return d, nil
		}
		s := strings.TrimPrefix(n.Value, "d")
		if k, err := strconv.Atoi(s); err == nil && k >= 1 && k <= MaxFaces {
			d.Faces = facesUpTo(k)
			return d, nil
		}
	}
	return d, n.Errorf("expected a die: a number of faces from 1 to %d (6 or d6), coin, or a list of faces ([0, 0, 1, 1, 1, 2]), got %s", MaxFaces, doc.Describe(n))
}

// MaxFaces is the most faces a die may have.
const MaxFaces = 100

func facesUpTo(k int) []int64 {
	out := make([]int64, k)
	for i := range out {
		out[i] = int64(i + 1)
	}
	return out
}

// Roll is a value that may be random: a number or expression (Value), or
// dice (Dice set): Dice dice of Die, with modifiers, whose result is their
// sum, or the count of those whose face meets Count, plus Plus.
type Roll struct {
	Value        Expr // set when there are no dice
	Dice         Expr // the number of dice (an expression)
	Die          DieDecl
	Faces        Expr   // dice of faces 1..Faces, a number the state may set (instead of Die)
	Keep         string // "highest", "lowest" or ""
	KeepN        int64
	Reroll       Expr // the condition on a face that re-rolls the die, once
	Explode      Expr // the condition on a face that adds a die
	ExplodeDepth int64
	Count        Expr // the condition on a face that counts it; absent: the sum
	Plus         Expr
	Node         *doc.Node
}

// IsDice reports whether the roll rolls dice.
func (r Roll) IsDice() bool { return r.Dice.Present() }

var dicePattern = regexp.MustCompile(`^\s*(\d*)\s*d\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$`)

// decodeRoll reads a roll: an integer, "NdX[+K]", "coin", an expression, or
// a mapping {dice, die, keep, reroll, explode, explode-depth, count, plus},
// or {dice, faces, plus} for dice whose number of faces is an expression.
func decodeRoll(n *doc.Node) (Roll, error) {
	r := Roll{Node: n, ExplodeDepth: 20}
	switch n.Kind {
	case doc.Scalar:
		return decodeRollText(n, r)
	case doc.Map:
		return decodeRollMap(n, r)
	}
	return r, n.Errorf("expected a roll (a number, NdX, coin, an expression, or a mapping with dice and die), got %s", doc.Describe(n))
}

// decodeRollText reads a roll written as a scalar: NdX[+K], coin, or a
// number or an expression.
func decodeRollText(n *doc.Node, r Roll) (Roll, error) {
	if m := dicePattern.FindStringSubmatch(n.Value); m != nil && !n.Quoted || m != nil && n.Quoted {
		count := m[1]
		if count == "" {
			count = "1"
		}
		k, _ := strconv.ParseInt(count, 10, 64)
		faces, _ := strconv.Atoi(m[2])
		if k < 1 || k > MaxDice || faces < 1 || faces > MaxFaces {
			return r, n.Errorf("%q: a roll has from 1 to %d dice of 1 to %d faces", n.Value, MaxDice, MaxFaces)
		}
		r.Dice = Expr{Src: count, Int: &k, Node: n}
		r.Die = DieDecl{Faces: facesUpTo(faces), Node: n}
		if m[3] != "" {
			p, _ := strconv.ParseInt(m[4], 10, 64)
			if m[3] == "-" {
				p = -p
			}
			r.Plus = Expr{Src: m[3] + m[4], Int: &p, Node: n}
		}
		return r, nil
	}
	if n.Value == "coin" {
		one := int64(1)
		r.Dice = Expr{Src: "1", Int: &one, Node: n}
		r.Die = DieDecl{Faces: []int64{0, 1}, Node: n}
		return r, nil
	}
	r.Value = exprOf(n)
	return r, nil
}

// decodeRollMap reads a roll written as a mapping.
func decodeRollMap(n *doc.Node, r Roll) (Roll, error) {
	var raw struct {
		Dice         *doc.Node `doc:"dice,required"`
		Die          *doc.Node `doc:"die"`
		Faces        *doc.Node `doc:"faces"`
		Keep         *doc.Node `doc:"keep"`
		Reroll       *doc.Node `doc:"reroll"`
		Explode      *doc.Node `doc:"explode"`
		ExplodeDepth *int64    `doc:"explode-depth"`
		Count        *doc.Node `doc:"count"`
		Plus         *doc.Node `doc:"plus"`
	}
	if err := doc.Decode(n, &raw); err != nil {
		return r, err
	}
	var err error
	if r.Dice, err = scalarExpr(raw.Dice, "the number of dice"); err != nil {
		return r, err
	}
	if r.Die, err = decodeDie(raw.Die); err != nil {
		return r, err
	}
	if r.Reroll, err = scalarExpr(raw.Reroll, "a condition on the face"); err != nil {
		return r, err
	}
	if r.Explode, err = scalarExpr(raw.Explode, "a condition on the face"); err != nil {
		return r, err
	}
	if r.Count, err = scalarExpr(raw.Count, "a condition on the face"); err != nil {
		return r, err
	}
	if r.Plus, err = scalarExpr(raw.Plus, "a number added to the result"); err != nil {
		return r, err
	}
	if r.Faces, err = scalarExpr(raw.Faces, "the number of faces"); err != nil {
		return r, err
	}
	if r.Faces.Present() {
		for _, k := range []string{"die", "keep", "reroll", "explode", "count"} {
			if doc.Present(n.Get(k)) {
				return r, n.Get(k).Errorf("a roll of faces 1..N (faces: %s) is summed as it is: %s needs a die of fixed faces (die: …)", r.Faces.Src, k)
			}
		}
	}
	if raw.ExplodeDepth != nil {
		if _, err := IntOf(n.Get("explode-depth"), 1, 100); err != nil {
			return r, err
		}
		r.ExplodeDepth = *raw.ExplodeDepth
	}
	if doc.Present(raw.Keep) {
		if err := r.decodeKeep(raw.Keep); err != nil {
			return r, err
		}
	}
	return r, nil
}

// decodeKeep reads a roll's keep: {highest: N} or {lowest: N}.
func (r *Roll) decodeKeep(n *doc.Node) error {
	var k struct {
		Highest *int64 `doc:"highest"`
		Lowest  *int64 `doc:"lowest"`
	}
	if err := doc.Decode(n, &k); err != nil {
		return err
	}
	switch {
	case k.Highest != nil && k.Lowest == nil:
		r.Keep, r.KeepN = "highest", *k.Highest
	case k.Lowest != nil && k.Highest == nil:
		r.Keep, r.KeepN = "lowest", *k.Lowest
	default:
		return n.Errorf("keep is {highest: N} or {lowest: N}")
	}
	if r.KeepN < 1 || r.KeepN > MaxDice {
		return n.Errorf("keep %d dice is out of range (allowed: 1 to %d)", r.KeepN, MaxDice)
	}
	if r.Count.Present() {
		return n.Errorf("keep and count do not go together: keep keeps faces to add up, count counts the faces that meet a condition")
	}
	return nil
}

// MaxDice is the most dice one roll may have.
const MaxDice = 1000

func decodeParts(n *doc.Node) ([]*PartDecl, error) {
	var out []*PartDecl
	err := Entries(n, "part names to parts", func(name string, v *doc.Node) error {
		if err := doc.CheckName(name); err != nil {
			return v.Errorf("part %v", err)
		}
		if v.Kind != doc.Map && v.Kind != doc.Null {
			return v.Errorf("expected a part (a mapping of stats it adds, cost, weapons, doc), got %s", doc.Describe(v))
		}
		p := &PartDecl{Name: name, Node: v}
		for i, k := range v.Keys {
			x := v.Vals[i]
			var err error
			switch k {
			case "doc":
				p.Doc, err = doc.Text(x)
			case "cost":
				p.Cost, err = assigns(x, "stat names to costs")
			case "weapons":
				p.Weapons, err = counts(x, "weapon names to counts")
			default:
				p.Stats = append(p.Stats, Assign{Name: k, Value: exprOf(x), Node: x})
				if x.Kind != doc.Scalar {
					err = x.Errorf("expected what the part adds to stat %s (a number), got %s", k, doc.Describe(x))
				}
			}
			if err != nil {
				return err
			}
		}
		out = append(out, p)
		return nil
	})
	return out, err
}

func assigns(n *doc.Node, what string) ([]Assign, error) {
	var out []Assign
	err := Entries(n, what, func(k string, v *doc.Node) error {
		if v.Kind != doc.Scalar {
			return v.Errorf("expected a number or an expression, got %s", doc.Describe(v))
		}
		out = append(out, Assign{Name: k, Value: exprOf(v), Node: v})
		return nil
	})
	return out, err
}

func counts(n *doc.Node, what string) ([]Count, error) {
	var out []Count
	err := Entries(n, what, func(k string, v *doc.Node) error {
		c, err := IntOf(v, 0, MaxDice)
		out = append(out, Count{Name: k, N: c, Node: v})
		return err
	})
	return out, err
}

// unitKeys are a unit's fields besides its stats.
var UnitKeys = []string{"base", "parts", "weapons", "checks", "doc"}

func decodeUnits(n *doc.Node) ([]*UnitDecl, error) {
	var out []*UnitDecl
	err := Entries(n, "unit names to units", func(name string, v *doc.Node) error {
		u, err := DecodeUnit(name, v)
		out = append(out, u)
		return err
	})
	if err == nil && len(out) == 0 {
		return nil, n.Errorf("a rules file needs at least one unit")
	}
	return out, err
}

func DecodeUnit(name string, v *doc.Node) (*UnitDecl, error) {
	if err := doc.CheckName(name); err != nil {
		return nil, v.Errorf("unit %v", err)
	}
	if v.Kind != doc.Map && v.Kind != doc.Null {
		return nil, v.Errorf("expected a unit (a mapping of its stats and %s), got %s", strings.Join(UnitKeys, ", "), doc.Describe(v))
	}
	u := &UnitDecl{Name: name, Node: v}
	for i, k := range v.Keys {
		x := v.Vals[i]
		var err error
		switch k {
		case "doc":
			u.Doc, err = doc.Text(x)
		case "base":
			u.Base, err = doc.Text(x)
		case "parts":
			u.Parts, err = partList(x)
		case "weapons":
			u.Weapons, err = counts(x, "weapon names to counts")
		case "checks":
			u.Checks, err = decodeChecks(x)
		default:
			if x.Kind != doc.Scalar {
				err = x.Errorf("expected the unit's %s (a number), got %s", k, doc.Describe(x))
			}
			u.Stats = append(u.Stats, Assign{Name: k, Value: exprOf(x), Node: x})
		}
		if err != nil {
			return nil, err
		}
	}
	return u, nil
}

func partList(n *doc.Node) ([]Count, error) {
	if n.Kind != doc.Seq {
		return nil, n.Errorf("expected a list of part names, got %s", doc.Describe(n))
	}
	var out []Count
	for _, it := range n.Items {
		s, err := doc.Text(it)
		if err != nil {
			return nil, err
		}
		out = append(out, Count{Name: s, N: 1, Node: it})
	}
	return out, nil
}

func decodeChecks(n *doc.Node) ([]CheckDecl, error) {
	if n.Kind != doc.Seq {
		return nil, n.Errorf("expected a list of checks ({rule: EXPRESSION, says: SENTENCE}), got %s", doc.Describe(n))
	}
	var out []CheckDecl
	for _, it := range n.Items {
		var c struct {
			Rule *doc.Node `doc:"rule,required"`
			Says string    `doc:"says,required"`
		}
		if err := doc.Decode(it, &c); err != nil {
			return nil, err
		}
		e, err := scalarExpr(c.Rule, "a condition on the unit's stats")
		if err != nil {
			return nil, err
		}
		out = append(out, CheckDecl{Rule: e, Says: c.Says, Node: it})
	}
	return out, nil
}

// Policies are the built-in targeting policies, in the reference's order.
var Policies = []struct{ Name, Meaning string }{
	{"kill-greedy", "each hit, the strongest first, goes to the unit it can destroy with the least damage wasted; if it can destroy none, to the unit with the fewest hit points left; ties go to the larger unit (targeting size), then to the first in the scenario's order"},
	{"largest-first", "each hit, those that can hit the fewest units first, goes to the largest unit it hits that it and the hits still to come can destroy; if none, to the largest unit it hits"},
	{"weakest", "each hit goes to the unit with the fewest hit points left that it hits; ties go to the first in the scenario's order"},
	{"random", "each hit goes to a unit it hits chosen at random, each with the same chance"},
	{"priority", "as largest-first, with the side's priority list of the enemy's unit types first (a.priority, b.priority)"},
}

// PolicyNames are the names of Policies.
func PolicyNames() []string {
	return Names(Policies, func(p struct{ Name, Meaning string }) string { return p.Name })
}

func decodeTargeting(n *doc.Node) (TargetingDecl, error) {
	t := TargetingDecl{Default: "weakest", Node: n, Policies: PolicyNames()}
	if !doc.Present(n) {
		return t, nil
	}
	var raw struct {
		Default  string   `doc:"default"`
		Size     string   `doc:"size"`
		Policies []string `doc:"policies"`
	}
	if err := doc.Decode(n, &raw); err != nil {
		return t, err
	}
	if raw.Policies != nil {
		for i, p := range raw.Policies {
			if _, err := doc.OneOf(n.Get("policies").Items[i], PolicyNames()...); err != nil {
				return t, err
			}
			if slices.Index(raw.Policies, p) != i {
				return t, n.Get("policies").Items[i].Errorf("policy %s is listed twice", p)
			}
		}
		t.Policies = raw.Policies
	}
	if raw.Default != "" {
		if _, err := doc.OneOf(n.Get("default"), t.Policies...); err != nil {
			return t, err
		}
		t.Default = raw.Default
	} else if !slices.Contains(t.Policies, t.Default) {
		t.Default = t.Policies[0]
	}
	t.Size = raw.Size
	return t, nil
}
