package crucible_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The house's size (issue 31): no package over about 25 files or 4,000
// lines of non-test Go, so that a reader can hold a package in mind and a
// new concern gets a package of its own rather than another file beside
// forty. The bound held here is 26 files and 4,100 lines: "about", since a
// package a few lines past the target should not fail the build while one
// that grows by a concern should. (It was 30 and 4,500 while rules/dbd and
// rules/eclipse were being split: 4,361 and 4,207 lines then.)
const (
	maxFiles = 26
	maxLines = 4100
)

// TestPackageSizes counts every package's non-test Go files and lines
// (testdata and hidden directories left out) and fails above the bound.
func TestPackageSizes(t *testing.T) {
	type size struct{ files, lines int }
	sizes := map[string]*size{}
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
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		s := sizes[filepath.Dir(path)]
		if s == nil {
			s = &size{}
			sizes[filepath.Dir(path)] = s
		}
		s.files++
		s.lines += strings.Count(string(src), "\n")
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(sizes) < 40 {
		t.Fatalf("counted %d packages: the walk missed the module", len(sizes))
	}
	for dir, s := range sizes {
		if s.files > maxFiles || s.lines > maxLines {
			t.Errorf("%s: %d files, %d lines of non-test Go (allowed: at most %d files and %d lines; split it by concern)", dir, s.files, s.lines, maxFiles, maxLines)
		}
	}
}
