package doc_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules/doc"
)

// Every integer field reads through Range, so every range error has one
// wording, with the note when the range has a reason.
func TestRange(t *testing.T) {
	coins := doc.Range{Min: 1, Max: 1000, Note: "0 Life Coins is death"}
	for _, c := range []struct {
		r     doc.Range
		value string
		want  int64
		err   string
	}{
		{doc.Range{Min: 0, Max: 63}, "15", 15, ""},
		{doc.Range{Min: 0, Max: 63}, "1_0", 10, ""},
		{doc.Range{Min: 0, Max: 63}, "64", 0, `f.yaml:1:4: x: 64 is out of range (allowed: an integer from 0 to 63)`},
		{doc.Range{Min: -5, Max: 5}, "-6", 0, `f.yaml:1:4: x: -6 is out of range (allowed: an integer from -5 to 5)`},
		{coins, "0", 0, `f.yaml:1:4: x: 0 is out of range (allowed: an integer from 1 to 1000; 0 Life Coins is death)`},
		{coins, "2.5", 0, `f.yaml:1:4: x: expected an integer from 1 to 1000; 0 Life Coins is death, got "2.5"`},
		{coins, "[1]", 0, `f.yaml:1:4: x: expected an integer from 1 to 1000; 0 Life Coins is death, got a list`},
		{coins, `"15"`, 0, `f.yaml:1:4: x: expected an integer from 1 to 1000; 0 Life Coins is death, got the string "15": write it without quotes`},
	} {
		n := parse(t, "x: "+c.value+"\n").Get("x")
		got, err := c.r.Int(n)
		switch {
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("%v.Int(%s) = %d, %v; want %d", c.r, c.value, got, err, c.want)
		case c.err != "" && (err == nil || err.Error() != c.err):
			t.Errorf("%v.Int(%s): error %v\nwant %s", c.r, c.value, err, c.err)
		}
	}
	if _, err := doc.ParseInt(parse(t, "x: many\n").Get("x")); err == nil || err.Error() != `f.yaml:1:4: x: expected an integer, got "many"` {
		t.Errorf("ParseInt: %v", err)
	}
}

func TestPaths(t *testing.T) {
	type dice struct {
		Yellow int `doc:"yellow"`
	}
	type part struct {
		Name   string `doc:"name,required"`
		Cannon *dice  `doc:"cannon"`
		skip   int
	}
	type scenario struct {
		Options *doc.Node `doc:"options"`
		Parts   []part    `doc:"parts"`
		Ignored int       `doc:"-"`
	}
	got := doc.Paths(reflect.TypeFor[scenario](), "")
	want := []string{"options", "parts", "parts[].name", "parts[].cannon", "parts[].cannon.yellow"}
	if !slices.Equal(got, want) {
		t.Errorf("Paths = %q, want %q", got, want)
	}
	if got := doc.Paths(reflect.TypeFor[*dice](), "attacker"); !slices.Equal(got, []string{"attacker.yellow"}) {
		t.Errorf("Paths with a prefix = %q", got)
	}
}

// A number or switch written as a string is refused by every reader, as a
// schema's integer is not a string.
func TestQuotedNumbers(t *testing.T) {
	n := parse(t, "i: '3'\nf: \"0.5\"\nb: \"true\"\nu: \"7\"\n")
	var u struct {
		U uint `doc:"u"`
	}
	for _, c := range []struct {
		err  error
		want string
	}{
		{second(doc.ParseInt(n.Get("i"))), `f.yaml:1:4: i: expected an integer, got the string "3": write it without quotes`},
		{second(doc.ParseFloat(n.Get("f"))), `f.yaml:2:4: f: expected a number, got the string "0.5": write it without quotes`},
		{second(doc.ParseBool(n.Get("b"))), `f.yaml:3:4: b: expected true or false, got the string "true": write it without quotes`},
		{doc.Decode(n.Without("i", "f", "b"), &u), `f.yaml:4:4: u: expected a non-negative integer, got the string "7": write it without quotes`},
	} {
		if c.err == nil || c.err.Error() != c.want {
			t.Errorf("got %v\nwant %s", c.err, c.want)
		}
	}
}

func second[T any](_ T, err error) error { return err }

// A name is visible text: letters, marks, digits, punctuation, symbols
// and inner spaces. Control characters, other spaces, invisible format
// characters, an empty name and a space at either end are refused, each
// saying which character it is.
func TestName(t *testing.T) {
	for _, c := range []struct{ src, err string }{
		{`thug-vs-guard`, ""},
		{`stratfight/thug vs guard (2)`, ""},
		{`=SUM(A1)`, ""}, // CSV writers neutralise it; a name may start so
		{`Épée ⚔ 剣`, ""},
		{`""`, `f.yaml:1:4: x: an empty name (allowed: letters, marks, digits, punctuation, symbols and spaces, not a space at either end)`},
		{`" a"`, `f.yaml:1:4: x: " a" is not a name: it starts or ends with a space (allowed: `},
		{`"a "`, `it starts or ends with a space`},
		{`"a\0b"`, `f.yaml:1:4: x: "a\x00b" is not a name: character 2 is U+0000, a control character (allowed: `},
		{`"a\nb"`, `character 2 is U+000A, a control character`},
		{`"a\tb"`, `character 2 is U+0009, a control character`},
		{`"ab\u00A0"`, `character 3 is U+00A0, a space other than U+0020`},
		{`"\u202Eab"`, `character 1 is U+202E, an invisible format character`},
		{`"a\u0085"`, `character 2 is U+0085, a control character`},
		{`[a]`, `f.yaml:1:4: x: expected a name, got a list (allowed: `},
	} {
		got, err := doc.Name(parse(t, "x: "+c.src+"\n").Get("x"))
		switch {
		case c.err == "" && err != nil:
			t.Errorf("%s: %v", c.src, err)
		case c.err == "" && got != c.src:
			t.Errorf("%s: read as %q", c.src, got)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s: %v\nwant %s", c.src, err, c.err)
		}
	}
	if err := doc.CheckName("a\xffb"); err == nil || !strings.Contains(err.Error(), "not UTF-8") {
		t.Errorf("invalid UTF-8: %v", err)
	}
}

// A string field tagged `name` decodes through Name.
func TestDecodeName(t *testing.T) {
	var v struct {
		ID string `doc:"id,required,name"`
	}
	if err := doc.Decode(parse(t, "id: \"x\\ny\"\n"), &v); err == nil || !strings.Contains(err.Error(), "f.yaml:1:5: id: \"x\\ny\" is not a name") {
		t.Errorf("decoded %q, %v", v.ID, err)
	}
	if err := doc.Decode(parse(t, "a: 1\n").Without("a"), &v); err == nil || !strings.Contains(err.Error(), `missing required field "id"`) {
		t.Errorf("a required name field: %v", err)
	}
	if err := doc.Decode(parse(t, "id: Ok\n"), &v); err != nil || v.ID != "Ok" {
		t.Errorf("decoded %q, %v", v.ID, err)
	}
}
