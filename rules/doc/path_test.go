package doc_test

import (
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
)

const designs = `blueprints:
  - {name: Sniper Cruiser, base: Cruiser, parts: [Ion Cannon, Positron Computer, Hull]}
  - {name: Mk. II, base: Cruiser, parts: [Ion Cannon, Ion Cannon]}
  - {name: Brick, base: Cruiser}
claims:
  - {metric: win.a}
`

// A path's elements: keys, positions and names, a name holding dots and
// spaces; and the forms that are refused, each with why.
func TestParsePath(t *testing.T) {
	steps, err := doc.ParsePath("blueprints[Mk. II].parts[Ion Cannon].x")
	if err != nil {
		t.Fatal(err)
	}
	want := []doc.Step{
		{Key: "blueprints", Indexed: true, Name: "Mk. II"},
		{Key: "parts", Indexed: true, Name: "Ion Cannon"},
		{Key: "x"},
	}
	if len(steps) != len(want) {
		t.Fatalf("steps %+v", steps)
	}
	for i := range want {
		if steps[i] != want[i] {
			t.Errorf("step %d: %+v, want %+v", i, steps[i], want[i])
		}
	}
	if got := doc.JoinSteps(steps); got != "blueprints[Mk. II].parts[Ion Cannon].x" {
		t.Errorf("JoinSteps: %q", got)
	}
	if s, _ := doc.ParsePath("claims[12]"); s[0] != (doc.Step{Key: "claims", Indexed: true, Index: 12}) {
		t.Errorf("claims[12]: %+v", s[0])
	}
	for _, c := range []struct{ path, want string }{
		{"", "empty field path"},
		{"a..b", `empty element in field path "a..b"`},
		{"a[]", `empty index in "a[]"`},
		{"a[-1]", `bad index in "a[-1]" (a position counts from 0)`},
		{"a[99999999999999999999]", `bad index in "a[99999999999999999999]"`},
		{"a[0]b", `bad path element "a[0]b"`},
		{"[0]", `bad path element "[0]"`},
		{"a]", `bad path element "a]"`},
		{"a[b[c]]", `bad path element "a[b[c]]"`},
	} {
		_, err := doc.ParsePath(c.path)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("ParsePath(%q): %v, want %s", c.path, err, c.want)
		}
	}
}

// Set, Unset and Lookup find a list's element by its name: a mapping's
// `name:` field, or a list of names' element itself.
func TestPathsByName(t *testing.T) {
	n := parse(t, designs)
	if err := n.Set("blueprints[Brick].hull", "3", "--set blueprints[Brick].hull=3"); err != nil {
		t.Fatal(err)
	}
	if v := n.Get("blueprints").Items[2].Get("hull"); v == nil || v.Value != "3" || v.Path != "blueprints[2].hull" {
		t.Errorf("blueprints[Brick].hull: %+v", v)
	}
	if err := n.Set("blueprints[Sniper Cruiser].parts[Positron Computer]", "Gluon Computer", "--set …"); err != nil {
		t.Fatal(err)
	}
	if v := n.Get("blueprints").Items[0].Get("parts").Items[1]; v.Value != "Gluon Computer" || v.Path != "blueprints[0].parts[1]" {
		t.Errorf("a part by name: %+v", v)
	}
	if v, err := n.Lookup("blueprints[Mk. II].name"); err != nil || v.Value != "Mk. II" {
		t.Errorf("Lookup by a name with a dot: %v, %v", v, err)
	}
	if err := n.Unset("blueprints[Mk. II]", "--unset blueprints[Mk. II]"); err != nil {
		t.Fatal(err)
	}
	if bs := n.Get("blueprints").Items; len(bs) != 2 || bs[1].Get("name").Value != "Brick" || bs[1].Path != "blueprints[1]" {
		t.Errorf("after --unset blueprints[Mk. II]: %d blueprints", len(bs))
	}
}

