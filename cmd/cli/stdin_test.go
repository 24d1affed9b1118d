package cli

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/scenarios"
)

// crucibleIn runs the command line with stdin as its standard input.
func crucibleIn(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := executeIn(context.Background(), "crucible", args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), code
}

// A scenario on standard input ("-") does what the same file does, in
// every command that reads a scenario; with a name field it is the same
// scenario, streams and all, so the output is the file's byte for byte.
func TestScenarioOnStdin(t *testing.T) {
	src, _, err := scenarios.BuiltinSource("eclipse/interceptor-vs-ancient")
	if err != nil {
		t.Fatal(err)
	}
	named := "name: piped\n" + string(src)
	file := filepath.Join(t.TempDir(), "piped.yaml")
	if err := os.WriteFile(file, []byte(named), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"run", "-", "--trials", "3000", "--seed", "3", "--format", "json"},
		{"run", "-", "--trials", "3000", "--seed", "3", "--set", "attacker.ships.Interceptor=2"},
		{"exact", "-", "--format", "json"},
		{"check", "-", "--trials", "3000", "--seed", "3", "--format", "json"},
		{"replay", "-", "--trial", "5", "--seed", "3"},
		{"compare", "-", "--set-b", "attacker.ships.Interceptor=2", "--trials", "3000", "--seed", "3", "--format", "json"},
		{"sweep", "-", "--vary", "attacker.ships.Interceptor=1,2", "--trials", "3000", "--seed", "3", "--format", "csv"},
	} {
		got, errOut, code := crucibleIn(t, named, args...)
		if code != 0 {
			t.Errorf("crucible %s < scenario: exit %d\n%s", strings.Join(args, " "), code, errOut)
			continue
		}
		// A claim's position names its file: <stdin> (which JSON escapes),
		// or the file.
		fromFile := strings.ReplaceAll(mustRun(t, replaceArg(args, "-", file)...), file+":", scenarios.StdinFile+":")
		got = strings.ReplaceAll(got, `\u003cstdin\u003e`, scenarios.StdinFile)
		if got != fromFile {
			t.Errorf("crucible %s: from stdin\n%s\nfrom the file\n%s", strings.Join(args, " "), got, fromFile)
		}
	}
	if out, _, code := crucibleIn(t, named, "validate", "-"); code != 0 || out != "<stdin>: ok (eclipse, 4 claims)\n" {
		t.Errorf("validate -: exit %d, %q", code, out)
	}
	// Read once: both variants, and both arguments, are the one scenario.
	if out, errOut, code := crucibleIn(t, named, "compare", "-", "-", "--trials", "3000", "--seed", "3"); code != 0 || !strings.Contains(out, "no significant difference") {
		t.Errorf("compare - -: exit %d\n%s%s", code, out, errOut)
	}
	// Without a name field the scenario is called stdin.
	if out, _, _ := crucibleIn(t, string(src), "run", "-", "--trials", "100", "--seed", "1"); !strings.HasPrefix(out, "scenario  stdin ") {
		t.Errorf("a scenario on stdin without a name:\n%s", out)
	}
}

// A sweep file may come on standard input too; a scenario path in it is
// found from the working directory.
func TestSweepOnStdin(t *testing.T) {
	t.Parallel()
	sweep := "scenario: stratfight/samwell-vs-guard\ntrials: 1000\nsweep:\n  - {path: b.armor, values: [none, {armor_value: 5}]}\n"
	file := filepath.Join(t.TempDir(), "armor.yaml")
	os.WriteFile(file, []byte("name: stdin\n"+sweep), 0o644)
	out, errOut, code := crucibleIn(t, sweep, "sweep", "-", "--seed", "2", "--format", "csv")
	if code != 0 {
		t.Fatalf("sweep - < file: exit %d\n%s", code, errOut)
	}
	if want := mustRun(t, "sweep", file, "--seed", "2", "--format", "csv"); out != want {
		t.Errorf("sweep from stdin\n%s\nfrom the file\n%s", out, want)
	}
	if !strings.Contains(out, ",{armor_value: 5},win.a,") {
		t.Errorf("the sweep's csv lacks the structured value:\n%s", out)
	}
}

