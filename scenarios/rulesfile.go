package scenarios

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
)

// A scenario's ruleset may be a rules file (rules/rulesfile): a path
// ending in .yaml or .yml, relative to the scenario file, or a name,
// NAME.rules.yaml in a directory of the rules path or among the built-in
// rules files. The loader reads the file into the scenario's document
// under RulesKey, so that --set rules.… reaches it, the scenario's hash
// covers it and the battle compiles from the document alone, and registers
// its ruleset under the file's name (rules.OpenFile).

// RulesKey is the field of a scenario's document that holds its rules
// file's document.
const RulesKey = "rules"

// RulesFileExt is the ending of a rules file found by name.
const RulesFileExt = ".rules.yaml"

// RulesPathOrigin is the Origin of a rules file found by name in the rules
// path (Files): not beside the scenario, so a batch job cannot ship it.
const RulesPathOrigin = "the rules path"

// RulesPathEnv is the environment variable that lists the directories a
// rules file is looked up in by name, separated as PATH is.
const RulesPathEnv = "CRUCIBLE_RULES_PATH"

// rulesPath holds the directories SetRulesPath set; atomic, as commands
// run side by side in one process (cmd/cli's tests) each set it.
var rulesPath atomic.Pointer[[]string]

// SetRulesPath sets the directories a rules file named by a scenario is
// looked up in, in order, before the built-in ones (the --rules-path
// flag); nil takes them from RulesPathEnv.
func SetRulesPath(dirs []string) {
	if dirs == nil {
		rulesPath.Store(nil)
		return
	}
	rulesPath.Store(&dirs)
}

func rulesDirs() []string {
	if dirs := rulesPath.Load(); dirs != nil {
		return *dirs
	}
	var out []string
	for _, d := range filepath.SplitList(os.Getenv(RulesPathEnv)) {
		if d != "" {
			out = append(out, d)
		}
	}
	return out
}

// isRulesFileRef reports whether a ruleset field names a rules file
// rather than a ruleset compiled into crucible.
func isRulesFileRef(ref string) bool {
	if _, err := rules.Lookup(ref); err == nil && !slices.Contains(rules.FileIDs(), ref) {
		return false
	}
	return ref != ""
}

