package scenarios

import (
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules/doc"
)

func TestParseErrorsArePositioned(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"a: [1, 2\n", "f.yaml:1:"},
		{"a: 1\na: 2\n", "f.yaml:2:1: "},
		{"x: &a 1\ny: *a\n", "anchors and aliases are not supported"},
		{"a: !!str 1\n", "tags are not supported"},
		{"a: 1\n---\nb: 2\n", "more than one YAML document"},
		{"<<: {a: 1}\n", "merge keys"},
	} {
		_, err := ParseYAML("f.yaml", []byte(c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want it to contain %q", c.src, err, c.want)
		}
	}
}

// FuzzParseYAML: no input may crash the parser, the strict decoder or an
// override of the tree it returns.
func FuzzParseYAML(f *testing.F) {
	for _, s := range []string{"name: x\nmoves: [{name: a}]\n", "a: [1, 2\n", "- - - x", "{a: {b: {c: [1, {d: e}]}}}", "x: &a 1\ny: *a", "? a\n: b\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := ParseYAML("fuzz.yaml", data)
		if err != nil {
			return
		}
		var v struct {
			Name  string   `doc:"name,required"`
			Moves []string `doc:"moves"`
		}
		_ = doc.Decode(n, &v)
		_ = n.Clone().Set("a.b[0].c", "1", "fuzz")
	})
}
