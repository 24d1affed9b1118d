package scenarios

import (
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/crucible-sim/crucible/rules/doc"
)

// builtinNames lists the names of every built-in scenario, suite and
// sweep, from the embedded file names alone (nothing is parsed: it serves
// an error message).
func builtinNames() []string {
	var names []string
	fs.WalkDir(builtin, "builtin", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && path.Ext(p) == ".yaml" {
			if name, ok := strings.CutPrefix(p, sweepsDir+"/"); ok {
				names = append(names, strings.TrimSuffix(name, ".yaml"))
			} else if name, ok := strings.CutPrefix(p, tunesDir+"/"); ok {
				names = append(names, strings.TrimSuffix(name, ".yaml"))
			} else if name, ok := strings.CutPrefix(p, metasDir+"/"); ok {
				names = append(names, strings.TrimSuffix(name, ".yaml"))
			} else {
				names = append(names, builtinName(p))
			}
		}
		return nil
	})
	slices.Sort(names)
	return slices.Compact(names)
}

// NearestBuiltin returns the tail of an error about ref, a name that is no
// file and no built-in: "; did you mean …?" with the nearest built-in
// names, or, with none near, where the list is. Names are compared by
// their last part (doc.Suggest: case-insensitive edit distance), since a
// ruleset's prefix would make any two of its names look alike: first
// among ref's ruleset, then in any ruleset, where the last part may also be
// equal (`intercepter-duel` and `eclipes/interceptor-duel` both find
// eclipse/interceptor-duel).
func NearestBuiltin(ref string) string {
	names := builtinNames()
	dir, base := splitName(ref)
	var same, other []string
	for _, n := range names {
		d, b := splitName(n)
		switch {
		case strings.EqualFold(d, dir) && len(doc.Suggest(base, []string{b})) > 0:
			same = append(same, n)
		case strings.EqualFold(b, base) || len(doc.Suggest(base, []string{b})) > 0:
			other = append(other, n)
		}
	}
	for _, near := range [][]string{same, other} {
		if len(near) > 0 && len(near) <= 3 {
			return doc.DidYouMeanOf(near)
		}
	}
	return " (run `" + program() + " scenarios` for the list)"
}

// splitName splits a name at its last slash: "eclipse/interceptor-duel" is
// "eclipse" and "interceptor-duel".
func splitName(name string) (dir, base string) {
	i := strings.LastIndex(name, "/")
	if i < 0 {
		return "", name
	}
	return name[:i], name[i+1:]
}

// programName holds the name of the command line whose commands messages
// name ("run `crucible scenarios`"); atomic, as commands run side by side
// in one process (the tests of cmd/cli and reports/workbench) each set it.
var programName atomic.Pointer[string]

// SetProgram names the command line in messages that name its commands:
// a game's own binary (package cli's Program) calls it, as SetBuiltin,
// before anything is loaded.
func SetProgram(name string) { programName.Store(&name) }

// program returns the name SetProgram set, "crucible" before it is set.
func program() string {
	if p := programName.Load(); p != nil {
		return *p
	}
	return "crucible"
}
