package cli

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
)

// A command line that a reader copies from the README or from a command's
// --help Example runs as written — in a shell, in a new directory, with
// the crucible under test first on the PATH — and exits as the text says.
// The lines of one code block (or of one command's examples) run in order
// in one directory, so that `crucible show … > my-duel.yaml` makes the file
// the next line runs. Lines that cannot run here are listed in
// documentedLines with the reason; the default run runs shortLines, and
// `make long` every line.
func TestDocumentedCommandLinesRun(t *testing.T) {
	t.Parallel() // it waits on processes: others run meanwhile
	if testing.Short() {
		t.Skip("runs the crucible binary on every documented command line")
	}
	bin := buildCrucible(t)
	groups := readmeCommandLines(t)
	groups = append(groups, exampleCommandLines(newRootCmd("crucible"))...)
	seen := map[string]bool{}
	for _, g := range groups {
		for _, l := range g.lines {
			seen[l] = true
		}
	}
	for line := range documentedLines {
		if !seen[line] {
			t.Errorf("documentedLines names %q, which no longer appears in the README or an Example", line)
		}
	}
	for line := range shortLines {
		if !seen[line] {
			t.Errorf("documentedLines names %q, which no longer appears in the README or an Example", line)
		}
	}
	for _, g := range groups {
		t.Run(g.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			for name, src := range fixtures {
				writeFixture(t, filepath.Join(dir, name), src)
			}
			for _, line := range g.lines {
				runDocumentedLine(t, bin, dir, line)
			}
		})
	}
}

// The README's test command is the one CI runs.
func TestReadmeTestCommandIsCIs(t *testing.T) {
	t.Parallel()
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	ci, err := os.ReadFile("../../.ci/run")
	if err != nil {
		t.Fatal(err)
	}
	first := regexp.MustCompile("(?s)^```sh\n(.*?)```").FindSubmatch(readme)
	if first == nil {
		t.Fatal("the README does not open with a sh block of its two commands")
	}
	lines := strings.Split(strings.TrimSpace(string(first[1])), "\n")
	if len(lines) != 2 {
		t.Fatalf("the README opens with %d commands, want two (the main job and the tests): %q", len(lines), lines)
	}
	test, _, _ := strings.Cut(lines[1], "#")
	test = strings.TrimSpace(test)
	if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(test) + `$`).Match(ci) {
		t.Errorf("the README's test command %q is not a line of .ci/run", test)
	}
}

// A documented line's exception: skipped here (why, and where it is
// tested instead), or expected to exit with a status other than 0 (as the
// text says).
type lineNote struct {
	skip string
	exit int
	why  string
}

// documentedLines are the documented command lines that do not simply
// run and exit 0 here, each with the reason. A line not listed must.
var documentedLines = map[string]lineNote{
	"crucible serve": {skip: "a server, which runs until stopped (reports/workbench's tests drive it in a browser)"},
	"crucible serve my-scenarios/                                    # the workbench in the browser: see \"The workbench\"": {skip: "a server, which runs until stopped"},
	"crucible serve my-scenarios/ --addr 127.0.0.1:9000":                                                                    {skip: "a server, which runs until stopped"},
	"crucible sweep SCENARIO --vary PATH=LIST [--label NAME] [--vary PATH=LIST [--label NAME]] --trials 20000 --seed 1":     {skip: "a synopsis: SCENARIO, PATH and LIST stand for the reader's"},
	"crucible tune SCENARIO --vary PATH=FROM..TO --target TARGET [--label \"{} Interceptors\"]":                             {skip: "a synopsis: SCENARIO, PATH and TARGET stand for the reader's"},
	"crucible check stratfight/lifespan-claims                       # the author's claims: PASS / FAIL / INCONCLUSIVE":     {exit: 1, why: "one of the author's claims fails, as the line warns"},
	"crucible run s.yaml --out r/ ; crucible run s.yaml --out r/ --resume   # Ctrl-C, then finish":                          {exit: 1, why: "without a Ctrl-C the first run finishes: there is nothing to resume"},
	"crucible merge part*.json": {skip: "the shard results of a run split across machines (TestShardsMerge merges such shards)"},
	"crucible check my-claims.yaml --trials 1000000 --format json --out report/": {skip: "the reader's own claims file"},
}

// fixtures are the reader's own files that documented lines name, written
// into each directory the lines run in.
var fixtures = map[string]string{
	"my-duel.yaml":       "@../../scenarios/builtin/stratfight/thug-vs-guard.yaml",
	"s.yaml":             "@../../scenarios/builtin/stratfight/thug-vs-guard.yaml",
	"balance/duel.yaml":  "@../../scenarios/gate/thug-vs-guard.yaml",
	"duel2d6.rules.yaml": "@../../scenarios/builtin/rulesfile/duel2d6.rules.yaml",
	"duel.yaml":          "ruleset: ./duel2d6.rules.yaml\na: {units: {duellist: 1}}\nb: {units: {duellist: 1}}\n",
}

func writeFixture(t *testing.T, path, src string) {
	t.Helper()
	if from, ok := strings.CutPrefix(src, "@"); ok {
		b, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		src = string(b)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
}

// runDocumentedLine runs line in a shell in dir and checks its exit status.
func runDocumentedLine(t *testing.T, bin, dir, line string) {
	t.Helper()
	note := documentedLines[line]
	switch {
	case note.skip != "":
		t.Logf("skipped %q: %s", line, note.skip)
		return
	case !runLongLines && !shortLines[line]:
		t.Logf("skipped %q: long (make long runs it)", line)
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", line)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"))
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = nil, &stderr
	start := time.Now()
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	t.Logf("%q: exit %d after %v", line, code, time.Since(start).Round(time.Millisecond))
	if code != note.exit {
		t.Errorf("%q: exit %d, want %d (%s)\n%s", line, code, note.exit, note.why, stderr.String())
	}
}

