package scenarios

import (
	"fmt"
	"io/fs"
	"strings"

	"github.com/crucible-sim/crucible/rules/doc"
)

// Suite is a file that names scenarios to run together, typically to check
// a family of claims at once: `suite:` lists scenario names or paths. A
// file with a `ruleset:` is a scenario, never a suite, even when its
// ruleset has a field named suite (ec4x's generated suites).
type Suite struct {
	Name, Description string
	Scenarios         []string
}

// LoadSuite reads a suite by built-in name or path. ok is false when ref
// names no suite (it may still be a scenario).
func LoadSuite(ref string) (s *Suite, ok bool, err error) {
	var src []byte
	file := ref
	if b, err := fs.ReadFile(builtin, "builtin/"+ref+".yaml"); err == nil {
		src, file = b, "builtin/"+ref+".yaml"
	} else if b, err := readFile(ref); err == nil {
		src = b
	} else {
		return nil, false, nil
	}
	root, err := ParseYAML(file, src)
	if err != nil || root.Get("suite") == nil || root.Get("ruleset") != nil {
		return nil, false, nil
	}
	var f struct {
		Description string   `doc:"description"`
		Suite       []string `doc:"suite,required"`
	}
	if err := doc.Decode(root, &f); err != nil {
		return nil, true, err
	}
	if len(f.Suite) == 0 {
		return nil, true, root.Get("suite").Errorf("a suite lists at least one scenario")
	}
	for i, name := range f.Suite {
		if strings.TrimSpace(name) == "" {
			return nil, true, root.Get("suite").Items[i].Errorf("empty scenario name")
		}
	}
	return &Suite{Name: ref, Description: f.Description, Scenarios: f.Suite}, true, nil
}

// BuiltinSuites lists the built-in suites.
func BuiltinSuites() ([]Entry, error) {
	var out []Entry
	err := fs.WalkDir(builtin, "builtin", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".yaml") {
			return err
		}
		s, ok, err := LoadSuite(builtinName(p))
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		if ok {
			out = append(out, Entry{s.Name, s.Description})
		}
		return nil
	})
	return out, err
}

// Expand replaces every suite among refs by the scenarios it lists.
func Expand(refs []string) ([]string, error) {
	var out []string
	for _, ref := range refs {
		suite, ok, err := LoadSuite(ref)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, suite.Scenarios...)
		} else {
			out = append(out, ref)
		}
	}
	return out, nil
}
