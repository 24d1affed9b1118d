package workbench

import (
	"bufio"
	"bytes"
	"fmt"
	"net/http"
	"path"
	"strings"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
)

// entry is one scenario the page's picker offers.
type entry struct {
	Name        string `json:"name"`
	Ruleset     string `json:"ruleset"`
	Description string `json:"description,omitempty"`
}

// catalogue answers the picker's lists: the built-in scenarios, the files
// of the directory, and the rulesets (for a template each), with those
// that have an exact solver.
func (s *Server) catalogue(w http.ResponseWriter, r *http.Request) {
	list, err := scenarios.Builtin()
	if err != nil {
		fail(w, err)
		return
	}
	var builtins []entry
	for _, e := range list {
		builtins = append(builtins, entry{e.Name, rulesetOf(e.Name), e.Description})
	}
	files, err := s.dir.List()
	if err != nil {
		fail(w, err)
		return
	}
	var solvers []string
	for _, id := range rules.IDs() {
		if _, err := rules.LookupSolver(id); err == nil {
			solvers = append(solvers, id)
		}
	}
	reply(w, map[string]any{"builtins": builtins, "files": files, "rulesets": rules.IDs(), "solvers": solvers, "max_body": s.cfg.MaxBody})
}

// rulesetOf returns the ruleset of a built-in scenario, the folder of its
// name.
func rulesetOf(name string) string {
	dir, _, _ := strings.Cut(name, "/")
	return dir
}

// source is a scenario the page opens: its text and the name it runs
// under.
type source struct {
	// Name is the scenario's name when its text has no `name:` field (a
	// file's, from its file name); the text of a built-in or a template
	// carries its name in a `name:` field, so that the text alone runs as
	// the built-in does (the name selects the random streams).
	Name string `json:"name"`
	Text string `json:"text"`
	// Builtin is the built-in scenario the text is, while unchanged.
	Builtin string `json:"builtin,omitempty"`
	// Folder is the folder of the directory a file is in, where the files
	// it includes are found.
	Folder string `json:"folder,omitempty"`
	// Rules is the rules file the scenario reads, if its ruleset is one.
	Rules *rulesSource `json:"rules,omitempty"`
}

// scenario answers the text of a built-in (?builtin=NAME), a file of the
// directory (?file=PATH) or a template of a ruleset (?template=ID).
func (s *Server) scenario(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	var src source
	var err error
	switch {
	case q.Has("builtin"):
		src, err = builtinSource(q.Get("builtin"))
	case q.Has("file"):
		src, err = s.fileSource(q.Get("file"))
	case q.Has("template"):
		src, err = templateSource(q.Get("template"))
	default:
		err = fmt.Errorf("name a scenario: ?builtin=NAME, ?file=PATH or ?template=RULESET")
	}
	if err == nil {
		src.Rules = s.rulesOf(src.Name, src.Text, src.Folder)
	}
	if err != nil {
		fail(w, err)
		return
	}
	reply(w, src)
}

func builtinSource(name string) (source, error) {
	if !scenarios.IsBuiltin(name) {
		return source{}, fmt.Errorf("%s: no built-in scenario of that name%s", name, scenarios.NearestBuiltin(name))
	}
	src, _, err := scenarios.BuiltinSource(name)
	if err != nil {
		return source{}, err
	}
	return source{Name: name, Text: string(withName(src, name)), Builtin: name}, nil
}

func (s *Server) fileSource(rel string) (source, error) {
	src, err := s.dir.Read(rel)
	if err != nil {
		return source{}, err
	}
	name := strings.TrimSuffix(path.Base(rel), path.Ext(rel))
	folder := path.Dir(path.Clean(rel))
	if folder == "." {
		folder = ""
	}
	return source{Name: name, Text: string(src), Folder: folder}, nil
}

// templateSource returns a scenario to start a new one of a ruleset from:
// the shortest of its built-in scenarios, under a name of its own.
func templateSource(id string) (source, error) {
	if _, err := rules.Lookup(id); err != nil {
		return source{}, err
	}
	list, err := scenarios.Builtin()
	if err != nil {
		return source{}, err
	}
	var best []byte
	var from string
	for _, e := range list {
		if rulesetOf(e.Name) != id {
			continue
		}
		src, _, err := scenarios.BuiltinSource(e.Name)
		if err == nil && (best == nil || len(src) < len(best)) {
			best, from = src, e.Name
		}
	}
	if best == nil {
		return source{}, fmt.Errorf("%s: no built-in scenario to start from", id)
	}
	name := "my-" + id
	head := fmt.Sprintf("# A new %s scenario, begun from %s (crucible show %s).\n# crucible rules %s lists every field.\n", id, from, from, id)
	return source{Name: name, Text: head + string(withName(best, name))}, nil
}

// withName returns src with a `name:` field first, unless it has one: so
// that the text, saved as any file, runs on the streams of name. The field
// goes after any leading comments, directives and document start.
func withName(src []byte, name string) []byte {
	if root, err := scenarios.ParseYAML("", src); err == nil && root.Get("name") != nil {
		return src
	}
	var out bytes.Buffer
	sc := bufio.NewScanner(bytes.NewReader(src))
	sc.Buffer(nil, len(src)+1)
	done := false
	for sc.Scan() {
		line := sc.Text()
		t := strings.TrimSpace(line)
		if !done && (t == "---" || strings.HasPrefix(t, "--- ")) {
			out.WriteString(line + "\n")
			fmt.Fprintf(&out, "name: %s\n", name)
			done = true
			continue
		}
		if !done && t != "" && !strings.HasPrefix(t, "#") && !strings.HasPrefix(t, "%") {
			fmt.Fprintf(&out, "name: %s\n", name)
			done = true
		}
		out.WriteString(line + "\n")
	}
	return out.Bytes()
}
