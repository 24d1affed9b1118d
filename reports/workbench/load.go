package workbench

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
)

// load reads the page's scenario as `crucible run FILE` reads the saved
// file: parsed and compiled, or the first error, located. The files it
// includes (rules.Includer: DBD's scenario: field), now or through an
// override such as a sweep's, are read from its folder of the server's
// directory and nowhere else (scenarios.ParseIn).
func (s *Server) load(e edit) (*scenarios.Scenario, error) {
	file := fileName(e.Name)
	fsys, err := s.dir.Sub(e.Folder)
	if err == nil && e.Rules != nil {
		fsys, err = withRules(fsys, e.Rules)
	}
	if err != nil {
		return nil, err
	}
	sc, err := scenarios.ParseIn(fsys, file, strings.TrimSuffix(file, ".yaml"), []byte(e.Text))
	if err != nil {
		return nil, err
	}
	if _, err := sc.Compile(); err != nil {
		return nil, err
	}
	return sc, nil
}

// problem is an error of a scenario where the page marks it: its line and
// column (0 when it has none) and the message `crucible validate` prints.
type problem struct {
	// File is the file the error is in, where it says: the scenario's, or
	// the rules file's it reads.
	File string `json:"file,omitempty"`
	Line int    `json:"line"`
	Col  int    `json:"col"`
	// Path is the field the error is about, where it names one: where the
	// form marks it.
	Path    string `json:"path,omitempty"`
	Message string `json:"message"`
}

// validation is the answer to a validate request.
type validation struct {
	OK bool `json:"ok"`
	// Message is validate's line for the scenario: "x.yaml: ok (…)" or
	// the error.
	Message string `json:"message"`
	// File is the name the page saves the scenario as (fileName).
	File     string    `json:"file"`
	Problems []problem `json:"problems,omitempty"`
	Ruleset  string    `json:"ruleset,omitempty"`
	// Exact says that the ruleset has a solver (which may still refuse
	// the scenario).
	Exact bool `json:"exact"`
	// Doc is the document the text holds, when its YAML parses (its fields
	// may still be wrong), and Of its ruleset: what the form shows.
	Doc *node  `json:"doc,omitempty"`
	Of  string `json:"of,omitempty"`
	// Reference is the reference of the page's rules file (rulesReference),
	// when the request carried one that reads: what the form offers, the
	// moment an edit of the file adds a unit.
	Reference json.RawMessage `json:"reference,omitempty"`
	// Sides are the paths of the fields that make up side a and side b,
	// where the ruleset says (rules.Sided): what a roster's entry places.
	Sides *[2][]string `json:"sides,omitempty"`
}

// validate checks the page's scenario as `crucible validate` checks the
// saved file, and answers its line.
func (s *Server) validate(w http.ResponseWriter, r *http.Request) {
	var e edit
	if err := s.decode(w, r, &e); err != nil {
		fail(w, err)
		return
	}
	v, err := bounded(s, r.Context(), func() validation { v, _ := s.check(e); return v })
	if err != nil {
		if r.Context().Err() == nil {
			fail(w, err)
		}
		return
	}
	reply(w, v)
}

// check validates the page's scenario as `crucible validate` does the
// saved file, and returns it when valid.
func (s *Server) check(e edit) (validation, *scenarios.Scenario) {
	sc, err := s.load(e)
	if err == nil {
		err = analysis.CheckExactClaims(sc)
	}
	tree, of := document(e)
	var ref json.RawMessage
	if e.Rules != nil {
		ref = rulesReference(e.Rules)
	}
	if err != nil {
		return validation{Message: err.Error(), File: fileName(e.Name), Problems: []problem{problemOf(err)}, Doc: tree, Of: of, Reference: ref}, nil
	}
	_, serr := rules.LookupSolver(sc.Ruleset)
	var sides *[2][]string
	if rs, err := rules.Lookup(sc.Ruleset); err == nil {
		if sd, ok := rs.(rules.Sided); ok {
			f := sd.SideFields()
			sides = &f
		}
	}
	return validation{Sides: sides, OK: true, Ruleset: sc.Ruleset, Exact: serr == nil, File: fileName(e.Name), Doc: tree, Of: of, Reference: ref,
		Message: fmt.Sprintf("%s: ok (%s, %d claims)", fileName(e.Name), sc.Ruleset, len(sc.Claims))}, sc
}

// problemOf places an error at its line and column, when it has them.
func problemOf(err error) problem {
	p := problem{Message: err.Error()}
	var de *doc.Error
	if errors.As(err, &de) {
		p.File, p.Line, p.Col, p.Path = de.Pos.File, de.Pos.Line, de.Pos.Col, de.Path
	}
	return p
}