// A roster may come on standard input too (before, meta looked for a file
// named -); its scenario given by path is found from the working
// directory, so it meets the roster of a file in that directory.
func TestMetaOnStdin(t *testing.T) {
	dir := t.TempDir()
	base, err := os.ReadFile(filepath.Join("..", "..", "scenarios", "builtin", "stratfight", "thug-vs-guard.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "base.yaml"), base, 0o644)
	roster := "scenario: base.yaml\nmeta:\n  - {name: Thug, side: {fighter: thug}}\n  - {name: Guard, side: {fighter: guard}}\n"
	os.WriteFile(filepath.Join(dir, "stdin.yaml"), []byte(roster), 0o644)
	t.Chdir(dir)
	out, errOut, code := crucibleIn(t, roster, "meta", "-", "--seed", "3", "--format", "csv")
	if code != 0 {
		t.Fatalf("meta - < roster: exit %d\n%s", code, errOut)
	}
	if want := mustRun(t, "meta", "stdin.yaml", "--seed", "3", "--format", "csv"); out != want {
		t.Errorf("meta from stdin\n%s\nfrom the file\n%s", out, want)
	}
	_, errOut, code = crucibleIn(t, "scenario: base.yaml\nmeta:\n  - {name: Thug, side: {fighter: thug}}\n", "meta", "-", "--seed", "3")
	if want := "<stdin>:3:3: meta: a roster of 1 entries"; code != exitFailed || !strings.Contains(errOut, want) {
		t.Errorf("a roster of one on stdin: exit %d, %q; want %q", code, errOut, want)
	}
}

// Errors in a scenario on standard input name it <stdin>, with the line
// and column.
func TestStdinErrors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		stdin string
		args  []string
		code  int
		want  string
	}{
		{"ruleset: stratfight\na: {fighter: thug}\nb: {fighter: gaurd}\n", []string{"run", "-", "--seed", "1"}, exitFailed, `<stdin>:3:14: b.fighter: unknown fighter "gaurd"`},
		{"ruleset: stratfight\na: {fighter: thug\n", []string{"validate", "-"}, exitFailed, "<stdin>:"},
		{"", []string{"run", "-", "--seed", "1"}, exitFailed, "<stdin>"},
		{"ruleset: stratfight\na: {fighter: thug}\nb: {fighter: guard}\n", []string{"sweep", "-", "--seed", "1"}, exitUsage, "<stdin> is not a sweep: name one or two fields to vary with --vary"},
	} {
		out, errOut, code := crucibleIn(t, c.stdin, c.args...)
		if code != c.code || !strings.Contains(out+errOut, c.want) { // validate reports on stdout
			t.Errorf("crucible %s < %q: exit %d, %q; want exit %d and %q", strings.Join(c.args, " "), c.stdin, code, errOut, c.code, c.want)
		}
	}
}

// replaceArg returns args with every old replaced by new.
func replaceArg(args []string, old, new string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = a
		if a == old {
			out[i] = new
		}
	}
	return out
}

// waitingReader is standard input that nothing writes to: a read blocks
// until the test ends, and the first one calls entered.
type waitingReader struct {
	entered func()
	r       *io.PipeReader
}

func (w *waitingReader) Read(p []byte) (int, error) {
	if w.entered != nil {
		w.entered()
		w.entered = nil
	}
	return w.r.Read(p)
}

// A command waiting for a scenario on standard input — a terminal, or a
// pipe no one writes to — stops at Ctrl-C or SIGTERM (the test cancels
// the command's context once the read has begun, as a signal does) and
// exits 130. Before, the read held the process until SIGKILL.
func TestStdinWaitIsInterruptible(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"run", "-", "--trials", "10"}, {"validate", "-"}, {"sweep", "-", "--vary", "attacker.ships.Interceptor=1,2"}, {"meta", "-"}} {
		r, w := io.Pipe()
		t.Cleanup(func() { w.Close() })
		ctx, cancel := context.WithCancel(context.Background())
		var out, errOut bytes.Buffer
		code := executeIn(ctx, "crucible", args, &waitingReader{entered: cancel, r: r}, &out, &errOut)
		cancel()
		if code != exitInterrupted || !strings.Contains(errOut.String(), "interrupted while waiting for a scenario on standard input") {
			t.Errorf("crucible %s, waiting on standard input, interrupted: exit %d\n%s", strings.Join(args, " "), code, errOut.String())
		}
	}
}
