package scenarios_test

import (
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/crucible-sim/crucible/scenarios"
)

// A scenario read by ParseIn includes files from its file system only:
// inside it, by a relative name (from the file or from an override), it
// reads them; an absolute name or one that climbs out is refused with the
// same words whether or not a file is there, and nothing of such a file is
// read or shown.
func TestParseInReadsIncludesOnlyInside(t *testing.T) {
	board, err := os.ReadFile("../rules/dbd/testdata/d6/symmetric_line.json")
	if err != nil {
		t.Fatal(err)
	}
	outside := t.TempDir() + "/plain.json"
	if err := os.WriteFile(outside, []byte("SECRET first line\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{"maps/line.json": {Data: board}, "line.json": {Data: board}}
	parse := func(text string) (*scenarios.Scenario, error) {
		return scenarios.ParseIn(fsys, "w.yaml", "w", []byte(text))
	}
	for _, inside := range []string{"line.json", "maps/line.json", "maps/../line.json"} {
		sc, err := parse("ruleset: dbd\nscenario: " + inside + "\n")
		if err == nil {
			_, err = sc.Compile()
		}
		if err != nil {
			t.Errorf("%s: %v", inside, err)
		}
	}
	refusal := func(err error, name string) string {
		if err == nil {
			t.Fatalf("%s: read", name)
		}
		if strings.Contains(err.Error(), "SECRET") {
			t.Errorf("%s: the error shows the file: %v", name, err)
		}
		return strings.ReplaceAll(err.Error(), name, "NAME")
	}
	var words []string
	for _, name := range []string{outside, "/no/such/file.json", "../plain.json", "maps/../../plain.json", `..\plain.json`} {
		_, err := parse("ruleset: dbd\nscenario: " + name + "\n")
		words = append(words, refusal(err, name))
		sc, err := parse("ruleset: dbd\nscenario: line.json\n")
		if err != nil {
			t.Fatal(err)
		}
		// An override (a sweep's point, --set) is held to the same.
		words = append(words, refusal(sc.Set("scenario="+name), name))
		clone := sc.Clone()
		words = append(words, refusal(clone.Set("scenario="+name), name))
	}
	for _, w := range words {
		if !strings.Contains(w, "outside the folder this scenario's files are read from") {
			t.Errorf("refused with %q", w)
		}
	}
	if words[0] != words[3] || words[1] != words[4] {
		t.Errorf("an existing and a missing file are refused in different words:\n%s\n%s", words[0], words[3])
	}
}
