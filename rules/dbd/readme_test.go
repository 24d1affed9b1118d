package dbd

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Every §N, GN and DN the package's code and the built-in scenarios cite
// is a section, decision or document of README.md, so that a citation
// resolves inside the repository.
func TestCitationsResolveInReadme(t *testing.T) {
	readme := readFile(t, "README.md")
	have := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^### (§\d+) `).FindAllStringSubmatch(readme, -1) {
		have[m[1]] = true
	}
	for _, m := range regexp.MustCompile(`(?m)^\| (G\d+) \|`).FindAllStringSubmatch(readme, -1) {
		have[m[1]] = true
	}
	for _, m := range regexp.MustCompile(`(?m)^\| (D\d+)(?:, (D\d+))? \|`).FindAllStringSubmatch(readme, -1) {
		have[m[1]], have[m[2]] = true, m[2] != ""
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	more, _ := filepath.Glob("../../scenarios/builtin/dbd/*.yaml")
	variants, _ := filepath.Glob("testdata/variants/*.yaml")
	cite := regexp.MustCompile(`§ ?\d+|\b[GD]\d{1,2}\b`)
	for _, f := range append(append(files, more...), variants...) {
		for _, c := range cite.FindAllString(readFile(t, f), -1) {
			c = strings.ReplaceAll(c, " ", "")
			if !have[c] {
				t.Errorf("%s cites %s, which README.md does not have", f, c)
			}
		}
	}
}

// Every option is among the decisions README.md explains.
func TestReadmeNamesEveryOption(t *testing.T) {
	readme := readFile(t, "README.md")
	for _, o := range optionSet {
		if !strings.Contains(readme, "`"+o.Name+"`") {
			t.Errorf("README.md does not name option %s", o.Name)
		}
	}
}

// The worked scenario of README.md compiles as it is printed there.
func TestReadmeScenarioCompiles(t *testing.T) {
	readme := readFile(t, "README.md")
	_, worked, ok := strings.Cut(readme, "## A worked scenario")
	if !ok {
		t.Fatal("README.md has no worked scenario")
	}
	_, block, ok := strings.Cut(worked, "```yaml\n")
	if !ok {
		t.Fatal("the worked scenario has no YAML")
	}
	block, _, _ = strings.Cut(block, "```")
	compileSource(t, block)
}

// Nothing in the package points outside the repository: the developer
// notes are not in it.
func TestNoPathOutsideRepository(t *testing.T) {
	var files []string
	for _, glob := range []string{"*", "testdata/*/*", "testdata/*", "../../scenarios/builtin/dbd/*"} {
		m, _ := filepath.Glob(glob)
		files = append(files, m...)
	}
	outside := regexp.MustCompile(`/work/|\.\./shared|shared/rules|rules/dbd\.md`)
	for _, f := range files {
		if st, err := os.Stat(f); err != nil || st.IsDir() || f == "readme_test.go" {
			continue
		}
		if m := outside.FindString(readFile(t, f)); m != "" {
			t.Errorf("%s points outside the repository (%s)", f, m)
		}
	}
}
