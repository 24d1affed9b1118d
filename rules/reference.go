package rules

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Documented is implemented by a ruleset that describes itself to the
// designers who write its scenarios: `crucible rules ID` prints its
// Reference, and rules/<id>/REFERENCE.md is that output, committed.
//
// A Reference is built from the tables the decoder and the battle use (the
// option sets, the catalogues, the policy names, the declared ends and
// counters), so that it cannot drift from what a scenario may say; the
// conformance kit (rules/rulestest) checks that every field the decoder
// accepts, every option, end and counter is in it.
type Documented interface {
	Reference() *Reference
}

// Reference is a ruleset's reference for designers.
type Reference struct {
	// Ruleset is the ruleset's ID.
	Ruleset string `json:"ruleset"`
	// Title says in a line what a battle of the ruleset is.
	Title string `json:"title"`
	// Follows names the game documents the ruleset follows, by title.
	Follows []string `json:"follows,omitempty"`
	// Sides says what the ruleset calls side a and side b (the attacker
	// and the defender, BLUE and RED, the fighters by name).
	Sides [2]Term `json:"sides"`
	// Fields lists every field a scenario of the ruleset may have, below
	// the common ones (ruleset, name, description, trials, claims), in the
	// order a designer meets them. Option fields are among them
	// (OptionSet.Fields).
	Fields []Field `json:"fields"`
	// Catalogues are the built-in tables a scenario names entries of
	// (parts, hulls, weapons, ship classes, …).
	Catalogues []Catalogue `json:"catalogues,omitempty"`
	// Policies are the ways a side can be played, where the ruleset has a
	// choice of them.
	Policies []Term `json:"policies,omitempty"`
	// Counters are the counters a battle may report. A name may hold a
	// placeholder in angle brackets for a part taken from the scenario
	// (`a.survivors.<ship class>`).
	Counters []Term `json:"counters"`
	// Ends are the end reasons a battle may report.
	Ends []Term `json:"ends"`
}

// Field is one scenario field.
type Field struct {
	// Path is the field's path as --set takes it; `[]` stands for any
	// index of a list and `<name>` for any key of a mapping whose keys
	// the designer chooses (`parts[].cannon.yellow`, `attacker.ships.<ship class>`).
	Path string `json:"path"`
	// Type says what the value is: "integer", "word", "list of part
	// names", "mapping of ship class to count", …
	Type string `json:"type"`
	// Allowed gives the allowed values or range, where the type alone
	// does not ("an integer from 0 to 99", "npc, kill-greedy").
	Allowed string `json:"allowed,omitempty"`
	// Default is the value an absent field takes ("" when it has none or
	// is required).
	Default  string `json:"default,omitempty"`
	Required bool   `json:"required,omitempty"`
	// Meaning says in a sentence what the field does.
	Meaning string `json:"meaning"`

	// The parts of Allowed a tool reads (a form's inputs, a sweep's
	// range), where the field has them; Infer fills them from the usual
	// wording of Allowed, and a ruleset sets those its wording leaves out.

	// Min and Max bound an integer field. A value within may still be
	// refused by a rule Allowed states (a hull's limit per side).
	Min *int64 `json:"min,omitempty"`
	Max *int64 `json:"max,omitempty"`
	// Values lists the words the field takes (each item, for a list of
	// words), where they are a fixed few.
	Values []string `json:"values,omitempty"`
	// Names says where the names the field holds come from — its value,
	// its mapping's keys or its list's items.
	Names *Names `json:"names,omitempty"`
}

// Names is where the names a field holds come from: entries of the
// reference's catalogues (their first column), and names that fields of
// the scenario define ("blueprints[].name": each custom blueprint's).
type Names struct {
	Catalogues []string `json:"catalogues,omitempty"`
	Fields     []string `json:"fields,omitempty"`
}

// NamesOf returns the Names of catalogues and defining fields.
func NamesOf(catalogues []string, fields ...string) *Names {
	return &Names{Catalogues: catalogues, Fields: fields}
}

// Bounds returns a field's Min and Max for an integer range.
func Bounds(lo, hi int64) (minimum, maximum *int64) { return &lo, &hi }

// Term is a named thing and what it means.
type Term struct {
	Name    string `json:"name"`
	Meaning string `json:"meaning"`
}

