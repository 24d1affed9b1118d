package rules

import (
	"strings"

	"github.com/crucible-sim/crucible/rules/doc"
)

// FieldKind says what values a scenario field takes, as a tool that
// searches or sweeps over a field must know: numbers it may bisect, or
// names with no order between them.
type FieldKind uint8

const (
	// UnknownField: the ruleset's reference does not list the field (or
	// the ruleset has no reference); the values given must tell.
	UnknownField FieldKind = iota
	// IntegerField takes whole numbers.
	IntegerField
	// NumberField takes any number in a range: a continuous field.
	NumberField
	// NamedField takes names, switches, text or structures: values with no
	// order a search could follow.
	NamedField
)

// Kind reads the field's kind from its Type ("integer", "number", "word",
// …).
func (f Field) Kind() FieldKind {
	t := strings.ToLower(f.Type)
	switch {
	case t == "integer" || strings.HasPrefix(t, "integer "):
		return IntegerField
	case t == "number" || strings.HasPrefix(t, "number ") || strings.HasPrefix(t, "decimal"):
		return NumberField
	}
	return NamedField
}

// FieldAt returns the reference's entry for the field a --set path names
// (attacker.ships.Interceptor, parts[0].shield), reading `[]` in the
// reference's paths as any index and `<name>` as any key; where several
// entries match, the one with the most literal elements. ok is false when
// the ruleset has no reference or the reference does not list the field.
func FieldAt(ruleset, path string) (f Field, ok bool) {
	rs, err := Lookup(ruleset)
	if err != nil {
		return Field{}, false
	}
	d, isDocumented := rs.(Documented)
	if !isDocumented {
		return Field{}, false
	}
	return d.Reference().FieldFor(path)
}

// FieldFor returns the reference's entry for the field a --set path names,
// as FieldAt does; a list's element is the same field by position or by
// name (blueprints[2].hull, blueprints[Brick].hull).
func (r *Reference) FieldFor(path string) (f Field, ok bool) {
	want, err := doc.ParsePath(path)
	if err != nil {
		return Field{}, false
	}
	best := -1
	for _, cand := range r.Fields {
		if score, match := pathMatch(strings.Split(cand.Path, "."), want); match && score > best {
			f, best = cand, score
		}
	}
	return f, best >= 0
}

// pathMatch reports whether the concrete path's steps match the
// reference's pattern elements, and how many of them match literally.
func pathMatch(pattern []string, path []doc.Step) (literal int, ok bool) {
	if len(pattern) != len(path) {
		return 0, false
	}
	for i, p := range pattern {
		pkey, pindexed := strings.CutSuffix(p, "[]")
		switch {
		case path[i].Indexed != pindexed:
			return 0, false
		case strings.HasPrefix(pkey, "<") && strings.HasSuffix(pkey, ">"):
		case pkey == path[i].Key:
			literal++
		default:
			return 0, false
		}
	}
	return literal, true
}
