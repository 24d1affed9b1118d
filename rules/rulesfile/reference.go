package rulesfile

import (
	"fmt"
	"math"
	"strings"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/rulesfile/document"
	"github.com/crucible-sim/crucible/rules/rulesfile/program"
)

// Reference implements rules.Documented: the reference of the rules file
// the ruleset was opened from — its scenario fields, options, catalogues
// (units, parts, weapons), policies, counters and ends — or, for a file
// that does not decode, the language's reference with the error as its
// title. `crucible rules FILE` prints it.
func (r ruleset) Reference() *rules.Reference {
	f, err := document.Decode(r.file)
	if err != nil {
		ref := LanguageReference()
		ref.Title = "a rules file that does not read: " + err.Error()
		return ref
	}
	return fileReference(f)
}

// FileReference is the reference of the rules file n: what its scenarios
// may say and what its battles report; an error if n does not decode.
func FileReference(n *doc.Node) (*rules.Reference, error) {
	f, err := document.Decode(n)
	if err != nil {
		return nil, err
	}
	return fileReference(f), nil
}

// fileReference is the reference of a rules file: what its scenarios may say
// and what its battles report.
func fileReference(f *document.File) *rules.Reference {
	ref := &rules.Reference{
		Title: f.Title,
		Sides: [2]rules.Term{
			{Name: f.Sides[0], Meaning: "the first side of a scenario (a.units), or the name its a.name gives"},
			{Name: f.Sides[1], Meaning: "the second side (b.units), or the name its b.name gives"},
		},
	}
	ref.Fields = scenarioFieldsOf(f)
	ref.Catalogues = catalogues(f)
	for _, p := range document.Policies {
		if contains(f.Targeting.Policies, p.Name) {
			ref.Policies = append(ref.Policies, rules.Term{Name: p.Name, Meaning: p.Meaning})
		}
	}
	for _, s := range program.SideLetters {
		ref.Counters = append(ref.Counters, rules.Term{Name: s + ".survivors.<unit>", Meaning: "side " + s + "'s units of that type left at the end (a distribution)"},
			rules.Term{Name: s + ".damage-dealt", Meaning: "the hit points the enemy's units lost in the battle, net of any healing"})
	}
	for _, c := range f.Counters {
		if c.PerSide {
			ref.Counters = append(ref.Counters, rules.Term{Name: "a." + c.Name, Meaning: c.Doc}, rules.Term{Name: "b." + c.Name, Meaning: c.Doc})
		} else {
			ref.Counters = append(ref.Counters, rules.Term{Name: c.Name, Meaning: c.Doc})
		}
	}
	for _, e := range document.BuiltinEnds {
		ref.Ends = append(ref.Ends, rules.Term{Name: e.Name, Meaning: e.Meaning})
	}
	for _, e := range f.Ends {
		ref.Ends = append(ref.Ends, rules.Term{Name: e.Name, Meaning: e.Doc + endWords(e)})
		if !e.Victory {
			ref.Counters = append(ref.Counters, rules.Term{Name: "a." + e.Name, Meaning: "1 when side a ended the battle so"}, rules.Term{Name: "b." + e.Name, Meaning: "1 when side b ended the battle so"})
		}
	}
	return ref
}

// scenarioFieldsOf are the fields a scenario of the file may write: its
// options, each side's units, name, policy and designs, and the rules
// file itself, whose units' stats --set may change.
func scenarioFieldsOf(f *document.File) []rules.Field {
	unitNames := strings.Join(document.Names(f.Units, func(u *document.UnitDecl) string { return u.Name }), ", ")
	fields := []rules.Field{{Path: "options", Type: "mapping of option to value", Meaning: "the rules file's options; see the options topic"}}
	for _, o := range f.Options {
		typ, allowed := "word", strings.Join(o.Words, ", ")
		if o.Ints != nil {
			typ, allowed = "integer", o.Ints.String()
		}
		fld := rules.Field{Path: "options." + o.Name, Type: typ, Allowed: allowed, Default: o.Default, Meaning: o.Doc}
		if o.Ints != nil {
			fld.Min, fld.Max = rules.Bounds(o.Ints.Min, o.Ints.Max)
		} else {
			fld.Values = o.Words
		}
		fields = append(fields, fld)
	}
	for _, s := range program.SideLetters {
		fields = append(fields,
			rules.Field{Path: s, Type: "mapping", Required: true, Meaning: "side " + s + ": its units, and how it picks its targets"},
			rules.Field{Path: s + ".units", Type: "mapping of unit to count", Required: true, Allowed: unitNames + ", or a design of the side",
				Meaning: "how many units of each type the side fields", Names: rules.NamesOf([]string{"units"}, s+".designs")},
			rules.Field{Path: s + ".units.<unit>", Type: "integer", Allowed: fmt.Sprintf("an integer from 0 to %d", program.MaxUnits), Meaning: "how many units of that type"},
			rules.Field{Path: s + ".name", Type: "text", Default: f.Sides[sideIndex(s)], Meaning: "what outputs call the side"},
			rules.Field{Path: s + ".policy", Type: "word", Allowed: strings.Join(f.Targeting.Policies, ", "), Default: f.Targeting.Default,
				Meaning: "how the side picks the enemy unit each hit goes to; see the policies topic"},
			rules.Field{Path: s + ".priority", Type: "list of the enemy's unit types", Meaning: "the order to fire at them, with policy: priority"},
			rules.Field{Path: s + ".designs", Type: "mapping of design name to unit", Meaning: "unit types of the side's own, written as the file's units are (base: a unit to build on, parts, stats)"},
			rules.Field{Path: s + ".designs.<design>", Type: "unit", Meaning: "one design: its stats, base, parts, weapons and checks, as a unit of the rules file"},
		)
	}
	fields = append(fields, rules.Field{Path: "rules", Type: "the rules file", Meaning: "the rules file the ruleset field names, read into the scenario: --set rules.PATH=VALUE changes it for one run (see `crucible rules rulesfile` for its fields)"})
	for _, u := range f.Units {
		for _, a := range u.Stats {
			fld := rules.Field{Path: "rules.units." + u.Name + "." + a.Name, Type: "integer", Default: a.Value.Src,
				Meaning: fmt.Sprintf("unit %s's %s", u.Name, a.Name)}
			fld.Min, fld.Max = statBounds(a.Name)
			fields = append(fields, fld)
		}
	}
	return fields
}

