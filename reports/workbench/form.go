package workbench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"path"
	"slices"

	"github.com/crucible-sim/crucible/reports"
	"github.com/crucible-sim/crucible/reports/workbench/textedit"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
)

// The form beside the editor is drawn by the page from two things the
// server gives: a ruleset's reference (what `crucible rules ID --format
// json` prints: every field with its type, bounds, words and where its
// names come from, and the catalogues) and the document the text holds
// (tree). The form's edits come back as textedit operations (edit), which
// rewrite as little of the text as they can; the text is then validated
// like any other edit, and the validation's error, at its field path, is
// the form's live check of every constraint the ruleset makes.

// reference answers a ruleset's reference (?ruleset=ID), as `crucible
// rules ID --format json` prints it.
func (s *Server) reference(w http.ResponseWriter, r *http.Request) {
	id := r.URL.Query().Get("ruleset")
	ref, err := rules.ReferenceOf(id)
	if err != nil {
		fail(w, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	if slices.Contains(rules.FileIDs(), id) {
		w.Header().Set("Cache-Control", "no-store") // a rules file the designer may change
	} else {
		w.Header().Set("Cache-Control", "max-age=3600")
	}
	reports.WriteReferenceJSON(w, ref, "")
}

// node is a document as the page's form reads it: a mapping's keys and
// values in order, a list's items, a scalar's text and whether it is
// quoted.
type node struct {
	Kind   string   `json:"k"`
	Value  string   `json:"v,omitempty"`
	Quoted bool     `json:"q,omitempty"`
	Keys   []string `json:"keys,omitempty"`
	Vals   []*node  `json:"vals,omitempty"`
	Items  []*node  `json:"items,omitempty"`
}

// tree returns the document n as the form reads it.
func tree(n *doc.Node) *node {
	out := &node{Kind: map[doc.Kind]string{doc.Null: "null", doc.Scalar: "scalar", doc.Map: "map", doc.Seq: "seq"}[n.Kind], Value: n.Value, Quoted: n.Quoted, Keys: n.Keys}
	for _, v := range n.Vals {
		out.Vals = append(out.Vals, tree(v))
	}
	for _, it := range n.Items {
		out.Items = append(out.Items, tree(it))
	}
	return out
}

// document returns the document of a text and its ruleset, when its YAML
// parses (its fields may still be wrong): what the form shows.
func document(e edit) (*node, string) {
	root, err := scenarios.ParseYAML(fileName(e.Name), []byte(e.Text))
	if err != nil || root.Kind != doc.Map {
		return nil, ""
	}
	id := ""
	if rs := root.Get("ruleset"); rs != nil && rs.Kind == doc.Scalar {
		id = rs.Value
		if isRulesPath(id) { // a rules file's ruleset is known by its file's name
			id = path.Base(id)
		}
	}
	return tree(root), id
}

// editRequest asks for the text with the form's edits made.
type editRequest struct {
	Text string   `json:"text"`
	Ops  []editOp `json:"ops"`
}

// editOp is a textedit.Op as the page sends it: its value any JSON, whose
// mappings keep their keys' order.
type editOp struct {
	Op    string          `json:"op"`
	Path  string          `json:"path"`
	Value json.RawMessage `json:"value,omitempty"`
	To    string          `json:"to,omitempty"`
}

// edit answers the text with the form's edits made (textedit.Apply), and
// the document it holds.
func (s *Server) edit(w http.ResponseWriter, r *http.Request) {
	var req editRequest
	if err := s.decode(w, r, &req); err != nil {
		fail(w, err)
		return
	}
	type edited struct {
		text string
		doc  *doc.Node
		err  error
	}
	res, err := bounded(s, r.Context(), func() edited {
		text, n, err := applyOps(req.Text, req.Ops)
		return edited{text, n, err}
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
	reply(w, map[string]any{"text": res.text, "doc": tree(res.doc)})
}

// applyOps makes the form's edits on text (textedit.Apply) and returns the
// text and the document it holds.
func applyOps(text string, in []editOp) (string, *doc.Node, error) {
	var ops []textedit.Op
	for _, o := range in {
		op := textedit.Op{Kind: textedit.Kind(o.Op), Path: o.Path, To: o.To}
		if len(o.Value) > 0 {
			v, err := fromJSON(o.Value)
			if err != nil {
				return "", nil, fmt.Errorf("%s %s: %v", o.Op, o.Path, err)
			}
			op.Value = v
		}
		ops = append(ops, op)
	}
	out, n, err := textedit.Apply([]byte(text), ops)
	return string(out), n, err
}

// fromJSON reads a JSON value as a document node: an object's keys in
// their order, a string as text (quoted when it would read as a number or
// a switch), a number or a boolean as written.
func fromJSON(raw []byte) (*doc.Node, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	n, err := readJSON(dec, 0)
	if err == nil && dec.More() {
		err = fmt.Errorf("more than one value")
	}
	return n, err
}

func readJSON(dec *json.Decoder, depth int) (*doc.Node, error) {
	if depth > scenarios.MaxDepth {
		return nil, fmt.Errorf("nested more than %d levels deep", scenarios.MaxDepth)
	}
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case nil:
		return &doc.Node{Kind: doc.Null}, nil
	case bool:
		return &doc.Node{Kind: doc.Scalar, Value: fmt.Sprint(t)}, nil
	case json.Number:
		return &doc.Node{Kind: doc.Scalar, Value: t.String()}, nil
	case string:
		return textedit.Text(t), nil
	case json.Delim:
		n := &doc.Node{Kind: doc.Map}
		if t == '[' {
			n.Kind = doc.Seq
		}
		for dec.More() {
			if n.Kind == doc.Map {
				k, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := readJSON(dec, depth+1)
				if err != nil {
					return nil, err
				}
				n.Keys, n.Vals = append(n.Keys, k.(string)), append(n.Vals, v)
				continue
			}
			v, err := readJSON(dec, depth+1)
			if err != nil {
				return nil, err
			}
			n.Items = append(n.Items, v)
		}
		_, err := dec.Token() // the closing delimiter
		return n, err
	}
	return nil, fmt.Errorf("unexpected %v", tok)
}

// edit is a scenario as the page holds it: its text, the name of the file
// it is saved as (fileName), and the folder of the directory it was opened
// from ("" for a built-in or a new one), where the files it includes are.
type edit struct {
	Name   string `json:"name"`
	Text   string `json:"text"`
	Folder string `json:"folder,omitempty"`
	// Rules is the page's text of the rules file the scenario reads by
	// path, read in place of the file (rulesfile.go).
	Rules *rulesText `json:"rules,omitempty"`
}
