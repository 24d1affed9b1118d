package formats

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestStreamIndentedMatchesWriteIndented checks the streamed encoder
// against the whole-document one, byte for byte, on the shapes reports
// are made of: nested objects and lists, empty and nil ones, escapes.
func TestStreamIndentedMatchesWriteIndented(t *testing.T) {
	point := func(i int) json.Marshaler {
		return Object{{"point", i}, {"values", []any{json.Number("3"), "a<b & c>d"}}, {"estimate", 0.1 * float64(i)}, {"exact", nil}}
	}
	cases := map[string]json.Marshaler{
		"empty":  Object{},
		"nil":    Object(nil),
		"leaves": Object{{"s", "win.a>=0.7 \"quoted\" \\ é \u2028"}, {"n", 1e21}, {"b", true}, {"x", ExactFloat(0.5)}},
		"nested": Object{
			{"points", []json.Marshaler{point(0), point(1), point(2)}},
			{"none", []json.Marshaler{}},
			{"null", []json.Marshaler(nil)},
			{"inner", Object{{"deep", Object{{"list", []json.Marshaler{Object{}, Object{{"k", []string{}}}}}}}}},
			{"strings", []string{"a", "<b>"}},
			{"map", map[string]int{"z": 1, "a": 2}},
		},
		"list": listOf(point(7), Object{{"k", "v"}}),
	}
	for name, v := range cases {
		var want, got bytes.Buffer
		if err := WriteIndented(&want, v); err != nil {
			t.Fatalf("%s: WriteIndented: %v", name, err)
		}
		if err := StreamIndented(&got, v); err != nil {
			t.Fatalf("%s: StreamIndented: %v", name, err)
		}
		if got.String() != want.String() {
			t.Errorf("%s: streamed\n%s\nwhole\n%s", name, got.String(), want.String())
		}
	}
}

// listOf is a top-level list, which WriteIndented takes as a Marshaler.
type listOfMarshalers []json.Marshaler

func (l listOfMarshalers) MarshalJSON() ([]byte, error) { return json.Marshal([]json.Marshaler(l)) }

func listOf(ms ...json.Marshaler) json.Marshaler { return listOfMarshalers(ms) }

func TestStreamIndentedNamesTheFieldThatFails(t *testing.T) {
	var b bytes.Buffer
	err := StreamIndented(&b, Object{{"points", []json.Marshaler{Object{{"bad", func() {}}}}}})
	if err == nil || !bytes.Contains([]byte(err.Error()), []byte("points: bad: ")) {
		t.Fatalf("error %v, want one naming points: bad", err)
	}
}
