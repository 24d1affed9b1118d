package doc

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Decode stores the node n into the value pointed to by v.
//
// Struct fields are matched by their `doc:"name"` tag (fields without one
// are skipped); `doc:"name,required"` makes a field mandatory, and
// `doc:"name,name"` reads a string field as a name (Name). A key that
// matches no field is an error that lists the valid keys. Supported field
// types are string, bool, the integer kinds (range-checked), float64,
// slices, structs, pointers to these, and *Node, which receives the raw node
// so that a ruleset can read ordered mappings itself. A null or absent
// value leaves the field unchanged, so defaults are set before decoding.
func Decode(n *Node, v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return fmt.Errorf("doc: Decode needs a non-nil pointer, got %T", v)
	}
	return decode(n, rv.Elem())
}

var nodePtr = reflect.TypeFor[*Node]()

// decode decodes node n into v by v's kind: a *Node takes the node itself,
// a pointer is allocated, a struct and a slice are decoded field by field
// and item by item, and a scalar by decodeScalar.
func decode(n *Node, v reflect.Value) error {
	if v.Type() == nodePtr {
		v.Set(reflect.ValueOf(n))
		return nil
	}
	if n == nil {
		return nil
	}
	if n.Kind == Null {
		// An empty value leaves v as it is (a pointer nil: absent),
		// unless v is a struct that needs fields: then it lacks them as
		// surely as an empty mapping would.
		if r := requiredField(v.Type()); r != "" {
			return n.Errorf("missing required field %q", r)
		}
		return nil
	}
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		return decode(n, v.Elem())
	case reflect.Struct:
		return decodeStruct(n, v)
	case reflect.Slice:
		if n.Kind != Seq {
			return n.Errorf("expected a list, got %s", Describe(n))
		}
		s := reflect.MakeSlice(v.Type(), len(n.Items), len(n.Items))
		for i, it := range n.Items {
			if err := decode(it, s.Index(i)); err != nil {
				return err
			}
		}
		v.Set(s)
		return nil
	}
	return decodeScalar(n, v)
}

// decodeScalar decodes node n, which must be a scalar, into v of a string,
// bool, integer or float kind, refusing a value out of v's range.
func decodeScalar(n *Node, v reflect.Value) error {
	if n.Kind != Scalar {
		return n.Errorf("expected %s, got %s", kindWord(v.Kind()), Describe(n))
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(n.Value)
	case reflect.Bool:
		b, err := ParseBool(n)
		if err != nil {
			return err
		}
		v.SetBool(b)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		i, err := ParseInt(n)
		if err != nil {
			return err
		}
		if v.OverflowInt(i) {
			bits := v.Type().Bits()
			return Range{Min: -1 << (bits - 1), Max: 1<<(bits-1) - 1}.Check(n, i)
		}
		v.SetInt(i)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if n.Quoted {
			return quotedNumber(n, "a non-negative integer")
		}
		i, err := strconv.ParseUint(strings.ReplaceAll(n.Value, "_", ""), 10, 64)
		if err != nil || v.OverflowUint(i) {
			return n.Errorf("expected a non-negative integer, got %q", n.Value)
		}
		v.SetUint(i)
	case reflect.Float64, reflect.Float32:
		f, err := ParseFloat(n)
		if err != nil {
			return err
		}
		v.SetFloat(f)
	default:
		return fmt.Errorf("doc: cannot decode into %s", v.Type())
	}
	return nil
}

func decodeStruct(n *Node, v reflect.Value) error {
	if n.Kind != Map {
		return n.Errorf("expected a mapping, got %s", Describe(n))
	}
	fs := fieldsOf(v.Type())
	for k, key := range n.Keys {
		i, ok := fs.index[key]
		if !ok {
			return n.Vals[k].Errorf("unknown field %q (allowed: %s)%s", key, strings.Join(fs.names, ", "), DidYouMean(key, fs.names))
		}
		if err := decodeField(n.Vals[k], v.Field(i), fs.asName[i]); err != nil {
			return err
		}
	}
	for _, r := range fs.required {
		if f := n.Get(r); f == nil || f.Kind == Null {
			return n.Errorf("missing required field %q", r)
		}
	}
	return nil
}

