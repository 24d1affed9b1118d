package cli

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The command tree imports one way: cmd/cli adds each command's package,
// each command's package imports cmd/cli/command and no other package of
// the tree (not cmd/cli, not another command), and cmd/cli/command imports
// none of them — so that a command can move, or a new one come, without
// a cycle, and a reader of one command reads no other.
func TestCommandPackagesImportOneWay(t *testing.T) {
	t.Parallel()
	const tree = "github.com/crucible-sim/crucible/cmd/cli"
	dirs, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	commands := 0
	for _, d := range dirs {
		if !d.IsDir() || d.Name() == "testdata" {
			continue
		}
		allowed := tree + "/command"
		if d.Name() == "command" {
			allowed = "" // nothing of the tree
		} else {
			commands++
		}
		files, _ := filepath.Glob(filepath.Join(d.Name(), "*.go"))
		for _, file := range files {
			if strings.HasSuffix(file, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range f.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				if (path == tree || strings.HasPrefix(path, tree+"/")) && path != allowed {
					t.Errorf("%s imports %s; a command's package imports only %s/command of the tree, and that package none", file, path, tree)
				}
			}
		}
	}
	if commands < 7 {
		t.Errorf("%d command packages under cmd/cli, want check, compare, explain, ladder, meta, sweep and tune at least", commands)
	}
}
