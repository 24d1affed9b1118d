package cli

import (
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// xmllint returns libxml2's command-line validator, or skips the test when
// there is none and the test is not under CI (where .ci/run installs
// Debian's libxml2-utils, and its absence is a failure).
func xmllint(t *testing.T) string {
	t.Helper()
	if path, err := exec.LookPath("xmllint"); err == nil {
		return path
	}
	if os.Getenv("CI") != "" {
		t.Fatal("xmllint is not installed, and under CI the JUnit output must be validated against its schema (.ci/run installs libxml2-utils)")
	}
	t.Skip("xmllint is not installed: the JUnit output is not validated against its schema (apt-get install libxml2-utils)")
	return ""
}

// junitReport is what a CI server reads of a JUnit file.
type junitReport struct {
	Tests    int `xml:"tests,attr"`
	Failures int `xml:"failures,attr"`
	Errors   int `xml:"errors,attr"`
	Skipped  int `xml:"skipped,attr"`
	Suites   []struct {
		Name  string `xml:"name,attr"`
		Time  string `xml:"time,attr"`
		Cases []struct {
			Name      string `xml:"name,attr"`
			Classname string `xml:"classname,attr"`
			File      string `xml:"file,attr"`
			Line      int    `xml:"line,attr"`
			Failure   *struct {
				Message string `xml:"message,attr"`
			} `xml:"failure"`
			Skipped *struct {
				Message string `xml:"message,attr"`
			} `xml:"skipped"`
			Error *struct {
				Message string `xml:"message,attr"`
			} `xml:"error"`
		} `xml:"testcase"`
	} `xml:"testsuite"`
}

// check --format junit is valid JUnit XML (checked against the schema in
// testdata with xmllint): a suite per scenario, a case per claim at its
// file and line, FAIL a failure whose message has the observed value and
// what was expected, INCONCLUSIVE skipped — or failed under --strict.
// --out still writes the report.
func TestCheckJUnit(t *testing.T) {
	t.Parallel()
	lint := xmllint(t)
	file := summaryClaims(t)
	dir := t.TempDir()
	for _, strict := range []bool{false, true} {
		args := []string{"check", file, "testdata/duel.yaml", "--trials", "200", "--seed", "1", "--format", "junit"}
		if strict {
			args = append(args, "--strict", "--out", filepath.Join(dir, "report"))
		}
		out, _ := mustFail(t, exitFailed, "1 claim(s) failed, 1 inconclusive", args...)
		xmlFile := filepath.Join(dir, "junit.xml")
		if err := os.WriteFile(xmlFile, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		if msg, err := exec.Command(lint, "--noout", "--schema", "testdata/junit.xsd", xmlFile).CombinedOutput(); err != nil {
			t.Errorf("strict %v: the JUnit output does not validate: %v\n%s\n%s", strict, err, msg, out)
		}
		var r junitReport
		if err := xml.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		failures, skipped := 1, 1
		if strict {
			failures, skipped = 2, 0
		}
		if r.Tests != 4 || r.Failures != failures || r.Skipped != skipped || len(r.Suites) != 2 || len(r.Suites[0].Cases) != 3 {
			t.Fatalf("strict %v: %d tests, %d failures, %d skipped in %d suites; want 4, %d, %d in 2:\n%s", strict, r.Tests, r.Failures, r.Skipped, len(r.Suites), failures, skipped, out)
		}
		s := r.Suites[0]
		broken, open := s.Cases[1], s.Cases[2]
		if s.Name != "three" || s.Time == "" || broken.Name != "broken" || broken.Classname != "three" || broken.File != file || broken.Line != 6 {
			t.Errorf("strict %v: suite %q (time %q), case %+v", strict, s.Name, s.Time, broken)
		}
		if broken.Failure == nil || !strings.Contains(broken.Failure.Message, "observed 1 rounds; expected rounds.min ≥ 1e+06") {
			t.Errorf("strict %v: the failed claim's failure: %+v", strict, broken.Failure)
		}
		if strict && (open.Failure == nil || open.Skipped != nil) || !strict && (open.Skipped == nil || open.Failure != nil) {
			t.Errorf("strict %v: the inconclusive claim: %+v", strict, open)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "report", "verdicts.json")); err != nil {
		t.Errorf("--out with --format junit: %v", err)
	}
}

// check --format github writes an error annotation at each failed claim's
// line, a warning at each inconclusive one (an error under --strict),
// nothing for a pass, and the summary as a notice.
func TestCheckGitHub(t *testing.T) {
	t.Parallel()
	file := summaryClaims(t)
	args := []string{"check", file, "--trials", "100", "--seed", "1", "--format", "github"}
	out, _ := mustFail(t, exitFailed, "1 claim(s) failed, 1 inconclusive", args...)
	prop := strings.NewReplacer(":", "%3A", ",", "%2C").Replace(file)
	want := "::error file=" + prop + ",line=6,col=6,title=FAIL three broken::observed 1 rounds; expected rounds.min ≥ 1e+06%0A" +
		"every trial; α = 0.00333 of the family's 0.01; seed 1, 100 trials%0Aa trial is a counterexample\n" +
		"::warning file=" + prop + ",line=7,col=6,title=INCONCLUSIVE three open::observed 1 rounds; expected rounds.min ≤ 0%0A" +
		"every trial; α = 0.00333 of the family's 0.01; seed 1, 100 trials%0Anot reached in 100 trials\n" +
		"::notice title=crucible check::1 passed, 1 failed, 1 inconclusive\n"
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	out, _ = mustFail(t, exitFailed, "1 claim(s) failed", append(args, "--strict")...)
	if !strings.Contains(out, "::error file="+prop+",line=7,col=6,title=INCONCLUSIVE three open::") {
		t.Errorf("--strict: the inconclusive claim is not an error:\n%s", out)
	}
}