// statBounds returns the range of a stat's value: hit points from 1 to
// MaxHP, any other stat an int32.
func statBounds(name string) (lo, hi *int64) {
	if name == "hp" {
		return rules.Bounds(1, program.MaxHP)
	}
	return rules.Bounds(math.MinInt32, math.MaxInt32)
}

func sideIndex(s string) int {
	if s == "b" {
		return 1
	}
	return 0
}

func contains(list []string, x string) bool {
	for _, v := range list {
		if v == x {
			return true
		}
	}
	return false
}

// endWords says when an end is checked and who wins it.
func endWords(e document.EndDecl) string {
	when := "when an effect or a hook ends the battle so"
	if e.When.Present() {
		when = fmt.Sprintf("when %s holds for a side, at the %s", e.When.Src, strings.ReplaceAll(e.Check, "-", " "))
	}
	win := map[string]string{"other": "the other side wins", "self": "that side wins", "a": "side a wins", "b": "side b wins", "none": "nobody wins"}[e.Winner]
	nv := ""
	if !e.Victory {
		nv = "; not a victory"
	}
	return fmt.Sprintf(" (%s; %s%s)", when, win, nv)
}

// catalogues lists the file's units, parts and weapons.
func catalogues(f *document.File) []rules.Catalogue {
	out := []rules.Catalogue{unitCatalogue(f.Units)}
	if len(f.Parts) > 0 {
		out = append(out, partCatalogue(f.Parts))
	}
	if len(f.Weapons) > 0 {
		out = append(out, weaponCatalogue(f.Weapons))
	}
	return out
}

// unitCatalogue lists the unit types: their base, stats, parts and weapons
// as written.
func unitCatalogue(us []*document.UnitDecl) rules.Catalogue {
	units := rules.Catalogue{Name: "units", Meaning: "the unit types a side fields (a.units, b.units), with the stats they are written with",
		Columns: []string{"unit", "stats", "parts", "weapons", "meaning"}}
	for _, u := range us {
		var st, ps []string
		if u.Base != "" {
			st = append(st, "base "+u.Base)
		}
		st = append(st, assigned(u.Stats)...)
		for _, p := range u.Parts {
			ps = append(ps, p.Name)
		}
		units.Rows = append(units.Rows, []string{u.Name, strings.Join(st, ", "), strings.Join(ps, ", "), strings.Join(counted(u.Weapons), ", "), u.Doc})
	}
	return units
}

// partCatalogue lists the parts: what each adds, costs and carries.
func partCatalogue(ps []*document.PartDecl) rules.Catalogue {
	parts := rules.Catalogue{Name: "parts", Meaning: "the parts a unit is built from (units' parts): what each adds to its stats, what it costs, and its weapons",
		Columns: []string{"part", "adds", "costs", "weapons", "meaning"}}
	for _, p := range ps {
		parts.Rows = append(parts.Rows, []string{p.Name, strings.Join(assigned(p.Stats), ", "), strings.Join(assigned(p.Cost), ", "), strings.Join(counted(p.Weapons), ", "), p.Doc})
	}
	return parts
}

// assigned lists stat assignments as written: "hp 3".
func assigned(as []document.Assign) []string {
	var out []string
	for _, a := range as {
		out = append(out, a.Name+" "+a.Value.Src)
	}
	return out
}

// counted lists names counted: "laser ×2".
func counted(cs []document.Count) []string {
	var out []string
	for _, c := range cs {
		out = append(out, fmt.Sprintf("%s ×%d", c.Name, c.N))
	}
	return out
}

// weaponCatalogue lists the weapons: the dice each rolls, what hits, what
// follows a hit (rerolls, explosions, crits, wounds, saves, reductions,
// spill) and the damage.
func weaponCatalogue(wd []*document.WeaponDecl) rules.Catalogue {
	ws := rules.Catalogue{Name: "weapons", Meaning: "the weapons units and parts carry: the dice each rolls and how a die becomes damage",
		Columns: []string{"weapon", "group", "dice", "hit", "then", "damage"}}
	for _, w := range wd {
		dice := "1"
		if w.Attacks.Present() {
			dice = w.Attacks.Src
		}
		dice += fmt.Sprintf(" d%d", len(w.Die.Faces))
		var then []string
		for _, s := range []struct {
			name string
			e    document.Expr
		}{{"reroll", w.Reroll.When}, {"explode", w.Explode}, {"crit", w.Crit}, {"wound", w.Wound}, {"save", w.Save}, {"reduce", w.Reduce}} {
			if s.e.Present() {
				then = append(then, s.name+" "+s.e.Src)
			}
		}
		if w.Spill {
			then = append(then, "spills over")
		}
		hit := "always"
		if w.Hit.Present() {
			hit = w.Hit.Src
		}
		ws.Rows = append(ws.Rows, []string{w.Name, w.Group, dice, hit, strings.Join(then, "; "), program.RollWords(w.Damage)})
	}
	return ws
}
