//go:build ignore

// arrows counts the arrows between a package's files and those that run
// back up its drawing (issue 31):
//
//	go run bench/arrows.go [-v | -all] [-best] PACKAGES...
//
// An arrow is a pair of files of one package, the first using a name
// declared in the second (a constant, variable, type, function, method or
// field; go/types resolves each use, so a method called through a value
// counts for the file that declares the method). The drawing is the file
// order in the package comment of the package's doc.go: every indented
// line of the comment that begins with file names, top to bottom, each file
// above the ones it uses (files named together on one line share a rank). An arrow runs back up when a file uses a
// name declared in a file drawn above it. Test files are not counted.
//
// For each package it prints the files, arrows and back-arrows in the
// drawn order (files the drawing leaves out are named, and their arrows
// are not classed); with -v each back-arrow and the names it carries (with
// -all every arrow); with
// -best the order with the fewest back-arrows (exact, by dynamic
// programming over subsets, for up to 24 files) and its count, so that a
// drawing that is simply in the wrong order shows.
//
// It reads type information from the compiler's export data, which
// `go list -export` builds, so it needs nothing outside the standard
// library.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"math/bits"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// listed is the part of `go list -json` the counting reads.
type listed struct {
	ImportPath string
	Dir        string
	Export     string
	GoFiles    []string
	DepOnly    bool
}

// arrow is one file using names declared in another of its package.
type arrow struct {
	from, to string
	names    map[string]bool
}

func main() {
	verbose := flag.Bool("v", false, "list each back-arrow and the names it carries")
	every := flag.Bool("all", false, "list every arrow and the names it carries")
	best := flag.Bool("best", false, "print the order with the fewest back-arrows")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: go run bench/arrows.go [-v | -all] [-best] PACKAGES...")
		os.Exit(2)
	}
	pkgs, exports, err := goList(flag.Args())
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var all, back int
	for _, p := range pkgs {
		a, b, err := report(os.Stdout, p, exports, *verbose, *every, *best)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		all, back = all+a, back+b
	}
	fmt.Printf("total: %d packages, %d arrows, %d back up the drawings\n", len(pkgs), all, back)
}

// goList lists the packages asked for and the export data of everything
// they import.
func goList(patterns []string) ([]listed, map[string]string, error) {
	cmd := exec.Command("go", append([]string{"list", "-deps", "-export", "-json=ImportPath,Dir,Export,GoFiles,DepOnly"}, patterns...)...)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, nil, fmt.Errorf("go list: %w", err)
	}
	var pkgs []listed
	exports := map[string]string{}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p listed
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, nil, err
		}
		exports[p.ImportPath] = p.Export
		if !p.DepOnly {
			pkgs = append(pkgs, p)
		}
	}
	return pkgs, exports, nil
}

// report counts one package's arrows and prints them; it returns the
// arrows and back-arrows counted in the drawn order.
func report(w io.Writer, p listed, exports map[string]string, verbose, every, best bool) (int, int, error) {
	arrows, err := fileArrows(p, exports)
	if err != nil {
		return 0, 0, err
	}
	rank, err := drawing(filepath.Join(p.Dir, "doc.go"))
	if err != nil {
		return 0, 0, err
	}
	var undrawn []string
	for _, f := range p.GoFiles {
		if _, ok := rank[f]; !ok && f != "doc.go" {
			undrawn = append(undrawn, f)
		}
	}
	var backs []arrow
	for _, a := range arrows {
		rf, okf := rank[a.from]
		rt, okt := rank[a.to]
		if okf && okt && rt < rf {
			backs = append(backs, a)
		}
	}
	if len(rank) == 0 {
		fmt.Fprintf(w, "%s: %d files, %d arrows, no drawing in doc.go (%s)\n", p.ImportPath, len(p.GoFiles), len(arrows), fewestWords(p.GoFiles, arrows))
		if every {
			for _, a := range arrows {
				fmt.Fprintf(w, "  %s uses %s: %s\n", a.from, a.to, strings.Join(sorted(a.names), ", "))
			}
		}
		if best {
			printBest(w, p.GoFiles, arrows)
		}
		return len(arrows), 0, nil
	}
	fmt.Fprintf(w, "%s: %d files, %d arrows, %d back up (doc.go's drawing)\n", p.ImportPath, len(p.GoFiles), len(arrows), len(backs))
	if len(undrawn) > 0 {
		fmt.Fprintf(w, "  not drawn: %s\n", strings.Join(undrawn, ", "))
	}
	if every {
		for _, a := range arrows {
			fmt.Fprintf(w, "  %s uses %s: %s\n", a.from, a.to, strings.Join(sorted(a.names), ", "))
		}
	} else if verbose {
		for _, a := range backs {
			fmt.Fprintf(w, "  %s uses ↑ %s: %s\n", a.from, a.to, strings.Join(sorted(a.names), ", "))
		}
	}
	if best {
		printBest(w, p.GoFiles, arrows)
	}
	return len(arrows), len(backs), nil
}

