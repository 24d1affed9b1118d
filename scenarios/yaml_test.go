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
		{"a: 1\n---\nb: 2\n", "f.yaml:2:1: a second YAML document starts here"},
		{"%YAML 1.2\n---\na: 1\n---\nb: 2\n", "f.yaml:4:1: a second YAML document starts here"},
		{"%YAML 1.2\n%YAML 1.2\n---\na: 1\n", "f.yaml:1:1: a directive (a line starting with %, such as %YAML 1.2) goes before the document"},
		{"%YAML 1.3\n---\na: 1\n", `f.yaml:1:7: unknown YAML version "1.3" (allowed: %YAML 1.1, %YAML 1.2, or no directive)`},
		{"%TAG ! tag:x,2000:\n---\na: 1\n", "f.yaml:1:1: YAML %TAG directives are not supported"},
		{"%FOO x\n---\na: 1\n", "f.yaml:1:1: unknown YAML directive %FOO (allowed: %YAML 1.1, %YAML 1.2)"},
		{"<<: {a: 1}\n", "merge keys"},
	} {
		_, err := ParseYAML("f.yaml", []byte(c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want it to contain %q", c.src, err, c.want)
		}
	}
}

// A %YAML directive of version 1.1 or 1.2 before the document is accepted:
// the document reads as it would without it.
func TestYAMLDirective(t *testing.T) {
	for _, src := range []string{"%YAML 1.2\n---\na: 1\n", "%YAML 1.1\n---\na: 1\n", "# c\n%YAML 1.2 # c\n--- # c\na: 1\n...\n"} {
		n, err := ParseYAML("f.yaml", []byte(src))
		if err != nil {
			t.Errorf("%q: %v", src, err)
			continue
		}
		if a := n.Get("a"); a == nil || a.Value != "1" || a.Pos.Line != strings.Count(src[:strings.Index(src, "a: 1")], "\n")+1 {
			t.Errorf("%q: a is %+v", src, a)
		}
	}
}

// A scalar written as a string (quoted, or a block scalar) is marked
// Quoted, so that "109" is refused where a number belongs; a plain one is
// not.
func TestQuotedScalars(t *testing.T) {
	n, err := ParseYAML("f.yaml", []byte("a: 109\nb: \"109\"\nc: '109'\nd: |\n  109\ne: x\nf: {\"g\": \"1\", \"h\": 1}\n"))
	if err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string]bool{"a": false, "b": true, "c": true, "d": true, "e": false} {
		if got := n.Get(key).Quoted; got != want {
			t.Errorf("%s: Quoted %v, want %v", key, got, want)
		}
	}
	if f := n.Get("f"); !f.Get("g").Quoted || f.Get("h").Quoted {
		t.Errorf("JSON: g quoted %v, h quoted %v", f.Get("g").Quoted, f.Get("h").Quoted)
	}
}

// FuzzParseYAML: no input may crash the parser, the strict decoder or an
// override of the tree it returns.
func FuzzParseYAML(f *testing.F) {
	for _, s := range []string{"name: x\nmoves: [{name: a}]\n", "a: [1, 2\n", "- - - x", "{a: {b: {c: [1, {d: e}]}}}", "x: &a 1\ny: *a", "? a\n: b\n", "%YAML 1.2\n---\na: \"1\"\n", "%TAG ! x\n---\n"} {
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
