package emojispace

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

// TestCitationsResolve: every section the package's comments, messages,
// reference, README and built-in scenarios cite is in README.md, where a
// reader of a clone can look it up: §N is a section "### §N", "§N step K"
// item K of its numbered list, "§N row K" row K of its table; "contract
// §N" is one of the contract's sections the README names.
func TestCitationsResolve(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	have := readmeCitable(string(readme))
	var files []string
	for _, glob := range []string{"*.go", "exact/*.go", "*.md", "../../scenarios/builtin/emojispace/*.yaml", "../../scenarios/testdata/broken/emojispace/*.err"} {
		m, err := filepath.Glob(glob)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	cite := regexp.MustCompile(`(contract )?§([0-9]+)(?: (step|row)s? ([0-9]+)(?:[-–]([0-9]+))?)?`)
	cited := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range cite.FindAllStringSubmatch(string(src), -1) {
			cited++
			for _, key := range citationKeys(m) {
				if !have[key] {
					t.Errorf("%s cites %s (%q), which README.md does not have", f, key, m[0])
				}
			}
		}
	}
	if cited < 300 {
		t.Errorf("found %d citations in %d files; the globs miss the package", cited, len(files))
	}
}

// readmeCitable returns what README.md can be cited for: "§N", "§N step K"
// for the numbered items of section N, "§N row K" for the rows of its
// table, and "contract §N" for the contract sections it names.
func readmeCitable(readme string) map[string]bool {
	have := map[string]bool{}
	for _, m := range regexp.MustCompile(`contract §([0-9]+)`).FindAllStringSubmatch(readme, -1) {
		have["contract §"+m[1]] = true
	}
	parts := regexp.MustCompile(`(?m)^### §([0-9]+) `).Split(readme, -1)
	heads := regexp.MustCompile(`(?m)^### §([0-9]+) `).FindAllStringSubmatch(readme, -1)
	for i, h := range heads {
		n, body := h[1], parts[i+1]
		have["§"+n] = true
		for _, m := range regexp.MustCompile(`(?m)^([0-9]+)\. `).FindAllStringSubmatch(body, -1) {
			have["§"+n+" step "+m[1]] = true
		}
		for _, m := range regexp.MustCompile(`(?m)^\| ([0-9]+) \|`).FindAllStringSubmatch(body, -1) {
			have["§"+n+" row "+m[1]] = true
		}
	}
	return have
}

// citationKeys returns the keys of readmeCitable a citation needs: the
// section, and each step or row of a range.
func citationKeys(m []string) []string {
	if m[1] != "" {
		return []string{"contract §" + m[2]}
	}
	keys := []string{"§" + m[2]}
	if m[3] == "" {
		return keys
	}
	lo, _ := strconv.Atoi(m[4])
	hi := lo
	if m[5] != "" {
		hi, _ = strconv.Atoi(m[5])
	}
	for k := lo; k <= hi; k++ {
		keys = append(keys, "§"+m[2]+" "+m[3]+" "+strconv.Itoa(k))
	}
	return keys
}