// structFields is what the `doc` tags of a struct type say, read once per
// type (fieldsOf): a rules file decodes hundreds of small structs, and
// splitting their tags again for each was a third of its decode.
type structFields struct {
	names    []string       // the keys, in field order
	index    map[string]int // key → field index
	required []string
	asName   []bool // by field index: tagged name (decodeField)
}

var structFieldsOf sync.Map // reflect.Type → *structFields

// fieldsOf returns the fields of struct type t.
func fieldsOf(t reflect.Type) *structFields {
	if fs, ok := structFieldsOf.Load(t); ok {
		return fs.(*structFields)
	}
	fs := &structFields{index: map[string]int{}, asName: make([]bool, t.NumField())}
	for i := range t.NumField() {
		tag, ok := t.Field(i).Tag.Lookup("doc")
		if !ok || tag == "-" {
			continue
		}
		name := strings.Split(tag, ",")[0]
		fs.names = append(fs.names, name)
		fs.index[name] = i
		if hasOption(tag, "required") {
			fs.required = append(fs.required, name)
		}
		fs.asName[i] = hasOption(tag, "name")
	}
	structFieldsOf.Store(t, fs)
	return fs
}

// decodeField decodes n into the struct field v: a string field tagged
// as a name (asName) through Name, anything else through decode.
func decodeField(n *Node, v reflect.Value, asName bool) error {
	if !asName || v.Kind() != reflect.String || n.Kind == Null {
		return decode(n, v)
	}
	s, err := Name(n)
	if err != nil {
		return err
	}
	v.SetString(s)
	return nil
}

// hasOption reports whether a `doc` tag has the option opt after its name.
func hasOption(tag, opt string) bool {
	return slices.Contains(strings.Split(tag, ",")[1:], opt)
}

// requiredField returns the first required field of struct type t, or "".
func requiredField(t reflect.Type) string {
	if t.Kind() != reflect.Struct {
		return ""
	}
	if r := fieldsOf(t).required; len(r) > 0 {
		return r[0]
	}
	return ""
}

// Describe names what a node holds, for an error that says what was found
// instead of what was expected: a scalar quoted, anything else by its kind
// ("a list", "a mapping", "null").
func Describe(n *Node) string {
	if n.Kind == Scalar {
		return strconv.Quote(n.Value)
	}
	return n.Kind.String()
}

func kindWord(k reflect.Kind) string {
	switch k {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Float32, reflect.Float64:
		return "a number"
	}
	return "an integer"
}

// Paths lists the field paths Decode accepts into a value of type t (a
// struct with doc tags, or a pointer or slice of one), each below prefix:
// "name", "parts[].cannon.yellow" (`[]` for any list index). A *Node field
// is listed by its own path alone, since what it accepts is read by hand.
// It is how a ruleset's reference is checked to list every field.
func Paths(t reflect.Type, prefix string) []string {
	var out []string
	walkPaths(t, prefix, &out)
	return out
}

func walkPaths(t reflect.Type, path string, out *[]string) {
	if t == nodePtr {
		return
	}
	switch t.Kind() {
	case reflect.Pointer:
		walkPaths(t.Elem(), path, out)
	case reflect.Slice:
		walkPaths(t.Elem(), path+"[]", out)
	case reflect.Struct:
		for i := range t.NumField() {
			tag, ok := t.Field(i).Tag.Lookup("doc")
			if !ok || tag == "-" {
				continue
			}
			name, _, _ := strings.Cut(tag, ",")
			p := name
			if path != "" {
				p = path + "." + name
			}
			*out = append(*out, p)
			walkPaths(t.Field(i).Type, p, out)
		}
	}
}
