package cli

import (
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// A check that cannot start — a claim's metric mistyped, a YAML error, an
// unknown field, an exact claim no solver can judge — still writes the format CI asked for: under --format
// github an error annotation at the file, line and column, under --format
// junit a test case in error at the file and line, valid against the
// schema; the exit status stays that of an input error.
func TestCheckInputErrorsInCIFormats(t *testing.T) {
	t.Parallel()
	lint := xmllint(t)
	dir := t.TempDir()
	duel := "ruleset: stratfight\na: {fighter: arya}\nb: {fighter: mountain}\n"
	for _, c := range []struct {
		name, src string
		line, col int
		msg       string
	}{
		{"typo.yaml", duel + "claims:\n  - id: x\n    metric: rounds.avg\n    max: 5\n", 6, 13,
			`claims[0].metric: unknown metric "rounds.avg"`},
		{"broken.yaml", "ruleset: stratfight\na: {fighter: arya\nb: {fighter: mountain}\n", 3, 1, `',' or '}' must be specified`},
		{"unknown.yaml", duel + "bogus: 1\n", 4, 8, `bogus: unknown field "bogus" (allowed: `},
		{"exact.yaml", duel + "claims:\n  - {metric: win.a, exact: true}\n", 5, 6, `exact: claim win.a: no exact solution to check it against`},
	} {
		file := filepath.Join(dir, c.name)
		if err := os.WriteFile(file, []byte(c.src), 0o644); err != nil {
			t.Fatal(err)
		}
		_, plain := mustFail(t, 1, c.msg, "check", file, "--seed", "1")
		if c.name == "typo.yaml" && !strings.Contains(plain, `did you mean "rounds.mean"?`) {
			t.Errorf("%s: no did-you-mean in %q", c.name, plain)
		}
		out, _ := mustFail(t, 1, c.msg, "check", file, "--seed", "1", "--format", "github")
		prop := strings.NewReplacer(":", "%3A", ",", "%2C").Replace(file)
		want := "::error file=" + prop + ",line=" + strconv.Itoa(c.line) + ",col=" + strconv.Itoa(c.col) + ",title=crucible check%3A input error::" + c.msg
		if !strings.HasPrefix(out, want) || strings.Count(out, "\n") != 1 {
			t.Errorf("%s: github:\n%s\nwant a line starting\n%s", c.name, out, want)
		}
		out, _ = mustFail(t, 1, c.msg, "check", file, "--seed", "1", "--format", "junit")
		validJUnit(t, lint, out)
		var r junitReport
		if err := xml.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("%s: %v\n%s", c.name, err, out)
		}
		if len(r.Suites) != 1 || len(r.Suites[0].Cases) != 1 || r.Tests != 1 || r.Errors != 1 {
			t.Fatalf("%s: want one test in error:\n%s", c.name, out)
		}
		tc := r.Suites[0].Cases[0]
		if tc.File != file || tc.Line != c.line || tc.Error == nil || !strings.HasPrefix(tc.Error.Message, c.msg) {
			t.Errorf("%s: junit case %+v:\n%s", c.name, tc, out)
		}
	}
}

// An interrupted check's JUnit report holds every claim: those it did not
// reach are skipped, each saying so, in its scenario's suite.
func TestInterruptedJUnitListsUnjudgedClaims(t *testing.T) {
	t.Parallel()
	lint := xmllint(t)
	ctx := interruptAt(t, "stratfight/lifespan-29-coins", 500)
	out, _, code := crucible(t, ctx, "check", "stratfight/lifespan-claims", "--seed", "1", "--trials", "20000", "--format", "junit")
	if code != exitInterrupted {
		t.Fatalf("exit %d, want 130", code)
	}
	validJUnit(t, lint, out)
	var r junitReport
	if err := xml.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	notJudged := 0
	for _, s := range r.Suites {
		for _, c := range s.Cases {
			if c.Skipped != nil && strings.HasPrefix(c.Skipped.Message, "not judged: the check was interrupted") {
				notJudged++
			}
		}
	}
	if r.Tests != 15 || notJudged != 12 {
		t.Errorf("%d tests, %d not judged; want all 15 claims, the 12 not reached skipped:\n%s", r.Tests, notJudged, out)
	}
}

// validJUnit fails the test unless out validates against the JUnit schema.
func validJUnit(t *testing.T, lint, out string) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "junit.xml")
	if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	if msg, err := exec.Command(lint, "--noout", "--schema", "testdata/junit.xsd", file).CombinedOutput(); err != nil {
		t.Errorf("the JUnit output does not validate: %v\n%s\n%s", err, msg, out)
	}
}
