package scenarios_test

import (
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
)

// shape renders a node's kinds and values compactly, to compare trees.
func shape(n *doc.Node) string {
	switch n.Kind {
	case doc.Scalar:
		return "'" + n.Value + "'"
	case doc.Seq:
		var s []string
		for _, it := range n.Items {
			s = append(s, shape(it))
		}
		return "[" + strings.Join(s, " ") + "]"
	case doc.Map:
		var s []string
		for i, k := range n.Keys {
			s = append(s, k+"="+shape(n.Vals[i]))
		}
		return "{" + strings.Join(s, " ") + "}"
	}
	return "null"
}

// A value in brackets, braces or quotes is YAML; any other is the text as
// written, as --set has always taken it (a colon or a # inside is text).
func TestParseValue(t *testing.T) {
	for _, c := range []struct{ value, want string }{
		{"rapier", "'rapier'"},
		{"3", "'3'"},
		{"Ann's duel: the sequel #2", "'Ann's duel: the sequel #2'"},
		{"", "''"},
		{"[Ancient, Cruiser]", "['Ancient' 'Cruiser']"},
		{"{ship: N2b}", "{ship='N2b'}"},
		{" {damage: 4, lethality: 6}", "{damage='4' lethality='6'}"},
		{"[leather, {armor_value: 5}, [1, 2]]", "['leather' {armor_value='5'} ['1' '2']]"},
		{`"[not a list]"`, "'[not a list]'"},
		{`'quoted'`, "'quoted'"},
		{"{ships: {Shielded Interceptor: 3}}", "{ships={Shielded Interceptor='3'}}"},
	} {
		n, err := scenarios.ParseValue(c.value, "--set x="+c.value)
		if err != nil {
			t.Errorf("ParseValue(%q): %v", c.value, err)
			continue
		}
		if got := shape(n); got != c.want {
			t.Errorf("ParseValue(%q) = %s, want %s", c.value, got, c.want)
		}
		if n.Pos.Origin != "--set x="+c.value {
			t.Errorf("ParseValue(%q) located at %v, want the override", c.value, n.Pos)
		}
	}
	for _, c := range []struct{ value, want string }{
		{"{damage: 4, lethality: 6", "--set x={damage: 4, lethality: 6: the value is not valid YAML at column 1"},
		{"[a]]", "the value is not valid YAML at column 4"},
		{"[&a x, *a]", "anchors and aliases are not supported"},
	} {
		_, err := scenarios.ParseValue(c.value, "--set x="+c.value)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseValue(%q): error %v, want %q", c.value, err, c.want)
		}
	}
}

// FormatValue writes what ParseValue reads back to the same tree, plain
// where YAML allows it.
func TestFormatValueRoundTrip(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"x: leather", "leather"},
		{"x: {armor_value: 5}", "{armor_value: 5}"},
		{"x: [Ancient, Cruiser]", "[Ancient, Cruiser]"},
		{"x: {ships: {Shielded Interceptor: 3}, policy: optimal}", "{ships: {Shielded Interceptor: 3}, policy: optimal}"},
		{`x: "[a"`, `"[a"`},
		{`x: ["a, b", "null", "c: d", "-1", " e", ~, "#"]`, `["a, b", "null", "c: d", -1, " e", null, "#"]`},
		{`x: {"odd key": "tab\there", "é": "ü"}`, `{odd key: "tab\there", "é": "ü"}`},
	} {
		root, err := scenarios.ParseYAML("v.yaml", []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		n := root.Get("x")
		got := scenarios.FormatValue(n)
		if got != c.want {
			t.Errorf("FormatValue(%s) = %s, want %s", c.src, got, c.want)
		}
		back, err := scenarios.ParseValue(got, "--set x="+got)
		if err != nil {
			t.Errorf("ParseValue(FormatValue(%s) = %s): %v", c.src, got, err)
			continue
		}
		if shape(back) != shape(n) {
			t.Errorf("%s: written %s, read back as %s, want %s", c.src, got, shape(back), shape(n))
		}
	}
}
