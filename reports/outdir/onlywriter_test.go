package outdir

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// writers are the functions of package os that change the file system.
var writers = []string{"Create", "CreateTemp", "WriteFile", "Rename", "Mkdir", "MkdirAll", "MkdirTemp",
	"Remove", "RemoveAll", "Symlink", "Link", "Chmod", "Chown", "Lchown", "Chtimes", "Truncate", "CopyFS"}

// writeFlags are the flags that make os.OpenFile open a file for writing.
var writeFlags = []string{"O_WRONLY", "O_RDWR", "O_CREATE", "O_APPEND", "O_TRUNC"}

// The report directory is the only code that writes files (DESIGN.md,
// "Layout"): no other package's non-test source calls a function of os that
// changes the file system, nor opens a file for writing. A package that
// must write goes through this one's API (Open, WriteFiles,
// WriteFileAtomic).
func TestOnlyTheReportDirectoryWritesFiles(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	here, _ := filepath.Abs(".")
	var checked int
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (name == "testdata" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || filepath.Dir(path) == here {
			return nil
		}
		checked++
		for _, w := range fileWrites(t, path) {
			rel, _ := filepath.Rel(root, path)
			t.Errorf("%s:%s writes files (only reports/outdir may)", rel, w)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 100 {
		t.Fatalf("checked %d files: the walk missed the module", checked)
	}
}

// fileWrites returns where the file at path calls a writer of package os,
// or os.OpenFile with a write flag, as "line:column os.Name".
func fileWrites(t *testing.T, path string) []string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	osNames := map[string]bool{}
	for _, is := range f.Imports {
		if p, _ := strconv.Unquote(is.Path.Value); p == "os" {
			if is.Name != nil {
				osNames[is.Name.Name] = true
			} else {
				osNames["os"] = true
			}
		}
	}
	if len(osNames) == 0 {
		return nil
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if x, ok := sel.X.(*ast.Ident); !ok || !osNames[x.Name] {
			return true
		}
		name := sel.Sel.Name
		write := slices.Contains(writers, name)
		if name == "OpenFile" && len(call.Args) > 1 {
			ast.Inspect(call.Args[1], func(m ast.Node) bool {
				if s, ok := m.(*ast.SelectorExpr); ok && slices.Contains(writeFlags, s.Sel.Name) {
					write = true
				}
				return true
			})
		}
		if write {
			p := fset.Position(call.Pos())
			out = append(out, strconv.Itoa(p.Line)+":"+strconv.Itoa(p.Column)+" os."+name)
		}
		return true
	})
	return out
}

// The scan sees a write however the call is spelt, and not a read.
func TestFileWritesFindsWrites(t *testing.T) {
	dir := t.TempDir()
	src := `package p

import (
	"os"
	sys "os"
)

func f() {
	os.WriteFile("a", nil, 0o666)
	sys.MkdirAll("b", 0o777)
	os.OpenFile("c", os.O_RDONLY, 0)
	os.OpenFile("d", os.O_WRONLY|os.O_CREATE, 0o666)
	os.ReadFile("e")
}
`
	path := filepath.Join(dir, "p.go")
	if err := WriteFileAtomic(path, []byte(src)); err != nil {
		t.Fatal(err)
	}
	got := fileWrites(t, path)
	want := []string{"9:2 os.WriteFile", "10:2 os.MkdirAll", "12:2 os.OpenFile"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}
