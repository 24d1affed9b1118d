package doc_test

import (
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/scenarios"
)

// SetNode puts a list or a mapping at a path, with the field paths of
// everything inside it, in a mapping or in place of a list element.
func TestSetNodePaths(t *testing.T) {
	n := parse(t, "claims:\n  - {metric: win.a}\n")
	v, err := scenarios.ParseValue("{fighter: {weapon: rapier}, moves: [a, b]}", "--set b=…")
	if err != nil {
		t.Fatal(err)
	}
	if err := n.SetNode("b", v, "--set b=…"); err != nil {
		t.Fatal(err)
	}
	if w := n.Get("b").Get("fighter").Get("weapon"); w == nil || w.Path != "b.fighter.weapon" || w.Value != "rapier" {
		t.Errorf("b.fighter.weapon: %+v", w)
	}
	if m := n.Get("b").Get("moves").Items[1]; m.Path != "b.moves[1]" {
		t.Errorf("b.moves[1] has path %q", m.Path)
	}
	c, _ := scenarios.ParseValue("{metric: win.b, min: 0.5}", "--set claims[0]=…")
	if err := n.SetNode("claims[0]", c, "--set claims[0]=…"); err != nil {
		t.Fatal(err)
	}
	if m := n.Get("claims").Items[0].Get("min"); m == nil || m.Path != "claims[0].min" {
		t.Errorf("claims[0].min: %+v", m)
	}
}

// Unset removes a key or a list element (renumbering those after it), and
// a path that leads nowhere says what is there.
func TestUnset(t *testing.T) {
	n := parse(t, "a: {fighter: thug, weapon: rapier}\nclaims:\n  - {id: one}\n  - {id: two}\n  - {id: three}\n")
	if err := n.Unset("a.weapon", "--unset a.weapon"); err != nil {
		t.Fatal(err)
	}
	if a := n.Get("a"); a.Get("weapon") != nil || a.Get("fighter") == nil {
		t.Errorf("after --unset a.weapon: keys %q", a.Keys)
	}
	if err := n.Unset("claims[0]", "--unset claims[0]"); err != nil {
		t.Fatal(err)
	}
	items := n.Get("claims").Items
	if len(items) != 2 || items[0].Get("id").Value != "two" || items[1].Get("id").Path != "claims[1].id" {
		t.Errorf("after --unset claims[0]: %d claims, the first %q, the second's id at %q", len(items), items[0].Get("id").Value, items[1].Get("id").Path)
	}
	for _, c := range []struct{ path, want string }{
		{"a.figther", `--unset a.figther: a: no field "figther" to remove (fields: fighter); did you mean "fighter"?`},
		{"b.fighter", `--unset b.fighter: no field "b" to remove (fields: a, claims)`},
		{"a.fighter.name", `--unset a.fighter.name: a.fighter: is a scalar, which has no field "name"`},
		{"claims[2]", "--unset claims[2]: claims: has no element [2]"},
		{"a[0]", "--unset a[0]: a: has no element [0]"},
		{"a..b", `--unset a..b: empty element in field path "a..b"`},
	} {
		err := n.Unset(c.path, "--unset "+c.path)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("Unset(%q): %v\nwant %s", c.path, err, c.want)
		}
	}
}
