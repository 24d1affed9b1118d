package textedit_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/reports/workbench/textedit"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
)

// builtins returns the source of every built-in scenario, sweep, tune and
// roster file.
func builtins(t testing.TB) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	root := "../../../scenarios/builtin"
	err := filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || filepath.Ext(p) != ".yaml" {
			return err
		}
		src, err := os.ReadFile(p)
		out[strings.TrimPrefix(p, root+"/")] = src
		return err
	})
	if err != nil || len(out) < 50 {
		t.Fatalf("%d files: %v", len(out), err)
	}
	return out
}

func parse(t testing.TB, src []byte) *doc.Node {
	t.Helper()
	n, err := scenarios.ParseYAML("", src)
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	return n
}

// Emit writes every built-in file as YAML that reads back the same.
func TestEmitReadsBack(t *testing.T) {
	for name, src := range builtins(t) {
		want := parse(t, src)
		out := textedit.Emit(want)
		got, err := scenarios.ParseYAML("", out)
		if err != nil || !textedit.Same(got, want) {
			t.Errorf("%s: %v\n%s", name, err, out)
		}
	}
}

func scalar(v string) *doc.Node { return &doc.Node{Kind: doc.Scalar, Value: v} }

// Edits change as little of the text as they can: a scalar where it
// stands (comments and layout kept), else the top-level entry that holds
// the change; the result always reads back as the document asked for.
func TestApplyChangesLittle(t *testing.T) {
	src := "# A duel.\nruleset: eclipse   # the game\nname: d\nattacker:\n  ships: {Interceptor: 1}  # one\n# the defender\ndefender:\n  ships: {Interceptor: 2}\nblueprints:\n  - {name: Gunship, base: Interceptor, parts: [Ion Cannon, Nuclear Drive, Nuclear Source]}\n"
	for _, c := range []struct {
		name string
		ops  []textedit.Op
		want string
	}{
		{"a count", []textedit.Op{{Kind: textedit.Set, Path: "attacker.ships.Interceptor", Value: scalar("3")}},
			strings.Replace(src, "{Interceptor: 1}", "{Interceptor: 3}", 1)},
		{"two scalars", []textedit.Op{{Kind: textedit.Set, Path: "attacker.ships.Interceptor", Value: scalar("3")}, {Kind: textedit.Set, Path: "blueprints[0].parts[0]", Value: scalar("Plasma Cannon")}},
			strings.Replace(strings.Replace(src, "{Interceptor: 1}", "{Interceptor: 3}", 1), "[Ion Cannon,", "[Plasma Cannon,", 1)},
		{"a new key", []textedit.Op{{Kind: textedit.Set, Path: "attacker.ships.Cruiser", Value: scalar("2")}},
			strings.Replace(src, "  ships: {Interceptor: 1}  # one\n", "  ships: {Interceptor: 1, Cruiser: 2}\n", 1)},
		{"a part added", []textedit.Op{{Kind: textedit.Append, Path: "blueprints[0].parts", Value: scalar("Electron Computer")}},
			strings.Replace(src, "Nuclear Source]}", "Nuclear Source, Electron Computer]}", 1)},
		{"a renamed key", []textedit.Op{{Kind: textedit.Rename, Path: "defender.ships.Interceptor", To: "Gunship"}},
			strings.Replace(src, "{Interceptor: 2}", "{Gunship: 2}", 1)},
		{"a part of a blueprint by name", []textedit.Op{{Kind: textedit.Set, Path: "blueprints[Gunship].parts[Ion Cannon]", Value: scalar("Plasma Cannon")}},
			strings.Replace(src, "[Ion Cannon,", "[Plasma Cannon,", 1)},
		{"a part added by name", []textedit.Op{{Kind: textedit.Append, Path: "blueprints[Gunship].parts", Value: scalar("Electron Computer")}},
			strings.Replace(src, "Nuclear Source]}", "Nuclear Source, Electron Computer]}", 1)},
		{"a removed item by name", []textedit.Op{{Kind: textedit.Remove, Path: "blueprints[Gunship]"}},
			strings.Replace(src, "blueprints:\n  - {name: Gunship, base: Interceptor, parts: [Ion Cannon, Nuclear Drive, Nuclear Source]}\n", "blueprints: []\n", 1)},
		{"a removed item", []textedit.Op{{Kind: textedit.Remove, Path: "blueprints[0]"}},
			strings.Replace(src, "blueprints:\n  - {name: Gunship, base: Interceptor, parts: [Ion Cannon, Nuclear Drive, Nuclear Source]}\n", "blueprints: []\n", 1)},
		{"a new top-level field", []textedit.Op{{Kind: textedit.Set, Path: "options.stalemate", Value: scalar("draw")}},
			src + "options: {stalemate: draw}\n"},
		{"a removed top-level field", []textedit.Op{{Kind: textedit.Remove, Path: "name"}},
			strings.Replace(src, "name: d\n", "", 1)},
	} {
		applied(t, c.name, src, c.ops, c.want)
	}
	if _, _, err := textedit.Apply([]byte(src), []textedit.Op{{Kind: textedit.Remove, Path: "nothing.here"}}); err == nil {
		t.Error("removing a field that is not there: no error")
	}
	_, _, err := textedit.Apply([]byte(src), []textedit.Op{{Kind: textedit.Set, Path: "blueprints[Gunshp].hull", Value: scalar("1")}})
	if want := `blueprints[Gunshp].hull: blueprints has no element named "Gunshp" (names: Gunship); did you mean "Gunship"?`; err == nil || err.Error() != want {
		t.Errorf("a mistyped blueprint name: %v\nwant %s", err, want)
	}
}

