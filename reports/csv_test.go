package reports

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports/formats"
)

// A cell a spreadsheet would run as a formula gets a leading ' (OWASP's
// defence against CSV injection); numbers, negative ones included, and
// every other cell are written as they are.
func TestCellNeutralisesFormulas(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"=HYPERLINK(\"http://x\",\"y\")", "'=HYPERLINK(\"http://x\",\"y\")"},
		{"+1+cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0"},
		{"-2+3", "'-2+3"},
		{"@SUM(A1:A9)", "'@SUM(A1:A9)"},
		{"\t=1", "'\t=1"},
		{"\r=1", "'\r=1"},
		{"-0.0123", "-0.0123"},
		{"-Inf", "-Inf"},
		{"+3", "+3"},
		{"1e-05", "1e-05"},
		{"-", "'-"},
		{"a=b", "a=b"},
		{"stratfight/thug-vs-guard", "stratfight/thug-vs-guard"},
		{"", ""},
	} {
		if got := formats.Cell(c.in); got != c.want {
			t.Errorf("Cell(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// Every CSV file of a report directory goes through WriteCSV: a scenario
// named like a formula is text in summary.csv, rounds.csv and counters.csv.
func TestReportCSVsNeutraliseFormulas(t *testing.T) {
	dir := t.TempDir()
	r := sample("=HYPERLINK(\"http://evil\")", "rounds", []int64{1, 2, 3})
	if err := WriteDir(dir, []*analysis.Result{r}, "test"); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"summary.csv", "rounds.csv"} {
		data, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		for _, row := range rows[1:] {
			if row[0] != "'=HYPERLINK(\"http://evil\")" {
				t.Errorf("%s: scenario cell %q", f, row[0])
			}
		}
	}
}
