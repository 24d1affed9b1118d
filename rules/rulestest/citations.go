package rulestest

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Citations checks that every citation of a ruleset's rules — in its code,
// its messages, its built-in scenarios, its error goldens — resolves to a
// part of the ruleset's README.md, so that a reader of a clone can look it
// up there. A README makes these citable:
//
//	## §N Title, ### §N.M Title    §N, §N.M
//	1. … (numbered items)           §N step K, §N item K, and §N.K when §N.K is no heading
//	| K | … (table rows)            §N row K
//	| G7 | …, | D2, D3 | …          G7, D2, D3 (decisions and documents, with Ids)
//	contract §N                     contract §N (the game's document cited by its own numbers)
//
// A citation of the game's own documents by name ("operations.md §7") is
// not the README's and is skipped: Skip matches the text just before it.
type Citations struct {
	// Readme is the README's path (README.md).
	Readme string
	// Files are globs of the files whose citations must resolve.
	Files []string
	// Min is the fewest citations the files must hold, so that a glob that
	// matches nothing fails rather than passing vacuously.
	Min int
	// Skip, if set, matches the end of the text before a citation that
	// cites another document.
	Skip *regexp.Regexp
	// Ids says the ruleset also cites its README's decisions and documents
	// by id (G7, D2).
	Ids bool
}

// citation matches §N(.M…), with a step, row or item or a range of them,
// and "contract §N"; withIds also decision and document ids (G7, D2).
var (
	citation = regexp.MustCompile(`(contract )?§ ?([0-9]+(?:\.[0-9]+)*)(?: (step|row|item)s? ([0-9]+)(?:[-–]([0-9]+))?)?()`)
	withIds  = regexp.MustCompile(citation.String() + `|\b([GD][0-9]{1,2})\b`)
)

// Check runs the check as a test.
func (c Citations) Check(t *testing.T) {
	t.Helper()
	readme, err := os.ReadFile(c.Readme)
	if err != nil {
		t.Fatal(err)
	}
	have := citable(string(readme))
	cite := citation
	if c.Ids {
		cite = withIds
	}
	cited := 0
	for _, glob := range c.Files {
		files, err := filepath.Glob(glob)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, loc := range cite.FindAllSubmatchIndex(src, -1) {
				if c.Skip != nil && c.Skip.Match(src[max(0, loc[0]-60):loc[0]]) {
					continue
				}
				cited++
				for _, key := range citationKeys(src, loc) {
					if !have[key] && !have[alternative(key)] {
						t.Errorf("%s cites %s (%q), which %s does not have", f, key, src[loc[0]:loc[1]], c.Readme)
					}
				}
			}
		}
	}
	if cited < c.Min {
		t.Errorf("found %d citations, fewer than %d: the globs %q miss the package", cited, c.Min, c.Files)
	}
}

// citable returns what a README can be cited for (see Citations).
func citable(readme string) map[string]bool {
	have := map[string]bool{}
	for _, m := range regexp.MustCompile(`contract §([0-9]+)`).FindAllStringSubmatch(readme, -1) {
		have["contract §"+m[1]] = true
	}
	for _, m := range regexp.MustCompile(`(?m)^\| ([GD][0-9]{1,2})(?:, ([GD][0-9]{1,2}))? \|`).FindAllStringSubmatch(readme, -1) {
		have[m[1]], have[m[2]] = true, true
	}
	heading := regexp.MustCompile(`(?m)^#{2,3} §([0-9.]+) `)
	anyHeading := regexp.MustCompile(`(?m)^#`)
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

// citationKeys returns the keys of citable that the citation at loc needs:
// its section, and each step, row or item of a range.
func citationKeys(src []byte, loc []int) []string {
	group := func(i int) string {
		if loc[2*i] < 0 {
			return ""
		}
		return string(src[loc[2*i]:loc[2*i+1]])
	}
	switch {
	case len(loc) > 14 && group(7) != "":
		return []string{group(7)}
	case group(1) != "":
		return []string{"contract §" + group(2)}
	}
	keys := []string{"§" + group(2)}
	if group(3) == "" {
		return keys
	}
	lo, _ := strconv.Atoi(group(4))
	hi := lo
	if group(5) != "" {
		hi, _ = strconv.Atoi(group(5))
	}
	for k := lo; k <= hi; k++ {
		keys = append(keys, "§"+group(2)+" "+group(3)+" "+strconv.Itoa(k))
	}
	return keys
}

// alternative returns the other way to cite the same place: §N.K, when
// there is no heading §N.K, may be item K of §N.
func alternative(key string) string {
	if !strings.HasPrefix(key, "§") || strings.Contains(key, " ") {
		return ""
	}
	i := strings.LastIndexByte(key, '.')
	if i < 0 {
		return ""
	}
	return key[:i] + " item " + key[i+1:]
}
