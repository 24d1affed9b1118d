package ec4x

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

// citation matches §N or §N.M, with an optional step, row or item (or a
// range of them): "§3.1 step 5", "§4.9 rows 8-10", "§9 item 11".
var citation = regexp.MustCompile(`§([0-9]+(?:\.[0-9]+)*)(?: (step|row|item)s? ([0-9]+)(?:[-–]([0-9]+))?)?`)

// gameDocument matches the end of the text before a citation of one of the
// game's own documents ("operations.md §7", "the reference chapter's ship
// table (§9.1)"), which cites that document, not README.md.
var gameDocument = regexp.MustCompile(`(operations|reference|economy|assets)(\.md| chapter)[\s\S]{0,40}$`)

// TestCitationsResolve: every §N the package's code, messages, README,
// reference and built-in scenarios cite is in README.md, where a reader of
// a clone can look it up: §N is a section "## §N" or "### §N", "§N step K"
// and "§N item K" the K-th numbered item of its text, "§N row K" the row
// of its table that starts with K.
func TestCitationsResolve(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	have := citable(string(readme))
	var files []string
	for _, glob := range []string{"*.go", "*.md", "../../scenarios/builtin/ec4x/*.yaml", "../../scenarios/testdata/broken/ec4x/*.err"} {
		m, err := filepath.Glob(glob)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	cited := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, loc := range citation.FindAllStringSubmatchIndex(string(src), -1) {
			if gameDocument.Match(src[max(0, loc[0]-60):loc[0]]) {
				continue
			}
			cited++
			m := make([]string, len(loc)/2)
			for i := range m {
				if loc[2*i] >= 0 {
					m[i] = string(src[loc[2*i]:loc[2*i+1]])
				}
			}
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

// citable returns what README.md can be cited for: "§N" for each section
// heading, "§N step K" and "§N item K" for the numbered items of its text,
// "§N row K" for the rows of its tables.
func citable(readme string) map[string]bool {
	heading := regexp.MustCompile(`(?m)^#{2,3} §([0-9.]+) `)
	anyHeading := regexp.MustCompile(`(?m)^#`)
	have := map[string]bool{}
	for _, loc := range heading.FindAllStringSubmatchIndex(readme, -1) {
		n := readme[loc[2]:loc[3]]
		body := readme[loc[1]:]
		if next := anyHeading.FindStringIndex(body); next != nil {
			body = body[:next[0]]
		}
		have["§"+n] = true
		for _, m := range regexp.MustCompile(`(?m)^([0-9]+)\. `).FindAllStringSubmatch(body, -1) {
			have["§"+n+" step "+m[1]] = true
			have["§"+n+" item "+m[1]] = true
		}
		for _, m := range regexp.MustCompile(`(?m)^\| ([0-9]+) \|`).FindAllStringSubmatch(body, -1) {
			have["§"+n+" row "+m[1]] = true
		}
	}
	return have
}

// citationKeys returns the keys of citable a citation needs: its section,
// and each step, row or item of a range.
func citationKeys(m []string) []string {
	keys := []string{"§" + m[1]}
	if m[2] == "" {
		return keys
	}
	lo, _ := strconv.Atoi(m[3])
	hi := lo
	if m[4] != "" {
		hi, _ = strconv.Atoi(m[4])
	}
	for k := lo; k <= hi; k++ {
		keys = append(keys, "§"+m[1]+" "+m[2]+" "+strconv.Itoa(k))
	}
	return keys
}