// fileArrows type-checks a package's non-test files and returns its
// arrows, sorted.
func fileArrows(p listed, exports map[string]string) ([]arrow, error) {
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range p.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		if exports[path] == "" {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(exports[path])
	})
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: imp}
	pkg, err := conf.Check(p.ImportPath, fset, files, info)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p.ImportPath, err)
	}
	byPair := map[[2]string]*arrow{}
	for id, obj := range info.Uses {
		if obj.Pkg() != pkg || !obj.Pos().IsValid() {
			continue
		}
		from := filepath.Base(fset.Position(id.Pos()).Filename)
		to := filepath.Base(fset.Position(obj.Pos()).Filename)
		if from == to {
			continue
		}
		k := [2]string{from, to}
		if byPair[k] == nil {
			byPair[k] = &arrow{from: from, to: to, names: map[string]bool{}}
		}
		byPair[k].names[obj.Name()] = true
	}
	var arrows []arrow
	for _, a := range byPair {
		arrows = append(arrows, *a)
	}
	sort.Slice(arrows, func(i, j int) bool {
		return arrows[i].from < arrows[j].from || arrows[i].from == arrows[j].from && arrows[i].to < arrows[j].to
	})
	return arrows, nil
}

// drawing reads the file order from a doc.go's package comment: the
// indented lines that begin with file names, top to bottom; files named
// together at the start of one line share a rank (neither is above the
// other). It returns each drawn file's rank; a package without doc.go, or
// whose comment draws no file, has none.
func drawing(path string) (map[string]int, error) {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ParseComments|parser.PackageClauseOnly)
	if os.IsNotExist(err) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	if f.Doc == nil {
		return nil, nil
	}
	rank := map[string]int{}
	for _, c := range f.Doc.List {
		for _, line := range strings.Split(c.Text, "\n") {
			line = strings.TrimPrefix(strings.TrimPrefix(line, "//"), "/*")
			if !strings.HasPrefix(line, "\t") && !strings.HasPrefix(line, "  ") {
				continue
			}
			n := len(rank)
			for _, field := range strings.Fields(line) {
				field = strings.TrimSuffix(field, ",")
				if !strings.HasSuffix(field, ".go") {
					break
				}
				rank[field] = n
			}
		}
	}
	return rank, nil
}

// printBest prints the order of files with the fewest back-arrows.
func printBest(w io.Writer, files []string, arrows []arrow) {
	names, order, cost := bestOrder(files, arrows)
	if order == nil {
		fmt.Fprintf(w, "  best order: not searched (%d files; the search is exact up to 24)\n", len(names))
		return
	}
	fmt.Fprintf(w, "  best order (%d back up):", cost)
	for _, i := range order {
		fmt.Fprintf(w, " %s", names[i])
	}
	fmt.Fprintln(w)
}

// fewestWords says how few back-arrows an order of the files can have.
func fewestWords(files []string, arrows []arrow) string {
	names, order, cost := bestOrder(files, arrows)
	if order == nil {
		return fmt.Sprintf("%d files: too many to search for the best order", len(names))
	}
	return fmt.Sprintf("the best order has %d back up", cost)
}

// bestOrder returns the package's files but doc.go, and the order of them
// with the fewest back-arrows and its count (no order past 24 files).
func bestOrder(files []string, arrows []arrow) ([]string, []int, int) {
	var names []string
	for _, f := range files {
		if f != "doc.go" {
			names = append(names, f)
		}
	}
	if len(names) > 24 {
		return names, nil, 0
	}
	index := map[string]int{}
	for i, f := range names {
		index[f] = i
	}
	uses := make([]uint32, len(names)) // uses[i]: the files file i uses
	for _, a := range arrows {
		i, oki := index[a.from]
		j, okj := index[a.to]
		if oki && okj {
			uses[i] |= 1 << j
		}
	}
	order, cost := fewestBack(uses)
	return names, order, cost
}

// fewestBack finds, by dynamic programming over the sets of files drawn
// at the top, the order with the fewest arrows from a file to one above
// it: placing file f below the set S costs the files of S it uses.
func fewestBack(uses []uint32) ([]int, int) {
	n := len(uses)
	full := uint32(1)<<n - 1
	cost := make([]int32, full+1)
	last := make([]int8, full+1)
	for s := uint32(1); s <= full; s++ {
		cost[s] = 1 << 30
		for rest := s; rest != 0; rest &= rest - 1 {
			f := bits.TrailingZeros32(rest)
			above := s &^ (1 << f)
			c := cost[above] + int32(bits.OnesCount32(uses[f]&above))
			if c < cost[s] {
				cost[s], last[s] = c, int8(f)
			}
		}
	}
	order := make([]int, n)
	for s, i := full, n-1; s != 0; i-- {
		f := int(last[s])
		order[i] = f
		s &^= 1 << f
	}
	return order, int(cost[full])
}

func sorted(set map[string]bool) []string {
	var out []string
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