// A name that is not there is an error at the list's path that lists the
// names there with the nearest; a name two elements share asks for a
// position.
func TestPathByNameErrors(t *testing.T) {
	for _, c := range []struct{ path, want string }{
		{"blueprints[Snipr Cruiser].hull", `--set: blueprints: has no element named "Snipr Cruiser" (names: Sniper Cruiser, Mk. II, Brick); did you mean "Sniper Cruiser"?`},
		{"blueprints[Mk. II].parts[Ion Cannon]", `--set: blueprints[Mk. II].parts: has 2 elements named "Ion Cannon" ([0], [1]): address one by position`},
		{"claims[win.a].min", `--set: claims: has no element named "win.a": its elements have no names (address one by position, [0] to [0])`},
		{"blueprints[Brick].parts[Hull]", `--set: blueprints[Brick].parts: has no element [Hull]: the field is not given`},
		{"blueprints[7].hull", `--set: blueprints: has no element [7] (it has 3 elements)`},
	} {
		err := parse(t, designs).Set(c.path, "1", "--set")
		if err == nil || err.Error() != c.want {
			t.Errorf("Set(%q):\n got %v\nwant %s", c.path, err, c.want)
		}
	}
	_, err := parse(t, designs).Lookup("blueprints[Brik].hull")
	want := `f.yaml:2:3: blueprints: has no element named "Brik" (names: Sniper Cruiser, Mk. II, Brick); did you mean "Brick"?`
	if err == nil || err.Error() != want {
		t.Errorf("Lookup:\n got %v\nwant %s", err, want)
	}
}

// Positional turns names into positions, so that a path keeps its element
// once a set changes the name it was found by.
func TestPositional(t *testing.T) {
	n := parse(t, designs)
	for _, c := range [][2]string{
		{"blueprints[Brick].hull", "blueprints[2].hull"},
		{"blueprints[Sniper Cruiser].parts[Hull]", "blueprints[0].parts[2]"},
		{"blueprints[1].parts", "blueprints[1].parts"},
		{"options.x", "options.x"},
	} {
		if got, err := n.Positional(c[0]); err != nil || got != c[1] {
			t.Errorf("Positional(%q) = %q, %v; want %q", c[0], got, err, c[1])
		}
	}
	if _, err := n.Positional("blueprints[Bric].hull"); err == nil || !strings.Contains(err.Error(), `did you mean "Brick"?`) {
		t.Errorf("Positional of a mistyped name: %v", err)
	}
}

// ElementRef names an element where its name finds it, and gives its
// position where the name is shared, missing or not a name in brackets.
func TestElementRef(t *testing.T) {
	n := parse(t, designs+"parts: [Hull, Hull, \"7\", \"a[b]\", Gauss Shield]\n")
	bps, parts := n.Get("blueprints"), n.Get("parts")
	for _, c := range []struct {
		list *doc.Node
		i    int
		want string
	}{
		{bps, 0, "Sniper Cruiser"}, {bps, 1, "Mk. II"}, {n.Get("claims"), 0, "0"},
		{parts, 0, "0"}, {parts, 1, "1"}, {parts, 2, "2"}, {parts, 3, "3"}, {parts, 4, "Gauss Shield"},
	} {
		if got := c.list.ElementRef(c.i); got != c.want {
			t.Errorf("%s element %d: %q, want %q", c.list.Path, c.i, got, c.want)
		}
	}
}

// FuzzParsePath: no path panics ParsePath, Set, Unset, Lookup or
// Positional; a path that parses is written back by JoinSteps to one
// that parses to the same steps.
func FuzzParsePath(f *testing.F) {
	for _, s := range []string{"blueprints[Sniper Cruiser].parts[Ion Cannon]", "claims[0].min", "a[Mk. II].b", "a[]", "a[-1]", "[0]", "a]b[", "a[b[c]]", "a..b", "x[99999999999999999999]", "blueprints[*].hull"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, path string) {
		steps, err := doc.ParsePath(path)
		if err == nil {
			again, err := doc.ParsePath(doc.JoinSteps(steps))
			if err != nil || len(again) != len(steps) {
				t.Fatalf("%q → %q: %v", path, doc.JoinSteps(steps), err)
			}
			for i := range steps {
				if again[i] != steps[i] {
					t.Fatalf("%q: step %d %+v reads back as %+v", path, i, steps[i], again[i])
				}
			}
		}
		n, perr := scenarios.ParseYAML("f.yaml", []byte(designs))
		if perr != nil {
			t.Fatal(perr)
		}
		n.Lookup(path)
		n.Positional(path)
		n.Unset(path, "--unset")
		n.Set(path, "1", "--set")
	})
}
