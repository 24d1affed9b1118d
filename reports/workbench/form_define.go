package workbench

import (
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/reports/workbench/textedit"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
)

// A designer tries a change of design on a copy: "upgrade" this side's
// Interceptors, "make my own" armor from the leather one. Both are read
// off the reference, not the ruleset's Go:
//
//   - copy: the key of a mapping whose names a list of the scenario
//     defines (attacker.ships.Interceptor, whose names come from the
//     blueprints catalogue and blueprints[].name) becomes a new entry of
//     that list — a copy of the one it names, or, for a catalogue's entry,
//     a new one on it (the list's field that takes the catalogue's names,
//     blueprints[].base, set to it, and the lists the catalogue's row
//     gives, its parts, filled in) — under a new name the side now uses;
//   - inline: a field that names a catalogue's entry but may instead hold
//     a mapping of its own (a stratfight fighter's armor) becomes that
//     mapping, its fields filled from the entry's row (armor value,
//     dexterity penalty).

// defineRequest asks for a copy or an inline definition at a path.
type defineRequest struct {
	edit
	Path string `json:"path"`
	How  string `json:"how"` // "copy" or "inline"
}

// define answers the text with the copy or the definition made, its
// document, and the path of what was made (which the form opens).
func (s *Server) define(w http.ResponseWriter, r *http.Request) {
	var req defineRequest
	if err := s.decode(w, r, &req); err != nil {
		fail(w, err)
		return
	}
	type defined struct {
		text string
		doc  *doc.Node
		at   string
		err  error
	}
	res, err := bounded(s, r.Context(), func() defined {
		root, err := scenarios.ParseYAML(fileName(req.Name), []byte(req.Text))
		if err != nil {
			return defined{err: err}
		}
		ops, at, err := defineOps(root, req.Path, req.How)
		if err != nil {
			return defined{err: err}
		}
		text, n, err := textedit.Apply([]byte(req.Text), ops)
		return defined{string(text), n, at, err}
	})
	if err == nil {
		err = res.err
	}
	if err != nil {
		if r.Context().Err() == nil {
			fail(w, err)
		}
		return
	}
	reply(w, map[string]any{"text": res.text, "doc": tree(res.doc), "at": res.at})
}

// defineOps returns the edits that make a copy or an inline definition at
// path of the document root, and the path of what they make.
func defineOps(root *doc.Node, path, how string) ([]textedit.Op, string, error) {
	rs := root.Get("ruleset")
	if rs == nil || rs.Kind != doc.Scalar {
		return nil, "", fmt.Errorf("the text names no ruleset")
	}
	ref, err := rules.ReferenceOf(rs.Value)
	if err != nil {
		return nil, "", err
	}
	switch how {
	case "copy":
		return copyOps(ref, root, path)
	case "inline":
		return inlineOps(ref, root, path)
	}
	return nil, "", fmt.Errorf("%q: allowed: copy, inline", how)
}

// copyOps makes the entry the key at path names into a new entry of the
// list that defines such names, under a new name the key takes.
func copyOps(ref *rules.Reference, root *doc.Node, path string) ([]textedit.Op, string, error) {
	parent, key := splitLast(path)
	mf, ok := ref.FieldFor(parent)
	if !ok || mf.Names == nil || len(mf.Names.Fields) == 0 {
		return nil, "", fmt.Errorf("%s: its names are not defined by a list of the scenario: nothing to copy", path)
	}
	list, nameField, _ := strings.Cut(mf.Names.Fields[0], "[].")
	items := root.Get(list)
	taken := func(name string) bool { return named(items, nameField, name) != nil }
	fresh := freshName(key, taken)
	var item *doc.Node
	if old := named(items, nameField, key); old != nil {
		item = old.Clone()
		item.Put(nameField, textedit.Text(fresh))
	} else if item = fromCatalogue(ref, list, nameField, fresh, key, mf.Names.Catalogues); item == nil {
		return nil, "", fmt.Errorf("%s: %s is neither in %s nor in a catalogue of its names", path, key, list)
	}
	n := 0
	if items != nil {
		n = len(items.Items)
	}
	ops := []textedit.Op{{Kind: textedit.Append, Path: list, Value: item}, {Kind: textedit.Rename, Path: path, To: fresh}}
	return ops, fmt.Sprintf("%s[%d]", list, n), nil
}

