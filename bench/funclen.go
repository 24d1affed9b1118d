//go:build ignore

// funclen lists the functions of the module's non-test Go files longer
// than a number of lines (60 by default), longest first, and counts them:
//
//	go run bench/funclen.go [-over 60] [-tests]
//
// A function's length is its lines from `func` to its closing brace.
package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

func main() {
	over := flag.Int("over", 60, "list functions longer than this many lines")
	tests := flag.Bool("tests", false, "count _test.go files too")
	flag.Parse()
	type fn struct {
		where string
		lines int
	}
	var long []fn
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != "." && (name == "testdata" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || (!*tests && strings.HasSuffix(path, "_test.go")) || path == filepath.Join("bench", "funclen.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				n := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1
				if n > *over {
					name := fd.Name.Name
					if fd.Recv != nil && len(fd.Recv.List) > 0 {
						name = recvName(fd.Recv.List[0].Type) + "." + name
					}
					long = append(long, fn{fmt.Sprintf("%s:%d %s", path, fset.Position(fd.Pos()).Line, name), n})
				}
			}
		}
		return nil
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	sort.Slice(long, func(i, j int) bool {
		return long[i].lines > long[j].lines || long[i].lines == long[j].lines && long[i].where < long[j].where
	})
	for _, f := range long {
		fmt.Printf("%4d %s\n", f.lines, f.where)
	}
	fmt.Printf("%d functions over %d lines\n", len(long), *over)
}

func recvName(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.StarExpr:
		return recvName(t.X)
	case *ast.IndexExpr:
		return recvName(t.X)
	case *ast.IndexListExpr:
		return recvName(t.X)
	case *ast.Ident:
		return t.Name
	}
	return "?"
}
