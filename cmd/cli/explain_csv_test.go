package cli

import (
	"encoding/csv"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// csvRecords parses CSV output into rows keyed by the header's columns.
func csvRecords(t *testing.T, text string) []map[string]string {
	t.Helper()
	rows, err := csv.NewReader(strings.NewReader(text)).ReadAll()
	if err != nil || len(rows) < 2 {
		t.Fatalf("CSV %q: %v", text, err)
	}
	var out []map[string]string
	for _, r := range rows[1:] {
		m := map[string]string{}
		for i, c := range rows[0] {
			m[c] = r[i]
		}
		out = append(out, m)
	}
	return out
}

func csvNum(t *testing.T, s string) float64 {
	t.Helper()
	x, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// Every explanation has a CSV form: the paths' probabilities are the exact
// ones, (25/36)^(r−1)·5/36; the attribution's values add up to all less
// none; the examples are the trials JSON names, each with its replay
// command; the sensitivity ranks the fields as JSON does.
func TestExplainCSV(t *testing.T) {
	t.Parallel()
	paths := csvRecords(t, mustRun(t, "explain", "eclipse/interceptor-duel", "--outcome", "a wins", "--paths", "2", "-f", "csv"))
	if len(paths) != 6 {
		t.Fatalf("%d step rows, want 2 + 4", len(paths))
	}
	for _, r := range paths {
		rounds := csvNum(t, r["rounds"])
		if want := math.Pow(25.0/36, rounds-1) * 5 / 36; math.Abs(csvNum(t, r["path_probability"])-want) > 1e-12 || r["winner"] != "a" {
			t.Errorf("path row %v: want probability %v", r, want)
		}
	}
	parts := csvRecords(t, mustRun(t, "explain", "eclipse/two-cruisers-vs-interceptor-and-cruiser", "--attribute", "parts", "--side", "b", "-f", "csv"))
	total := 0.0
	for _, r := range parts {
		total += csvNum(t, r["shapley"]) * csvNum(t, r["count"])
	}
	if len(parts) != 4 || parts[1]["design"] != "Cruiser" || parts[1]["name"] != "Ion Cannon" || math.Abs(total-(csvNum(t, parts[0]["all"])-csvNum(t, parts[0]["none"]))) > 1e-12 {
		t.Errorf("parts CSV %v: values sum to %v", parts, total)
	}
	ex := csvRecords(t, mustRun(t, "explain", "eclipse/interceptor-duel", "--outcome", "b wins, rounds<=2", "--seed", "7", "--trials", "2000", "-k", "2", "-f", "csv"))
	for _, r := range ex {
		if r["winner"] != "b" || csvNum(t, r["rounds"]) > 2 || !strings.HasSuffix(r["command"], " --trial "+r["trial"]+" --seed 7") {
			t.Errorf("example row %v", r)
		}
	}
	sens := csvRecords(t, mustRun(t, "explain", "eclipse/two-cruisers-vs-interceptor-and-cruiser", "--sensitivity", "attacker.ships.Cruiser=1..3,defender.ships.Interceptor=1,2", "--seed", "1", "--rows", "100", "-f", "csv"))
	if len(sens) != 2 || sens[0]["path"] != "attacker.ships.Cruiser" || sens[0]["values"] != "1 2 3" || csvNum(t, sens[0]["total"]) < csvNum(t, sens[1]["total"]) {
		t.Errorf("sensitivity CSV %v", sens)
	}
	mustFail(t, 2, `--format "xml": allowed: table, json, csv`, "explain", "eclipse/interceptor-duel", "--outcome", "a wins", "-f", "xml")
}

// --out writes the CSV form beside the text and the JSON.
func TestExplainOutCSV(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "why")
	args := []string{"explain", "eclipse/two-cruisers-vs-interceptor-and-cruiser", "--attribute", "units", "--side", "b"}
	mustRun(t, append(args, "--out", dir)...)
	got, err := os.ReadFile(filepath.Join(dir, "explain.csv"))
	if want := mustRun(t, append(args, "-f", "csv")...); err != nil || string(got) != want {
		t.Errorf("explain.csv %q (%v), -f csv %q", got, err, want)
	}
}
