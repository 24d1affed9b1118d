package workbench

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
)

// hostile are words a page may put in a command line: what a permalink's
// file name, a field path or a target can hold.
var hostile = []string{
	"x;touch${IFS}PWNED;", "$(touch PWNED)", "`touch PWNED`", "it's", `a"b`, `back\slash`,
	"a b", "~root", "*", "-", "", "line\nbreak", "tab\there", "é", "win.a>=0.7", "a|b", "a&b", "{a,b}",
	"attacker.ships.Shielded Interceptor=2,3", "'", "''", "!", "#x",
}

// A command line, pasted into a POSIX shell, runs exactly its words: the
// shell (sh, not the code's own reading) gives them back one for one, and
// nothing it holds runs.
func TestCommandQuotesEveryWord(t *testing.T) {
	dir := t.TempDir()
	line := command(append([]string{"crucible"}, hostile...)).String()
	words := shellWords(t, dir, line)
	if want := append([]string{"crucible"}, hostile...); !slices.Equal(words, want) {
		t.Errorf("sh reads\n%q\nfrom\n%s\nwant\n%q", words, line, want)
	}
	if entries, _ := os.ReadDir(dir); len(entries) > 0 {
		t.Errorf("the line ran something: %v", entries)
	}
	plain := command{"crucible", "run", "eclipse/interceptor-duel", "--seed", "1"}
	if got := plain.String(); got != "crucible run eclipse/interceptor-duel --seed 1" {
		t.Errorf("a plain line is quoted: %s", got)
	}
}

// shellWords returns the words sh reads from a command line, run in dir.
func shellWords(t *testing.T, dir, line string) []string {
	t.Helper()
	sh := exec.Command("sh", "-c", "set -- "+line+"\nprintf '%s\\0' \"$@\"")
	sh.Dir = dir
	out, err := sh.Output()
	if err != nil {
		t.Fatalf("sh: %v\n%s", err, line)
	}
	return strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
}

// The hostile pass's permalink (#name=x%3Btouch%24%7BIFS%7DPWNED%3B&…)
// gives a Reproduce line that runs crucible on a safe file name, and
// nothing else.
func TestPermalinkNameCannotInject(t *testing.T) {
	s, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	req := oddsRequest{jobRequest: jobRequest{edit: edit{Name: "x;touch${IFS}PWNED;", Text: "ruleset: stratfight\na: {fighter: thug}\nb: {fighter: guard}\n"}, Seed: 1<<64 - 1}}
	line := s.command(req, analysis.Run{Seed: uint64(req.Seed), Trials: 100}).String()
	want := []string{"crucible", "run", "x-touch--IFS-PWNED-.yaml", "--seed", "18446744073709551615", "--trials", "100"}
	if got := shellWords(t, dir, line); !slices.Equal(got, want) {
		t.Errorf("%s: sh reads %q", line, got)
	}
	if entries, _ := os.ReadDir(dir); len(entries) > 0 {
		t.Errorf("the line ran something: %v", entries)
	}
}

// A file name the page saves is of a safe set: letters, digits, '_', '-'
// and '.', never '-' or '.' first.
func TestFileNameIsSafe(t *testing.T) {
	for _, name := range append(hostile, "eclipse/interceptor-duel", "..", "-rf", ".hidden", "../../x", "my duel.yml") {
		f := fileName(name)
		if strings.Trim(f, fileChars) != "" || f[0] == '-' || f[0] == '.' || !strings.HasSuffix(f, ".yaml") {
			t.Errorf("%q: file %q", name, f)
		}
	}
	for name, want := range map[string]string{"eclipse/interceptor-duel": "eclipse-interceptor-duel.yaml", "my duel.yml": "my-duel.yaml",
		"x;touch${IFS}PWNED;": "x-touch--IFS-PWNED-.yaml", "": "scenario.yaml", "-rf": "rf.yaml"} {
		if got := fileName(name); got != want {
			t.Errorf("%q: %q, want %q", name, got, want)
		}
	}
}