// fromCatalogue returns a new entry of list named name on the catalogue
// entry key: the list's field that takes the catalogue's names set to it,
// and each list field of the entry that the catalogue's row gives (a
// column of its name) filled from the row; nil when no catalogue has the
// entry.
func fromCatalogue(ref *rules.Reference, list, nameField, name, key string, catalogues []string) *doc.Node {
	row, cols := catalogueRow(ref, catalogues, key)
	if row == nil {
		return nil
	}
	item := &doc.Node{Kind: doc.Map}
	item.Put(nameField, textedit.Text(name))
	for _, f := range ref.Fields {
		child, ok := strings.CutPrefix(f.Path, list+"[].")
		if !ok || strings.Contains(child, ".") || child == nameField {
			continue
		}
		switch {
		case slices.Contains(f.Values, key):
			item.Put(child, textedit.Text(key)) // the base it starts from
		case strings.HasPrefix(f.Type, "list of"):
			if i := slices.Index(cols, column(child)); i >= 0 && row[i] != "" {
				item.Put(child, listOf(row[i]))
			}
		}
	}
	return item
}

// inlineOps replaces the catalogue entry the field at path names with a
// mapping of the fields the reference gives below it, filled from the
// entry's row.
func inlineOps(ref *rules.Reference, root *doc.Node, path string) ([]textedit.Op, string, error) {
	f, ok := ref.FieldFor(path)
	v := root.At(path)
	if !ok || f.Names == nil || v == nil || v.Kind != doc.Scalar {
		return nil, "", fmt.Errorf("%s: not a field that names a catalogue's entry", path)
	}
	row, cols := catalogueRow(ref, f.Names.Catalogues, v.Value)
	if row == nil {
		return nil, "", fmt.Errorf("%s: %s is in no catalogue", path, v.Value)
	}
	m := &doc.Node{Kind: doc.Map}
	for _, cf := range ref.Fields {
		child, ok := strings.CutPrefix(cf.Path, f.Path+".")
		if !ok || strings.Contains(child, ".") {
			continue
		}
		i := slices.Index(cols, column(child))
		if i < 0 || row[i] == "" {
			continue
		}
		switch {
		case strings.HasPrefix(cf.Type, "list of"):
			m.Put(child, listOf(row[i]))
		case cf.Kind() == rules.IntegerField:
			if _, err := strconv.ParseInt(row[i], 10, 64); err == nil {
				m.Put(child, &doc.Node{Kind: doc.Scalar, Value: row[i]})
			}
		default:
			m.Put(child, textedit.Text(row[i]))
		}
	}
	if len(m.Keys) == 0 {
		return nil, "", fmt.Errorf("%s: the catalogue's row fills none of its fields", path)
	}
	return []textedit.Op{{Kind: textedit.Set, Path: path, Value: m}}, path, nil
}

// catalogueRow returns the row of the first of the catalogues whose entry
// is key, and the catalogue's columns as column names them.
func catalogueRow(ref *rules.Reference, catalogues []string, key string) ([]string, []string) {
	for _, name := range catalogues {
		c, ok := ref.Catalogue(name)
		if !ok {
			continue
		}
		for _, r := range c.Rows {
			if r[0] == key {
				cols := make([]string, len(c.Columns))
				for i, col := range c.Columns {
					cols[i] = column(col)
				}
				return r, cols
			}
		}
	}
	return nil, nil
}

// column is a catalogue's column or a field's name as the two are
// matched: lower case, words joined by _ ("armor value": armor_value).
func column(s string) string {
	return strings.ReplaceAll(strings.ToLower(strings.TrimSpace(s)), " ", "_")
}

// listOf reads a catalogue's cell "a, b, c" as a list of names.
func listOf(cell string) *doc.Node {
	n := &doc.Node{Kind: doc.Seq}
	for _, s := range strings.Split(cell, ", ") {
		n.Items = append(n.Items, textedit.Text(s))
	}
	return n
}

// named returns the item of list whose field nameField is name, or nil.
func named(list *doc.Node, nameField, name string) *doc.Node {
	if list == nil {
		return nil
	}
	for _, it := range list.Items {
		if n := it.Get(nameField); n != nil && n.Value == name {
			return it
		}
	}
	return nil
}

// freshName returns a name for a copy of name that is not taken: "name
// Mk2", or Mk3, … (an existing "X Mk2" is copied as "X Mk3").
func freshName(name string, taken func(string) bool) string {
	base := name
	if i := strings.LastIndex(name, " Mk"); i > 0 {
		if _, err := strconv.Atoi(name[i+3:]); err == nil {
			base = name[:i]
		}
	}
	for k := 2; ; k++ {
		if n := fmt.Sprintf("%s Mk%d", base, k); !taken(n) && n != name {
			return n
		}
	}
}

// splitLast splits a field path before its last key.
func splitLast(path string) (parent, key string) {
	i := strings.LastIndexByte(path, '.')
	if i < 0 {
		return "", path
	}
	return path[:i], path[i+1:]
}
