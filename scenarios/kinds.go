package scenarios

import (
	"fmt"
	"io/fs"
	"strings"
)

// builtinKinds are the kinds of built-in file, each by the folder it is
// embedded under, in the order a name is looked up. "scenario" holds the
// suites and the rules files too, which live beside the scenarios.
var builtinKinds = []struct{ kind, dir string }{
	{"scenario", "builtin"}, {"sweep", sweepsDir}, {"tune", tunesDir}, {"roster", metasDir},
}

// BuiltinKinds lists the kinds of built-in file a name can denote:
// scenario (a scenario, suite or rules file), sweep, tune and roster.
func BuiltinKinds() []string {
	var kinds []string
	for _, k := range builtinKinds {
		kinds = append(kinds, k.kind)
	}
	return kinds
}

// BuiltinKindsOf lists the kinds of the built-in files named name: none,
// one, or more when two kinds share a name (the roster
// eclipse/cruiser-designs and the scenario it is based on).
func BuiltinKindsOf(name string) []string {
	var kinds []string
	for _, k := range builtinKinds {
		if _, err := fs.Stat(builtin, k.dir+"/"+name+".yaml"); err == nil {
			kinds = append(kinds, k.kind)
		}
	}
	return kinds
}

// BuiltinSourceOf returns the built-in file of the given kind (one of
// BuiltinKinds) named name, as it is embedded, and the path it has in the
// repository (below scenarios/).
func BuiltinSourceOf(kind, name string) (src []byte, file string, err error) {
	for _, k := range builtinKinds {
		if k.kind != kind {
			continue
		}
		p := k.dir + "/" + name + ".yaml"
		if src, err := fs.ReadFile(builtin, p); err == nil {
			return src, "scenarios/" + p, nil
		}
		if others := BuiltinKindsOf(name); len(others) > 0 {
			return nil, "", fmt.Errorf("%s: no built-in %s of that name; it is a built-in %s", name, kind, strings.Join(others, " and a built-in "))
		}
		return nil, "", fmt.Errorf("%s: no built-in %s of that name%s", name, kind, NearestBuiltin(name))
	}
	return nil, "", fmt.Errorf("unknown kind %q (allowed: %s)", kind, strings.Join(BuiltinKinds(), ", "))
}
