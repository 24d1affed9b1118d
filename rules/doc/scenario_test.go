package doc_test

import (
	"testing"

	"github.com/crucible-sim/crucible/rules/doc"
)

// The preamble of every ruleset's Compile: a part that is no mapping is
// refused where it stands with the ruleset's words (a missing one without
// a place), and a mapping is decoded strictly.
func TestDecodeScenario(t *testing.T) {
	type fields struct {
		A *doc.Node `doc:"a"`
		N int       `doc:"n"`
	}
	const expected = "expected a mapping with a and n"
	var v fields
	if err := doc.DecodeScenario(nil, expected, &v); err == nil || err.Error() != expected {
		t.Errorf("no document: %v, want %s", err, expected)
	}
	if err := doc.DecodeScenario(parse(t, "x: [1, 2]\n").Get("x"), expected, &v); err == nil || err.Error() != "f.yaml:1:4: x: "+expected {
		t.Errorf("a list: %v, want f.yaml:1:4: x: %s", err, expected)
	}
	if err := doc.DecodeScenario(parse(t, "n: 3\na: b\n"), expected, &v); err != nil || v.N != 3 || v.A == nil || v.A.Value != "b" {
		t.Errorf("a mapping: %+v, %v; want n 3 and a b", v, err)
	}
	if err := doc.DecodeScenario(parse(t, "m: 3\n"), expected, &v); err == nil {
		t.Error("an unknown field decoded")
	}
	n := parse(t, "a: b\n")
	if m, err := doc.Mapping(n, expected); err != nil || m != n {
		t.Errorf("Mapping = %v, %v; want the mapping it is given", m, err)
	}
}