// applied checks that ops make src the text want, which holds the
// document Apply returns.
func applied(t *testing.T, name, src string, ops []textedit.Op, want string) {
	t.Helper()
	out, got, err := textedit.Apply([]byte(src), ops)
	if err != nil {
		t.Errorf("%s: %v", name, err)
		return
	}
	if string(out) != want {
		t.Errorf("%s:\n%s\nwant\n%s", name, out, want)
	}
	if !textedit.Same(parse(t, out), got) {
		t.Errorf("%s: the text does not hold the document returned", name)
	}
}

// Scalars of every built-in file (a dozen, evenly spread, of a long one)
// can be set in place, and the text around them stays as it was: a plain
// or quoted scalar's line, or a block scalar's lines, become one line.
func TestSetEveryScalar(t *testing.T) {
	for name, src := range builtins(t) {
		var paths []scalarAt
		var walk func(n *doc.Node)
		walk = func(n *doc.Node) {
			switch n.Kind {
			case doc.Scalar:
				if n.Value != "42" {
					paths = append(paths, scalarAt{n.Path, linesOf(src, n)})
				}
			case doc.Map:
				for i, v := range n.Vals {
					// A key with a dot (a rules file's "other.focus") cannot be
					// named by a field path: the form edits scenarios, whose
					// keys have none.
					if !strings.Contains(n.Keys[i], ".") {
						walk(v)
					}
				}
			case doc.Seq:
				for _, v := range n.Items {
					walk(v)
				}
			}
		}
		walk(parse(t, src))
		for i, p := range paths {
			if stride := len(paths)/12 + 1; i%stride != 0 {
				continue
			}
			out, _, err := textedit.Apply(src, []textedit.Op{{Kind: textedit.Set, Path: p.path, Value: scalar("42")}})
			if err != nil {
				t.Errorf("%s %s: %v", name, p.path, err)
				continue
			}
			if old, new := changedLines(src, out); len(old) != p.lines || len(new) != 1 || !strings.Contains(new[0], "42") {
				t.Errorf("%s %s: lines %q became %q, want the scalar's %d", name, p.path, old, new, p.lines)
			}
		}
	}
}

// scalarAt is a scalar of a file: its path and the lines it is written on.
type scalarAt struct {
	path  string
	lines int
}

