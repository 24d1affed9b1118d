// Package scenarios loads scenario files: the built-in ones embedded in the
// binary and the user's own, decoding them with file:line:column errors,
// applying command-line overrides and compiling them with their ruleset.
package scenarios

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/sim"
)

//go:embed builtin
var embedded embed.FS

// builtin holds the built-in scenarios, suites and sweeps, each under
// builtin/: crucible's own, embedded, unless a program named others
// (SetBuiltin).
var builtin fs.FS = embedded

// SetBuiltin makes the files of fsys the built-in scenarios, suites and
// sweeps, in place of crucible's own: <ruleset>/<name>.yaml for a scenario
// or suite named <ruleset>/<name>, sweeps/<ruleset>/<name>.yaml for a sweep.
// It is for a game's own crucible binary (package cli's Program), which
// calls it once, before anything is loaded.
func SetBuiltin(fsys fs.FS) {
	builtin = underBuiltin{fsys}
	listed.Lock()
	listed.entries = nil
	listed.Unlock()
}

// listed keeps Builtin's list once it has been read without error: the
// list parses every built-in scenario, the built-ins do not change while
// the program runs (SetBuiltin forgets it), and a server lists them for
// every page it serves.
var listed struct {
	sync.Mutex
	entries []Entry
}

// underBuiltin shows a library of scenarios at the paths crucible's own
// embedded ones have: builtin/<ruleset>/<name>.yaml.
type underBuiltin struct{ fsys fs.FS }

func (u underBuiltin) Open(name string) (fs.File, error) {
	switch rest, ok := strings.CutPrefix(name, "builtin/"); {
	case name == "builtin":
		return u.fsys.Open(".")
	case ok:
		return u.fsys.Open(rest)
	}
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}

// CommonKeys are the scenario fields crucible itself reads; everything else
// belongs to the ruleset.
var CommonKeys = []string{"name", "ruleset", "description", "trials", "claims", "streams"}

// ParseDocument parses YAML source and returns the part of it a ruleset
// compiles: the document without the common fields. It checks nothing else
// (a ruleset's tests compile such parts directly).
func ParseDocument(file string, src []byte) (*doc.Node, error) {
	root, err := ParseYAML(file, src)
	if err != nil {
		return nil, err
	}
	return root.Without(CommonKeys...), nil
}

// Scenario is a decoded scenario file with any overrides applied.
type Scenario struct {
	// Name identifies the scenario in output and selects its random
	// streams, unless Streams names others: "stratfight/thug-vs-guard" for
	// a built-in, the file's base name without extension (or its `name:`
	// field) otherwise.
	Name string
	// Streams, if set, names the scenario whose random streams this one
	// draws instead of its own: trial i of the two is the same stream for
	// the same seed (the `streams:` field; an exported trial of a suite
	// names the suite, so that its trial i replays the suite's).
	Streams     string
	File        string // where it was read from, for messages
	Ruleset     string
	Description string
	// Trials is the file's suggested trial count, 0 if it gives none.
	Trials int64
	Claims []Claim
	root   *doc.Node
	// whole marks a document of a ruleset's own schema, recognised by its
	// `schema` field (rules.SchemaReader): it has no common fields, and the
	// ruleset compiles all of it.
	whole bool
	files []File // see Files
	// fsys, when set, is where included files are read from, and nowhere
	// else (ParseIn).
	fsys fs.FS
	// rulesRef and rulesID are the ruleset field that named a rules file
	// read into the document (under RulesKey), and its ruleset's ID.
	rulesRef, rulesID string
}

// Entry is one built-in scenario.
type Entry struct {
	Name, Description string
}

// Builtin lists the built-in scenarios in name order. The slice is the
// caller's own.
func Builtin() ([]Entry, error) {
	listed.Lock()
	defer listed.Unlock()
	if listed.entries == nil {
		list, err := listBuiltin()
		if err != nil {
			return list, err
		}
		listed.entries = list
	}
	return slices.Clone(listed.entries), nil
}

