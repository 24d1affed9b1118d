package eclipse

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestCitationsResolve: every section the package's comments, messages and
// built-in scenarios cite (§N, §N.M) is a section of README.md, where a
// reader of a clone can look it up; a citation of §13.K is item K of the
// decisions of §13.
func TestCitationsResolve(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	sections := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^#{2,3} §([0-9.]+) `).FindAllStringSubmatch(string(readme), -1) {
		sections[m[1]] = true
	}
	_, decisions, _ := strings.Cut(string(readme), "## §13 ")
	for _, m := range regexp.MustCompile(`(?m)^([0-9]+)\. `).FindAllStringSubmatch(decisions, -1) {
		sections["13."+m[1]] = true
	}
	var files []string
	for _, glob := range []string{"*.go", "exact/*.go", "../../scenarios/builtin/eclipse/*.yaml", "../../scenarios/testdata/broken/eclipse/*.err"} {
		m, err := filepath.Glob(glob)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	cite := regexp.MustCompile(`§ ?([0-9]+(?:\.[0-9]+)*)`)
	cited := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range cite.FindAllStringSubmatch(string(src), -1) {
			cited++
			if !sections[m[1]] {
				t.Errorf("%s cites §%s, which README.md does not have", f, m[1])
			}
		}
	}
	if cited < 100 {
		t.Errorf("found %d citations in %d files; the globs miss the package", cited, len(files))
	}
}
