package cli

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulesfile"
	"github.com/crucible-sim/crucible/scenarios"
)

var update = flag.Bool("update", false, "rewrite the generated files (rules/<id>/REFERENCE.md) from the code")

// Each ruleset's committed REFERENCE.md is what `crucible rules ID --format
// markdown` prints: the reference a clone reads cannot drift from the code.
func TestReferenceFilesAreGenerated(t *testing.T) {
	t.Parallel()
	for _, id := range append(rules.IDs(), rulesfile.ID) { // and the rules-file language's
		got := mustRun(t, "rules", id, "--format", "markdown")
		path := filepath.Join("..", "..", "rules", id, "REFERENCE.md")
		if *update {
			if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("%s: %v (run go test ./cmd/cli -run TestReferenceFilesAreGenerated -update)", id, err)
			continue
		}
		if got != string(want) {
			t.Errorf("%s differs from `crucible rules %s --format markdown`: regenerate it (go test ./cmd/cli -run TestReferenceFilesAreGenerated -update)", path, id)
		}
	}
}

// Every topic of every ruleset prints in each format, and an unknown topic
// or ruleset is refused with the allowed names.
func TestRulesCommand(t *testing.T) {
	t.Parallel()
	list := mustRun(t, "rules")
	for _, id := range rules.IDs() {
		if !strings.Contains(list, id+" ") {
			t.Errorf("crucible rules does not list %s:\n%s", id, list)
		}
		for _, format := range []string{"text", "markdown", "json"} {
			for _, topic := range []string{"fields", "counters", "ends"} {
				if out := mustRun(t, "rules", id, topic, "--format", format); strings.TrimSpace(out) == "" {
					t.Errorf("crucible rules %s %s --format %s printed nothing", id, topic, format)
				}
			}
		}
	}
	mustFail(t, exitFailed, `eclipse has no topic "prts"`, "rules", "eclipse", "prts")
	mustFail(t, exitFailed, `unknown ruleset "eclips"`, "rules", "eclips")
	mustFail(t, exitUsage, `--format "yaml": allowed: text, markdown, json`, "rules", "eclipse", "--format", "yaml")
}

// show prints a built-in file byte for byte, and names the list for an
// unknown one.
func TestShow(t *testing.T) {
	t.Parallel()
	got := mustRun(t, "show", "stratfight/thug-vs-guard")
	want, err := os.ReadFile(filepath.Join("..", "..", "scenarios", "builtin", "stratfight", "thug-vs-guard.yaml"))
	if err != nil || got != string(want) {
		t.Errorf("show printed %q, want the file (%v)", got, err)
	}
	if got := mustRun(t, "show", "eclipse/shields"); !strings.Contains(got, "sweep:") {
		t.Errorf("show of a built-in sweep: %q", got)
	}
	mustFail(t, exitFailed, "crucible scenarios", "show", "stratfight/nobody")
}

// The listing's title of each built-in rules file, read from its title
// line, is its reference's title, which decodes the whole file; a title
// the next line continues, or none, is read from the whole file, never
// from the line cut short.
func TestListedTitlesAreTheReferences(t *testing.T) {
	t.Parallel()
	for _, name := range scenarios.BuiltinRulesFiles() {
		file, src, err := scenarios.RulesFileSource(name)
		if err != nil {
			t.Fatal(err)
		}
		ref, err := rulesFileReference(file, src)
		if err != nil {
			t.Fatal(err)
		}
		if got := titleOf(name); got != ref.Title {
			t.Errorf("%s: listed as %q, its reference's title is %q", name, got, ref.Title)
		}
	}
	for _, c := range []struct{ src, want string }{
		{"title: 'Quoted: with a colon' # and a comment\nabout: x\n", "Quoted: with a colon"},
		{"# a file\nabout: x\ntitle: Last\n", "Last"},
		{"title: Cut\n  short\nabout: x\n", "(no reference)"}, // "Cut short", which only the whole file (here not a rules file) reads
		{"title: >\n  Folded\n", "(no reference)"},
		{"about: no title\n", "(no reference)"},
	} {
		if got := titleOfSource("t.rules.yaml", []byte(c.src)); got != c.want {
			t.Errorf("%q: title %q, want %q", c.src, got, c.want)
		}
	}
}