// linesOf counts the lines the scalar n of src is written on: one, or for
// a block scalar (| or >) its header's and every line below indented
// deeper than what holds it, to the last that is not blank. It reads the
// text in its own, simpler way: what holds a block is the key its line
// starts with, after any "- ", or the last dash of a line that starts
// with the block.
func linesOf(src []byte, n *doc.Node) int {
	lines := strings.Split(string(src), "\n")
	head := []rune(lines[n.Pos.Line-1])
	if c := head[n.Pos.Col-1]; c != '|' && c != '>' {
		return 1
	}
	holder := strings.IndexFunc(string(head), func(r rune) bool { return r != ' ' && r != '-' })
	if holder == n.Pos.Col-1 {
		holder = strings.LastIndex(string(head[:holder]), "-")
	}
	count := 1
	for i := n.Pos.Line; i < len(lines); i++ {
		l := lines[i]
		if strings.TrimSpace(l) == "" {
			continue
		}
		if len(l)-len(strings.TrimLeft(l, " ")) <= holder {
			break
		}
		count = i - n.Pos.Line + 2
	}
	return count
}

// A block scalar (| or >, with its indicators) is set as a whole: the
// header and every line of it become the new value's one line, and what
// follows (blank lines, comments, the next key, the end of the text)
// stays as it was. The skirmish's wound condition was once such a block.
func TestSetBlockScalar(t *testing.T) {
	const wound = "    wound: >-\n      face >= (self.strength >= 2 * target.toughness ? 2 :\n               self.strength > target.toughness ? 3 : 5)\n"
	for _, c := range []struct {
		name, src, path, want string
	}{
		{"folded, more indented lines", "weapons:\n  bolter:\n" + wound + "    damage: 1\nunits: {}\n", "weapons.bolter.wound",
			"weapons:\n  bolter:\n    wound: face >= 4\n    damage: 1\nunits: {}\n"},
		{"literal, a blank line inside and after", "a:\n  w: |\n    x\n\n    y\n\n  hp: 3\n", "a.w",
			"a:\n  w: face >= 4\n\n  hp: 3\n"},
		{"a comment below, less indented", "a:\n  w: |-\n    x\n# note\nb: 1\n", "a.w",
			"a:\n  w: face >= 4\n# note\nb: 1\n"},
		{"in a list item, the next key as deep as its lines could be", "a:\n  - w: |+\n      x\n    hp: 2\n", "a[0].w",
			"a:\n  - w: face >= 4\n    hp: 2\n"},
		{"a list item that is the block", "a:\n  - |\n    x\n    y\n  - z\n", "a[0]",
			"a:\n  - face >= 4\n  - z\n"},
		{"an indentation indicator, the end of the text", "a:\n  w: >2\n     x\n    y", "a.w",
			"a:\n  w: face >= 4"},
		{"on one line", "weapons:\n  bolter:\n    wound: \"face >= 3\"\n    damage: 1\n", "weapons.bolter.wound",
			"weapons:\n  bolter:\n    wound: face >= 4\n    damage: 1\n"},
	} {
		applied(t, c.name, c.src, []textedit.Op{{Kind: textedit.Set, Path: c.path, Value: scalar("face >= 4")}}, c.want)
		if n := linesOf([]byte(c.src), find(parse(t, []byte(c.src)), c.path)); n != strings.Count(c.src, "\n")-strings.Count(c.want, "\n")+1 {
			t.Errorf("%s: linesOf says %d lines", c.name, n)
		}
	}
}

// find returns the node at path in n, or nil.
func find(n *doc.Node, path string) *doc.Node {
	if n.Path == path {
		return n
	}
	for _, v := range append(append([]*doc.Node{}, n.Vals...), n.Items...) {
		if f := find(v, path); f != nil {
			return f
		}
	}
	return nil
}

// changedLines returns the lines of a that b replaced, and those that
// replaced them.
func changedLines(a, b []byte) (old, new []string) {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	i := 0
	for i < len(la) && i < len(lb) && la[i] == lb[i] {
		i++
	}
	j := 0
	for j < len(la)-i && j < len(lb)-i && la[len(la)-1-j] == lb[len(lb)-1-j] {
		j++
	}
	return la[i : len(la)-j], lb[i : len(lb)-j]
}