// listBuiltin reads the list that Builtin keeps.
func listBuiltin() ([]Entry, error) {
	var out []Entry
	err := fs.WalkDir(builtin, "builtin", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == sweepsDir || p == tunesDir || p == metasDir {
			return fs.SkipDir // sweeps, tunes and rosters are not scenarios
		}
		if d.IsDir() || path.Ext(p) != ".yaml" || isRulesFileName(p) {
			return nil
		}
		if _, isSuite, _ := LoadSuite(builtinName(p)); isSuite {
			return nil
		}
		s, err := loadBuiltin(builtinName(p))
		if err != nil {
			return err
		}
		out = append(out, Entry{s.Name, s.Description})
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, err
}

func builtinName(p string) string {
	return strings.TrimSuffix(strings.TrimPrefix(p, "builtin/"), ".yaml")
}

// Load reads a scenario by built-in name ("eclipse/interceptor-duel") or by
// file path.
func Load(ref string) (*Scenario, error) {
	if IsBuiltin(ref) {
		return loadBuiltin(ref)
	}
	src, err := readFile(ref)
	if err != nil {
		if _, err := fs.Stat(builtin, sweepsDir+"/"+ref+".yaml"); err == nil {
			return nil, fmt.Errorf("%s is a built-in sweep, not a scenario: run it with `%s sweep %s`", ref, program(), ref)
		}
		if _, err := fs.Stat(builtin, tunesDir+"/"+ref+".yaml"); err == nil {
			return nil, fmt.Errorf("%s is a built-in tune, not a scenario: run it with `%s tune %s`", ref, program(), ref)
		}
		if _, err := fs.Stat(builtin, metasDir+"/"+ref+".yaml"); err == nil {
			return nil, fmt.Errorf("%s is a built-in roster, not a scenario: run it with `crucible meta %s`", ref, ref)
		}
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s: no such file and no built-in scenario of that name%s", ref, NearestBuiltin(ref))
		}
		return nil, err
	}
	base := path.Base(strings.ReplaceAll(ref, `\`, "/"))
	for _, ext := range fileExts {
		base = strings.TrimSuffix(base, ext)
	}
	s, err := Parse(ref, base, src)
	if err != nil {
		return nil, err
	}
	s.files = append([]File{{Path: ref, Ref: ref, Src: src}}, s.files...)
	return s, nil
}

// fileExts are the endings of names Load always reads as files: YAML, and
// JSON, which YAML includes (a ruleset's own JSON scenarios, for one: see
// rules.SchemaReader).
var fileExts = []string{".yaml", ".yml", ".json"}

// IsBuiltin reports whether Load reads ref as a built-in scenario rather
// than as a file: a name ending in .yaml, .yml or .json is always a file.
func IsBuiltin(ref string) bool {
	for _, ext := range fileExts {
		if strings.HasSuffix(ref, ext) {
			return false
		}
	}
	_, err := fs.Stat(builtin, "builtin/"+ref+".yaml")
	return err == nil
}

func loadBuiltin(name string) (*Scenario, error) {
	src, err := fs.ReadFile(builtin, "builtin/"+name+".yaml")
	if err != nil {
		return nil, err
	}
	return Parse("builtin/"+name+".yaml", name, src)
}

// Parse decodes a scenario from YAML source. file names it in errors;
// name is its default Name.
func Parse(file, name string, src []byte) (*Scenario, error) { return parse(nil, file, name, src) }

// ParseIn is Parse for a scenario whose included files (rules.Includer)
// are read from fsys and nowhere else, now and after any override: a name
// the scenario or an override gives is relative to fsys's root, and an
// absolute name or one that climbs out of it (a `..` left after the name
// is cleaned) is refused before anything is looked up, so that the
// refusal says nothing of what exists outside. A server reads the
// scenarios its clients send so, inside the directory it may read (the
// workbench, crucible serve).
func ParseIn(fsys fs.FS, file, name string, src []byte) (*Scenario, error) {
	return parse(fsys, file, name, src)
}

func parse(fsys fs.FS, file, name string, src []byte) (*Scenario, error) {
	root, err := ParseYAML(file, src)
	if err != nil {
		return nil, err
	}
	if root.Kind != doc.Map {
		return nil, root.Errorf("a scenario is a mapping with at least a `ruleset:` field")
	}
	if err := notAScenario(root, command(file, name)); err != nil {
		return nil, err
	}
	s := &Scenario{Name: name, File: file, root: root, fsys: fsys}
	if err := s.derive(); err != nil {
		return nil, err
	}
	return s, nil
}

// command returns how a command names the file Parse reads: a built-in by
// its name, any other file by its path.
func command(file, name string) string {
	if strings.HasPrefix(file, "builtin/") {
		return name
	}
	return file
}

// notAScenario refuses a sweep file or a suite where a scenario belongs,
// saying what it is and which command takes it (ref names it); without a
// `ruleset:`, either would otherwise be a scenario missing one.
func notAScenario(root *doc.Node, ref string) error {
	if root.Get("ruleset") != nil {
		return nil
	}
	if sw := root.Get("sweep"); sw != nil {
		return sw.Errorf("this is a sweep file, not a scenario: run it with `%s sweep %s`", program(), ref)
	}
	if tu := root.Get("tune"); tu != nil {
		return tu.Errorf("this is a tune file, not a scenario: run it with `%s tune %s`", program(), ref)
	}
	if m := root.Get("meta"); m != nil {
		return m.Errorf("this is a roster, not a scenario: run it with `crucible meta %s`", ref)
	}
	suite := root.Get("suite")
	if suite == nil || suite.Kind != doc.Seq {
		return nil
	}
	var names []string
	for _, it := range suite.Items {
		if it.Kind == doc.Scalar {
			names = append(names, it.Value)
		}
	}
	if len(names) > 5 {
		names = append(names[:5], "…")
	}
	return suite.Errorf("this is a suite of %d scenarios (%s), not a scenario: name one of them, or check them all with `%s check %s`",
		len(suite.Items), strings.Join(names, ", "), program(), ref)
}

// derive reads the common fields from the document.
func (s *Scenario) derive() error {
	var c struct {
		Name        string      `doc:"name,name"`
		Ruleset     string      `doc:"ruleset,required"`
		Description string      `doc:"description"`
		Trials      *doc.Node   `doc:"trials"`
		Claims      []*doc.Node `doc:"claims"`
		Streams     string      `doc:"streams,name"`
	}
	c.Name = s.Name
	common, err := s.commonFields()
	if err != nil {
		return err
	}
	if err := doc.Decode(common, &c); err != nil {
		return err
	}
	if err := checkFileName(common, s.File, "scenario", c.Name); err != nil {
		return err
	}
	if !s.whole && isRulesFileRef(c.Ruleset) {
		if c.Ruleset, err = s.loadRules(s.root.Get("ruleset")); err != nil {
			return err
		}
	}
	rs, err := rules.Lookup(c.Ruleset)
	if err != nil {
		return s.root.Get("ruleset").Errorf("%v", err)
	}
	if inc, ok := rs.(rules.Includer); ok && !s.whole {
		if err := s.include(inc.Includes()); err != nil {
			return err
		}
	}
	s.Trials = 0
	if doc.Present(c.Trials) {
		if s.Trials, err = sim.TrialRange.Int(c.Trials); err != nil {
			return err
		}
	}
	s.Name, s.Ruleset, s.Description, s.Streams = c.Name, c.Ruleset, c.Description, c.Streams
	s.Claims = s.Claims[:0]
	for _, n := range c.Claims {
		cl, err := ParseClaim(n)
		if err != nil {
			return err
		}
		s.Claims = append(s.Claims, cl)
	}
	return nil
}

// commonFields returns the document's common fields (CommonKeys) as a
// mapping of their own, and sets s.whole. A document of a ruleset's own
// schema has none: all of it is the ruleset's, and it names its ruleset by
// its schema, which the mapping gives as `ruleset`.
func (s *Scenario) commonFields() (*doc.Node, error) {
	common := &doc.Node{Kind: doc.Map, Pos: s.root.Pos}
	s.whole = false
	if rs := s.root.Get("ruleset"); !doc.Present(rs) {
		schema := s.root.Get("schema")
		if schema == nil {
			if rs != nil {
				return nil, rs.Errorf("no ruleset given (allowed: %s)", strings.Join(rules.IDs(), ", "))
			}
			return nil, s.root.Errorf("missing required field \"ruleset\" (allowed: %s)", strings.Join(rules.IDs(), ", "))
		}
		id, ok := rules.RulesetForSchema(schema.Value)
		if schema.Kind != doc.Scalar || !ok {
			return nil, schema.Errorf("unknown schema %s (known: %s); a scenario of crucible's own names its ruleset instead (ruleset: %s)",
				doc.Describe(schema), strings.Join(rules.Schemas(), ", "), strings.Join(rules.IDs(), ", "))
		}
		s.whole = true
		common.Keys = []string{"ruleset"}
		common.Vals = []*doc.Node{{Kind: doc.Scalar, Pos: schema.Pos, Path: "ruleset", Value: id}}
	}
	for _, k := range CommonKeys {
		if v := s.root.Get(k); v != nil && !s.whole {
			common.Keys = append(common.Keys, k)
			common.Vals = append(common.Vals, v)
		}
	}
	return common, nil
}

// checkFileName checks the name a document without a `name:` field takes
// from its file's name (doc.Name: a file name may hold what a name may
// not, a newline say), naming the file.
func checkFileName(root *doc.Node, file, what, name string) error {
	if doc.Present(root.Get("name")) {
		return nil
	}
	if err := doc.CheckName(name); err != nil {
		return &doc.Error{Pos: doc.Pos{File: file}, Msg: fmt.Sprintf("the %s is named after its file, and %v: give it a `name:` field", what, err)}
	}
	return nil
}

// include replaces each named top-level field whose value is the name of a
// scenario file (.json, .yaml, .yml) with that file's document
// (rules.Includer). The name is relative to the scenario's file (inside the
// built-in scenarios for a built-in one), or to the working directory when
// it came from --set.
func (s *Scenario) include(fields []string) error {
	for _, f := range fields {
		v := s.root.Get(f)
		if v == nil || v.Kind != doc.Scalar || !slices.ContainsFunc(fileExts, func(ext string) bool { return strings.HasSuffix(v.Value, ext) }) {
			continue
		}
		if s.fsys != nil {
			if err := s.includeIn(f, v); err != nil {
				return err
			}
			continue
		}
		var src []byte
		var err error
		file := v.Value
		switch {
		case v.Pos.Origin != "" || path.IsAbs(file):
		case strings.HasPrefix(s.File, "builtin/"):
			file = path.Join(path.Dir(s.File), file)
		default:
			file = path.Join(path.Dir(strings.ReplaceAll(s.File, `\`, "/")), file)
		}
		if strings.HasPrefix(file, "builtin/") && v.Pos.Origin == "" {
			src, err = fs.ReadFile(builtin, file)
		} else {
			src, err = readFile(file)
		}
		if err != nil {
			return v.Errorf("cannot read the %s file: %v", f, err)
		}
		if fromBuiltin := strings.HasPrefix(file, "builtin/") && v.Pos.Origin == ""; !fromBuiltin {
			s.read(File{Path: file, Ref: v.Value, Field: f, Origin: v.Pos.Origin, Src: src})
		}
		n, err := ParseYAML(file, src)
		if err != nil {
			return err
		}
		s.root.Put(f, n)
	}
	return nil
}

// includeIn is include for a scenario read by ParseIn: field f's file, v
// its name, is read from s.fsys.
func (s *Scenario) includeIn(f string, v *doc.Node) error {
	file := path.Clean(v.Value)
	if path.IsAbs(v.Value) || strings.Contains(v.Value, `\`) || !fs.ValidPath(file) {
		return v.Errorf("the %s file %s: outside the folder this scenario's files are read from (allowed: a name relative to it, inside it)", f, v.Value)
	}
	src, err := readFileIn(s.fsys, file)
	if err != nil {
		return v.Errorf("cannot read the %s file: %v", f, err)
	}
	s.read(File{Path: file, Ref: v.Value, Field: f, Origin: v.Pos.Origin, Src: src})
	n, err := ParseYAML(file, src)
	if err != nil {
		return err
	}
	s.root.Put(f, n)
	return nil
}

// CheckAssignment checks the form of an override, PATH=VALUE, without a
// scenario: a malformed one — no `=`, a bad path, a YAML value that does
// not parse (see ParseValue) — is a usage error whatever the scenario.
func CheckAssignment(assignment string) error { return CheckOverride("--set", assignment) }

// CheckOverride is CheckAssignment for an override given by the named flag
// (--set-a, --set-b of a comparison), which its errors name.
func CheckOverride(flag, assignment string) error {
	p, v, ok := strings.Cut(assignment, "=")
	if !ok || strings.TrimSpace(p) == "" {
		return fmt.Errorf("%s %s: expected PATH=VALUE, e.g. options.tie-rule=underdog", flag, assignment)
	}
	if err := doc.CheckPath(strings.TrimSpace(p)); err != nil {
		return fmt.Errorf("%s %s: %v", flag, assignment, err)
	}
	_, err := ParseValue(v, flag+" "+assignment)
	return err
}

// Set overrides one field of the scenario, as `--set PATH=VALUE` does: the
// value is a word or number as written, or a YAML list or mapping (see
// ParseValue). It is validated when the scenario is compiled, like the
// file itself.
func (s *Scenario) Set(assignment string) error { return s.SetFrom("--set", assignment) }

// SetFrom is Set for an override given by the named flag, which errors
// about it (now or when the scenario is compiled) name as its origin.
func (s *Scenario) SetFrom(flag, assignment string) error {
	if err := CheckOverride(flag, assignment); err != nil {
		return err
	}
	return s.Override(Override{Assignment: assignment, Origin: flag + " " + assignment})
}

// StreamName returns the name that selects the scenario's random streams
// (sim.Key): its `streams:` field, else its name.
func (s *Scenario) StreamName() string {
	if s.Streams != "" {
		return s.Streams
	}
	return s.Name
}

// Unset removes one field of the scenario, as `--unset PATH` does (see
// doc.Node.Unset): a path that names no field is an error, located at the
// flag, that names the fields there.
func (s *Scenario) Unset(path string) error {
	return s.Edit(func(root *doc.Node) error { return root.Unset(strings.TrimSpace(path), "--unset "+path) })
}

// Edit changes the scenario's document with edit, as an override does,
// for a change that is more than one PATH=VALUE (a side's policy set with
// rules.PolicyField.Apply, which may remove a field).
func (s *Scenario) Edit(edit func(root *doc.Node) error) error {
	if err := edit(s.root); err != nil {
		return err
	}
	return s.derive()
}

// Compile validates the ruleset part of the scenario and its claims and
// returns the battle.
func (s *Scenario) Compile() (rules.Battle, error) {
	rs, err := rules.Lookup(s.Ruleset)
	if err != nil {
		return nil, err
	}
	if s.whole {
		return compileSafely(rs, s.root)
	}
	b, err := compileSafely(rs, s.root.Without(CommonKeys...))
	if err != nil {
		return nil, withCommonKeys(err)
	}
	spec := b.Spec()
	for _, c := range s.Claims {
		if err := c.checkAgainst(s.Ruleset, spec); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// withCommonKeys adds the common fields to the allowed ones of an unknown
// top-level field: the ruleset sees only its part of the document, but the
// user wrote the whole file.
func withCommonKeys(err error) error {
	var de *doc.Error
	if errors.As(err, &de) && !strings.ContainsAny(de.Path, ".[") && strings.HasPrefix(de.Msg, "unknown field ") {
		c := *de
		c.Msg = strings.Replace(c.Msg, "(allowed: ", "(allowed: "+strings.Join(CommonKeys, ", ")+", ", 1)
		return &c
	}
	return err
}

// compileSafely turns a panic inside a ruleset's validation into an error,
// so that no input can crash crucible even through a ruleset bug.
func compileSafely(rs rules.Ruleset, n *doc.Node) (b rules.Battle, err error) {
	defer func() {
		if r := recover(); r != nil {
			b, err = nil, n.Errorf("internal error in ruleset %s while reading this scenario: %v", rs.ID(), r)
		}
	}()
	return rs.Compile(n)
}

// Document returns a copy of the ruleset part of the scenario, for tools
// that need to read fields the battle does not expose.
func (s *Scenario) Document() *doc.Node {
	if s.whole {
		return s.root.Clone()
	}
	return s.root.Without(CommonKeys...).Clone()
}

// Hash identifies the scenario's content after overrides (not its
// formatting or comments): the first 16 hex digits of a SHA-256 over a
// canonical rendering of the document.
func (s *Scenario) Hash() string {
	var b strings.Builder
	canonical(&b, s.root)
	sum := sha256.Sum256([]byte(b.String()))
	return hex.EncodeToString(sum[:8])
}

func canonical(b *strings.Builder, n *doc.Node) {
	switch n.Kind {
	case doc.Null:
		b.WriteString("~")
	case doc.Scalar:
		b.WriteString(strconv.Quote(n.Value))
	case doc.Seq:
		b.WriteString("[")
		for _, it := range n.Items {
			canonical(b, it)
			b.WriteString(",")
		}
		b.WriteString("]")
	case doc.Map:
		b.WriteString("{")
		for i, k := range n.Keys {
			b.WriteString(strconv.Quote(k))
			b.WriteString(":")
			canonical(b, n.Vals[i])
			b.WriteString(",")
		}
		b.WriteString("}")
	}
}

// BuiltinSource returns the file of a built-in scenario, suite, sweep or tune by
// name, as it is embedded, and the path it has in the repository (below
// scenarios/), so that a designer can start a file of their own from it.
func BuiltinSource(name string) (src []byte, file string, err error) {
	for _, p := range []string{"builtin/" + name + ".yaml", sweepsDir + "/" + name + ".yaml", tunesDir + "/" + name + ".yaml", metasDir + "/" + name + ".yaml"} {
		if src, err := fs.ReadFile(builtin, p); err == nil {
			return src, "scenarios/" + p, nil
		}
	}
	return nil, "", fmt.Errorf("%s: no built-in scenario, suite, sweep, tune or roster of that name%s", name, NearestBuiltin(name))
}