// commandGroup is the command lines of one README code block or of one
// command's examples, run in order in one directory.
type commandGroup struct {
	name  string
	lines []string
}

// readmeCommandLines returns the lines of the README's sh code blocks that
// run crucible, a line ending in a backslash joined with the next.
func readmeCommandLines(t *testing.T) []commandGroup {
	t.Helper()
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var groups []commandGroup
	for i, block := range regexp.MustCompile("(?s)```sh\n(.*?)```").FindAllSubmatch(readme, -1) {
		var lines []string
		text := joinContinued(string(block[1]))
		for _, l := range strings.Split(text, "\n") {
			if strings.HasPrefix(l, "crucible ") {
				lines = append(lines, strings.TrimRight(l, " "))
			}
		}
		if len(lines) > 0 {
			groups = append(groups, commandGroup{name: "README block " + strconv.Itoa(i+1), lines: lines})
		}
	}
	if len(groups) < 10 {
		t.Fatalf("found %d code blocks of crucible commands in the README: the extraction is broken", len(groups))
	}
	return groups
}

// joinContinued joins each line that ends in a backslash with the next, as
// a shell reads them.
func joinContinued(text string) string {
	return regexp.MustCompile(`\\\n[ \t]*`).ReplaceAllString(text, " ")
}

// exampleCommandLines returns the Example lines of every command under c.
func exampleCommandLines(c *cobra.Command) []commandGroup {
	var groups []commandGroup
	var lines []string
	for _, l := range strings.Split(joinContinued(c.Example), "\n") {
		if l = strings.TrimSpace(l); strings.HasPrefix(l, "crucible ") {
			lines = append(lines, l)
		}
	}
	if len(lines) > 0 {
		groups = append(groups, commandGroup{name: "example of " + c.CommandPath(), lines: lines})
	}
	for _, sub := range c.Commands() {
		groups = append(groups, exampleCommandLines(sub)...)
	}
	return groups
}

// runLongLines runs every documented line (`make long`); the default run
// runs shortLines only.
var runLongLines bool

// shortLines are the documented lines the default test run runs: each
// takes a second or two of CPU, and together they reach every command
// that computes (run, replay, tune, sweep, compare, meta, rules, show,
// scenarios, a rules file). The rest take up to a minute each and run
// under `make long`.
var shortLines = map[string]bool{
	"crucible compare eclipse/fleet-mirror eclipse/fleet-mirror-upgraded --trials 20000 --seed 1 --margin 1 --margin rounds.mean=0.5": true,
	"crucible meta eclipse/cruiser-designs --seed 1":               true,
	"crucible replay stratfight/thug-vs-guard --trial 17 --seed 7": true,
	"crucible rules": true,
	"crucible rules                                       # the rulesets; crucible rules eclipse for every field": true,
	"crucible rules                          # the rulesets, one line each":                                       true,
	"crucible rules ./duel2d6.rules.yaml":                                                                         true,
	"crucible rules ./duel2d6.rules.yaml                   # the file's generated reference":                      true,
	"crucible rules dbd --format markdown > REFERENCE.md":                                                         true,
	"crucible rules eclipse": true,
	"crucible rules eclipse                  # every field, option, part, policy, counter and end": true,
	"crucible rules eclipse parts": true,
	"crucible rules eclipse parts                         # one topic: a catalogue, the fields, options, counters, ends": true,
	"crucible rules eclipse parts            # one topic: a catalogue, fields, options, counters, ends":                  true,
	"crucible rules rulesfile": true,
	"crucible rules rulesfile                              # the language's reference":                                      true,
	"crucible rules stratfight options --format json":                                                                       true,
	"crucible run duel.yaml --seed 1                       # run, replay, sweep, tune, compare, meta, check, serve, batch…": true,
	"crucible run duel.yaml --set rules.units.duellist.hp=6   # --set reaches into the rules file":                          true,
	"crucible run eclipse/cruiser-vs-interceptor --seed 7 --trials 20000":                                                   true,
	"crucible run emojispace/p0-vs-pirate-raider-pop3 --seed 1 --trials 10000 --policy-spread":                              true,
	"crucible run my-duel.yaml --set options.tie-rule=underdog --format json":                                               true,
	"crucible run rulesfile/skirmish --seed 1":                                                                              true,
	"crucible run stratfight/arya-vs-mountain --out report/":                                                                true,
	"crucible scenarios                                   # the built-in scenarios, one per line":                           true,
	"crucible show eclipse/interceptor-duel > my-duel.yaml   # a built-in scenario to start from":                           true,
	"crucible show stratfight/thug-vs-guard > my-duel.yaml   # a built-in scenario to start your own from":                  true,
	"crucible sweep eclipse/shields --seed 1":                                                                               true,
	"crucible sweep eclipse/shields --seed 1                    # a sweep file (built-in or a path)":                        true,
	"crucible tune eclipse/interceptors-for-70 --format json":                                                               true,
	"crucible tune eclipse/interceptors-for-70 --seed 1":                                                                    true,
	"crucible tune stratfight/armor-fair --seed 1":                                                                          true,
	"crucible tune stratfight/armor-fair --seed 1                  # a tune file (built-in or a path)":                      true,
	"crucible tune stratfight/samwell-vs-guard --vary b.armor.armor_value=0..8 --target fair --seed 1":                      true,
}