// rulesFileID is the ID of the ruleset a rules file makes: its file name.
func rulesFileID(file string) string { return path.Base(strings.ReplaceAll(file, `\`, "/")) }

// loadRules reads the rules file the scenario's ruleset field v names into
// the document and returns its ruleset's ID. A document loaded from the
// same reference before (derive runs again after each override) is kept,
// with the overrides made to it.
func (s *Scenario) loadRules(v *doc.Node) (string, error) {
	ref := v.Value
	if s.rulesRef == ref && s.root.Get(RulesKey) != nil {
		return s.rulesID, nil
	}
	if s.rulesRef == "" && s.root.Get(RulesKey) != nil {
		return "", s.root.Get(RulesKey).Errorf("a scenario does not hold rules: they are read from the rules file its ruleset field names (change them in that file, or with --set %s.PATH=VALUE)", RulesKey)
	}
	file, src, err := s.findRules(v)
	if err != nil {
		return "", err
	}
	n, err := ParseYAML(file, src)
	if err != nil {
		return "", err
	}
	id := rulesFileID(file)
	if _, err := rules.OpenFile(id, n); err != nil {
		return "", v.Errorf("%v", err)
	}
	s.root.Put(RulesKey, n)
	s.rulesRef, s.rulesID = ref, id
	return id, nil
}

// findRules reads the rules file ref names and returns its name (for
// messages) and its bytes. A file read from disk is recorded among the
// scenario's files, for batch to ship.
func (s *Scenario) findRules(v *doc.Node) (string, []byte, error) {
	ref := v.Value
	switch {
	case !strings.HasSuffix(ref, ".yaml") && !strings.HasSuffix(ref, ".yml"):
		return s.findRulesByName(v)
	case s.fsys != nil:
		file := path.Clean(ref)
		if path.IsAbs(ref) || strings.Contains(ref, `\`) || !fs.ValidPath(file) {
			return "", nil, v.Errorf("the rules file %s: outside the folder this scenario's files are read from (allowed: a name relative to it, inside it)", ref)
		}
		src, err := readFileIn(s.fsys, file)
		if err != nil {
			return "", nil, v.Errorf("cannot read the rules file: %v", err)
		}
		s.read(File{Path: file, Ref: ref, Field: "ruleset", Origin: v.Pos.Origin, Src: src})
		return file, src, nil
	}
	file := ref
	fromBuiltin := false
	switch {
	case v.Pos.Origin != "" || path.IsAbs(file) || filepath.IsAbs(file):
	case strings.HasPrefix(s.File, "builtin/"):
		file, fromBuiltin = path.Join(path.Dir(s.File), file), true
	default:
		file = path.Join(path.Dir(strings.ReplaceAll(s.File, `\`, "/")), file)
	}
	var src []byte
	var err error
	if fromBuiltin {
		src, err = fs.ReadFile(builtin, file)
	} else {
		src, err = readFile(file)
	}
	if err != nil {
		return "", nil, v.Errorf("cannot read the rules file: %v", err)
	}
	if !fromBuiltin {
		s.read(File{Path: file, Ref: ref, Field: "ruleset", Origin: v.Pos.Origin, Src: src})
	}
	return file, src, nil
}

// findRulesByName reads the rules file a name (not a path) names: from
// the first directory of the rules path that holds it, else built in.
func (s *Scenario) findRulesByName(v *doc.Node) (string, []byte, error) {
	ref := v.Value
	dirs := rulesDirs()
	if s.fsys != nil {
		dirs = nil // a scenario read in a folder reads nothing outside it
	}
	for _, dir := range dirs {
		file := filepath.Join(dir, ref+RulesFileExt)
		src, err := readFile(file)
		if err == nil {
			s.read(File{Path: file, Ref: file, Field: "ruleset", Origin: RulesPathOrigin, Src: src})
			return file, src, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", nil, v.Errorf("cannot read the rules file %s: %v", file, err)
		}
	}
	if p, ok := builtinRulesFile(ref); ok {
		src, err := fs.ReadFile(builtin, p)
		if err != nil {
			return "", nil, v.Errorf("cannot read the built-in rules file %s: %v", ref, err)
		}
		return p, src, nil
	}
	known := append(rules.IDs(), BuiltinRulesFiles()...)
	files := ""
	if b := BuiltinRulesFiles(); len(b) > 0 {
		files = ", and the built-in rules files " + strings.Join(b, ", ")
	}
	where := RulesPathEnv + " or --rules-path"
	if dirs := rulesDirs(); len(dirs) > 0 {
		where = strings.Join(dirs, ", ")
	}
	return "", nil, v.Errorf("unknown ruleset %q (known: %s%s); a rules file of your own is named by its path (ruleset: ./%s%s), or by name from a directory in %s%s",
		ref, strings.Join(rules.IDs(), ", "), files, ref, RulesFileExt, where, doc.DidYouMean(ref, known))
}

// builtinRulesFile returns the path of the built-in rules file of that
// name: builtin/<dir>/<name>.rules.yaml.
// The name is looked up in each folder, not matched by fs.Glob, which
// read every built-in file's name for each lookup (and would read a name
// with * in it as a pattern).
func builtinRulesFile(name string) (string, bool) {
	dirs, _ := fs.ReadDir(builtin, "builtin")
	for _, d := range dirs {
		p := "builtin/" + d.Name() + "/" + name + RulesFileExt
		if !d.IsDir() || !fs.ValidPath(p) || path.Dir(p) != "builtin/"+d.Name() {
			continue
		}
		if info, err := fs.Stat(builtin, p); err == nil && info.Mode().IsRegular() {
			return p, true
		}
	}
	return "", false
}

// BuiltinRulesFileSource returns the built-in rules file of that name:
// its path among the built-in files and its bytes. It is what a scenario
// read in a folder (ParseIn), which looks for a rules file by name nowhere
// else, reads.
func BuiltinRulesFileSource(name string) (string, []byte, error) {
	p, ok := builtinRulesFile(name)
	if !ok {
		return "", nil, &fs.PathError{Op: "open", Path: name + RulesFileExt, Err: fs.ErrNotExist}
	}
	src, err := fs.ReadFile(builtin, p)
	return p, src, err
}

// BuiltinRulesFiles lists the names of the built-in rules files, sorted.
func BuiltinRulesFiles() []string {
	matches, _ := fs.Glob(builtin, "builtin/*/*"+RulesFileExt)
	var out []string
	for _, m := range matches {
		out = append(out, strings.TrimSuffix(path.Base(m), RulesFileExt))
	}
	slices.Sort(out)
	return out
}

// RulesFileSource returns a rules file named as a scenario's ruleset field
// names one by name (in the rules path or built in), or a path: its name
// for messages and its bytes, for `crucible rules FILE`.
func RulesFileSource(ref string) (string, []byte, error) {
	s := &Scenario{File: "command line"}
	return s.findRules(&doc.Node{Kind: doc.Scalar, Value: ref, Pos: doc.Pos{Origin: "crucible rules " + ref}})
}

// isRulesFileName reports whether a built-in file is a rules file, which
// is not a scenario.
func isRulesFileName(p string) bool { return strings.HasSuffix(p, RulesFileExt) }
