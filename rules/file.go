package rules

import (
	"fmt"
	"slices"

	"github.com/crucible-sim/crucible/rules/doc"
)

// FileRuleset is implemented by a ruleset read from a designer's file (a
// rules file, package rules/rulesfile) rather than compiled into crucible.
// A scenario names the file in its ruleset field; the loader reads it and
// registers its ruleset under the file's name (RegisterFile), which every
// output prints as the scenario's ruleset. Engine names the registered
// ruleset that compiles such files, whose exact solver (if any) is the
// file's.
type FileRuleset interface {
	Ruleset
	Engine() string
}

var (
	files      = map[string]Ruleset{}
	fileOpener func(id string, file *doc.Node) Ruleset
)

// SetFileOpener installs the function that makes a ruleset of a rules
// file's document, named id (package rules/rulesfile does, in init).
func SetFileOpener(open func(id string, file *doc.Node) Ruleset) {
	mu.Lock()
	defer mu.Unlock()
	fileOpener = open
}

// OpenFile makes the ruleset of a rules file's document and registers it
// under id, replacing a ruleset of that name read before (a file read
// again, or another file of the same name: what a battle plays is in its
// own scenario document, never looked up by name). It is an error when no
// package reads rules files, or when id is the ID of a ruleset compiled
// into crucible.
func OpenFile(id string, file *doc.Node) (Ruleset, error) {
	mu.Lock()
	defer mu.Unlock()
	if fileOpener == nil {
		return nil, fmt.Errorf("this program reads no rules files (rulesets: %v)", slices.Sorted(mapsKeys(registry)))
	}
	if _, builtin := registry[id]; builtin {
		return nil, fmt.Errorf("a rules file may not be named %s, the ID of a ruleset compiled into crucible", id)
	}
	r := fileOpener(id, file)
	files[id] = r
	return r, nil
}

// FileIDs returns the IDs of the rules files registered so far, sorted.
func FileIDs() []string {
	mu.RLock()
	defer mu.RUnlock()
	return slices.Sorted(mapsKeys(files))
}

func mapsKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}
