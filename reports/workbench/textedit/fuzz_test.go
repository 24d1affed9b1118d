package textedit_test

import (
	"testing"

	"github.com/crucible-sim/crucible/reports/workbench/textedit"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
)

// Any edit of any text either fails with an error or gives a text that
// reads back as the document Apply returns.
func FuzzApply(f *testing.F) {
	f.Add("ruleset: eclipse\nattacker:\n  ships: {Interceptor: 1}  # c\n", "attacker.ships.Interceptor", "2", uint8(0), "x")
	f.Add("a: [x, 'y', \"z\"]\nb: {c: {d: 1}}\n", "a[1]", "it's: odd", uint8(0), "")
	f.Add("# top\nk: v\nl:\n  - {name: A, parts: [a, b]}\n", "l[0].parts", "c", uint8(3), "")
	f.Add("x: 1\n", "x", "", uint8(2), "y")
	f.Add("{a: 1, b: 2}\n", "b", "", uint8(1), "")
	f.Add("a:\n  b: |\n    text\n  c: 1\n", "a.b", "new", uint8(0), "")
	f.Fuzz(func(t *testing.T, src, path, value string, kind uint8, to string) {
		kinds := []textedit.Kind{textedit.Set, textedit.Remove, textedit.Rename, textedit.Append}
		op := textedit.Op{Kind: kinds[int(kind)%len(kinds)], Path: path, To: to, Value: &doc.Node{Kind: doc.Scalar, Value: value}}
		out, got, err := textedit.Apply([]byte(src), []textedit.Op{op})
		if err != nil {
			return
		}
		back, err := scenarios.ParseYAML("", out)
		if err != nil || !textedit.Same(back, got) {
			t.Fatalf("%q %+v: %q reads back as another document (%v)", src, op, out, err)
		}
	})
}
