package doc_test

import (
	"reflect"
	"slices"
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
