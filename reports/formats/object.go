package formats

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/crucible-sim/crucible/rules"
)

// Object is a JSON object that keeps its keys in the order written.
type Object []Field

type Field struct {
	Key string
	Val any
}

func (o Object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Quote(f.Key))
		b.WriteByte(':')
		v, err := json.Marshal(f.Val)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.Key, err)
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// SeedText is a seed as a decimal string, written beside the number: a
// reader that holds JSON numbers as doubles rounds a seed above 2^53, and
// the string lets it run the same seed again.
func SeedText(seed uint64) string { return strconv.FormatUint(seed, 10) }

// WriteObjects writes one object by itself, several as a list.
func WriteObjects(w io.Writer, objs []json.Marshaler) error {
	var v any = objs
	if len(objs) == 1 {
		v = objs[0]
	}
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// ExactFloat writes a probability with every digit a float64 holds (the
// shortest form that reads back to the same value), and null for a NaN or
// infinity, which JSON cannot hold.
type ExactFloat float64

func (x ExactFloat) MarshalJSON() ([]byte, error) {
	f := float64(x)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, f, 'g', -1, 64), nil
}

func SettingsObject(ss []rules.Setting) Object {
	o := Object{}
	for _, s := range ss {
		o = append(o, Field{s.Name, s.Value})
	}
	return o
}

// LabelsObject is what a result's JSON says of its sides' names and its
// non-victory ends: "labels" (rules.Spec.Labels), when the ruleset gives
// any, and "non_victories", when the battle declares any, which ReadJSON
// reads back.
func LabelsObject(spec rules.Spec) Object {
	var o Object
	if spec.Labels != [2]string{} {
		o = append(o, Field{"labels", Object{{"a", spec.Labels[0]}, {"b", spec.Labels[1]}}})
	}
	if len(spec.NonVictories) > 0 {
		nvs := make([]NonVictoryJSON, len(spec.NonVictories))
		for i, nv := range spec.NonVictories {
			nvs[i] = NonVictoryJSON(nv)
		}
		o = append(o, Field{"non_victories", nvs})
	}
	return o
}

func FieldOf(key string, val any) Field { return Field{Key: key, Val: val} }

// Nullable is s, or JSON null when empty.
func Nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func NonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// WriteIndented writes v as indented JSON with a trailing newline, its
// <, > and & as written (unescapeHTML).
func WriteIndented(w io.Writer, v json.Marshaler) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(UnescapeHTML(b), '\n'))
	return err
}

// UnescapeHTML writes back the <, > and & that encoding/json escapes for
// HTML, so that a target reads "win.a>=0.7" in the JSON as on the command
// line. An escape is one only where an even number of backslashes (none
// included) precede it.
func UnescapeHTML(b []byte) []byte {
	var out []byte
	for i := 0; i < len(b); i++ {
		if b[i] == '\\' && i+5 < len(b) && b[i+1] == 'u' && string(b[i+2:i+4]) == "00" {
			if c, ok := map[string]byte{"3c": '<', "3e": '>', "26": '&'}[string(b[i+4:i+6])]; ok {
				out, i = append(out, c), i+5
				continue
			}
		}
		if b[i] == '\\' && i+1 < len(b) {
			out, i = append(out, b[i], b[i+1]), i+1 // an escaped character, skipped whole
			continue
		}
		out = append(out, b[i])
	}
	return out
}

// NonVictoryJSON is the JSON form of a rules.NonVictory.
type NonVictoryJSON struct {
	End    string `json:"end"`
	Scored bool   `json:"scored"`
}