// Catalogue is a built-in table a scenario names entries of.
type Catalogue struct {
	// Name is the catalogue's topic name (`parts`, `hulls`), one lower-case
	// word or hyphenated words.
	Name string `json:"name"`
	// Meaning says what the entries are and where a scenario names them.
	Meaning string     `json:"meaning"`
	Columns []string   `json:"columns"`
	Rows    [][]string `json:"rows"`
}

// Entries returns the catalogue's entry names: its first column.
func (c Catalogue) Entries() []string {
	out := make([]string, len(c.Rows))
	for i, r := range c.Rows {
		out[i] = r[0]
	}
	return out
}

// Field returns the field of the given path, and whether there is one.
func (r *Reference) Field(path string) (Field, bool) {
	i := slices.IndexFunc(r.Fields, func(f Field) bool { return f.Path == path })
	if i < 0 {
		return Field{}, false
	}
	return r.Fields[i], true
}

// Catalogue returns the catalogue of the given name, and whether there is
// one.
func (r *Reference) Catalogue(name string) (Catalogue, bool) {
	i := slices.IndexFunc(r.Catalogues, func(c Catalogue) bool { return c.Name == name })
	if i < 0 {
		return Catalogue{}, false
	}
	return r.Catalogues[i], true
}

// integerRange is the wording of doc.Range.String, which Allowed opens
// with for an integer field's bounds.
var integerRange = regexp.MustCompile(`^an integer from (-?[0-9]+) to (-?[0-9]+)`)

// wordList is Allowed that lists the words a field takes, as
// strings.Join(words, ", ") writes them.
var wordList = regexp.MustCompile(`^[A-Za-z0-9_.:+-]+(, [A-Za-z0-9_.:+-]+)*$`)

// Infer fills each field's Min, Max and Values, where the ruleset left
// them out, from Allowed in the wording of doc.Range ("an integer from 0
// to 8", maybe followed by more) and of a list of words ("npc,
// kill-greedy, priority").
func (r *Reference) Infer() {
	for i := range r.Fields {
		f := &r.Fields[i]
		if m := integerRange.FindStringSubmatch(f.Allowed); m != nil && f.Kind() == IntegerField && f.Min == nil {
			lo, errLo := strconv.ParseInt(m[1], 10, 64)
			hi, errHi := strconv.ParseInt(m[2], 10, 64)
			if errLo == nil && errHi == nil {
				f.Min, f.Max = Bounds(lo, hi)
			}
		}
		if f.Values == nil && f.Kind() == NamedField && wordList.MatchString(f.Allowed) && !strings.HasPrefix(f.Type, "text") {
			f.Values = strings.Split(f.Allowed, ", ")
		}
	}
}

// ReferenceOf returns the reference of a registered ruleset, its ID set
// and Infer done: what `crucible rules ID` prints.
func ReferenceOf(id string) (*Reference, error) {
	r, err := Lookup(id)
	if err != nil {
		return nil, err
	}
	d, ok := r.(Documented)
	if !ok {
		return nil, fmt.Errorf("ruleset %s has no reference", id)
	}
	ref := d.Reference()
	ref.Ruleset = id
	ref.Infer()
	return ref, nil
}

// Fields describes the options of the set as scenario fields below path
// (`options`, or a side's path where options are side fields): type,
// allowed values, default and meaning, from the same declarations Resolve
// checks values against.
func (s OptionSet) Fields(path string) []Field {
	out := make([]Field, len(s))
	for i, o := range s {
		typ := "text"
		switch {
		case len(o.Words) > 0:
			typ = "word"
			if slices.Equal(o.Words, []string{"true", "false"}) || slices.Equal(o.Words, []string{"false", "true"}) {
				typ = "true or false"
			}
		case o.Ints != nil:
			typ = "integer"
		}
		out[i] = Field{Path: joinPath(path, o.Name), Type: typ, Allowed: o.allowed(), Default: o.Default, Meaning: o.Doc, Values: o.Words}
		if o.Ints != nil {
			out[i].Min, out[i].Max = Bounds(o.Ints.Min, o.Ints.Max)
		}
	}
	return out
}

func joinPath(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// Topics are the parts of a Reference that `crucible rules ID TOPIC`
// prints by themselves, besides each catalogue by its name.
var Topics = []string{"sides", "fields", "options", "catalogues", "policies", "counters", "ends"}

// OptionFields returns the fields under `options` (the scenario-wide rule
// options).
func (r *Reference) OptionFields() []Field {
	var out []Field
	for _, f := range r.Fields {
		if strings.HasPrefix(f.Path, "options.") {
			out = append(out, f)
		}
	}
	return out
}
