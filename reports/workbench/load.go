package workbench

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
)

// edit is a scenario as the page holds it: its text and the name of the
// file it is saved as (fileName).
type edit struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// fileName returns the name of the file the page saves a scenario named
// name as ("download scenario"): the name with characters a file name
// cannot hold replaced, and .yaml. The server reads the text as that file,
// so that `crucible run` of the saved file names and seeds it alike.
func fileName(name string) string {
	name = strings.TrimSuffix(strings.TrimSuffix(name, ".yaml"), ".yml")
	name = strings.Map(func(r rune) rune {
		if strings.ContainsRune(`/\:*?"<>| `, r) || r < ' ' {
			return '-'
		}
		return r
	}, name)
	if strings.Trim(name, ".-") == "" {
		name = "scenario"
	}
	return name + ".yaml"
}

// load reads the page's scenario as `crucible run FILE` reads the saved
// file: parsed and compiled, or the first error, located.
func load(e edit) (*scenarios.Scenario, error) {
	file := fileName(e.Name)
	src := []byte(e.Text)
	if err := noIncludes(file, src); err != nil {
		return nil, err
	}
	sc, err := scenarios.Parse(file, strings.TrimSuffix(file, ".yaml"), src)
	if err != nil {
		return nil, err
	}
	if _, err := sc.Compile(); err != nil {
		return nil, err
	}
	return sc, nil
}

// noIncludes refuses a scenario that names a file to read in place of a
// field (rules.Includer): the loader would read it from anywhere, and the
// workbench reads nothing outside its directory.
func noIncludes(file string, src []byte) error {
	root, err := scenarios.ParseYAML(file, src)
	if err != nil || root.Kind != doc.Map {
		return nil // the parse that follows reports it
	}
	id := root.Get("ruleset")
	if id == nil || id.Kind != doc.Scalar {
		return nil
	}
	rs, err := rules.Lookup(id.Value)
	if err != nil {
		return nil
	}
	inc, ok := rs.(rules.Includer)
	if !ok {
		return nil
	}
	for _, f := range inc.Includes() {
		v := root.Get(f)
		if v != nil && v.Kind == doc.Scalar && (strings.HasSuffix(v.Value, ".json") || strings.HasSuffix(v.Value, ".yaml") || strings.HasSuffix(v.Value, ".yml")) {
			return v.Errorf("the workbench reads no included file (%s): paste the file's content here, or run it with crucible run", v.Value)
		}
	}
	return nil
}

// problem is an error of a scenario where the page marks it: its line and
// column (0 when it has none) and the message `crucible validate` prints.
type problem struct {
	Line    int    `json:"line"`
	Col     int    `json:"col"`
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
	// Fields are the numbers of the scenario, which a sweep may vary.
	Fields []field `json:"fields,omitempty"`
}

// validate checks the page's scenario as `crucible validate` checks the
// saved file, and answers its line.
func (s *Server) validate(w http.ResponseWriter, r *http.Request) {
	var e edit
	if err := s.decode(w, r, &e); err != nil {
		fail(w, err)
		return
	}
	v, _ := check(e)
	reply(w, v)
}

// check validates the page's scenario as `crucible validate` does the
// saved file, and returns it when valid.
func check(e edit) (validation, *scenarios.Scenario) {
	sc, err := load(e)
	if err == nil {
		err = analysis.CheckExactClaims(sc)
	}
	if err != nil {
		return validation{Message: err.Error(), File: fileName(e.Name), Problems: []problem{problemOf(err)}}, nil
	}
	_, serr := rules.LookupSolver(sc.Ruleset)
	return validation{OK: true, Ruleset: sc.Ruleset, Exact: serr == nil, File: fileName(e.Name), Fields: numberFields(sc),
		Message: fmt.Sprintf("%s: ok (%s, %d claims)", fileName(e.Name), sc.Ruleset, len(sc.Claims))}, sc
}

// problemOf places an error at its line and column, when it has them.
func problemOf(err error) problem {
	p := problem{Message: err.Error()}
	var de *doc.Error
	if errors.As(err, &de) {
		p.Line, p.Col = de.Pos.Line, de.Pos.Col
	}
	return p
}
