package cli

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Nothing in the repository points outside it: a clone is all a user has,
// so no document, comment, scenario or test may send a reader to the
// developers' notes or to a path on the machine it was written on.
func TestNoPathOutsideRepository(t *testing.T) {
	t.Parallel()
	outside := regexp.MustCompile(`/work/|\.\./shared|shared/(rules|ec4x|seeds)|rules/(eclipse|ec4x|emojispace|stratfight|dbd)\.md|seed document`)
	root := filepath.Join("..", "..")
	checked := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if name == ".git" || name == "fuzz" || name == "out" {
				return filepath.SkipDir
			}
			return nil
		}
		if path == filepath.Join(root, "cmd", "cli", "repository_test.go") || !textFile(name) {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		checked++
		for _, line := range strings.Split(string(src), "\n") {
			if m := outside.FindString(line); m != "" {
				t.Errorf("%s points outside the repository (%q): %s", path, m, strings.TrimSpace(line))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 200 {
		t.Errorf("checked %d files: the walk misses the repository", checked)
	}
}

// textFile reports whether a file is one a reader reads: code, documents,
// scenarios, scripts.
func textFile(name string) bool {
	for _, ext := range []string{".go", ".md", ".yaml", ".yml", ".json", ".txt", ".sh", ".err", ".csv", ".html"} {
		if strings.HasSuffix(name, ext) {
			return true
		}
	}
	return name == "Makefile" || name == "run"
}
