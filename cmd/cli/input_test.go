package cli

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A suite named where one scenario belongs says it is a suite, which
// scenarios it lists and that check takes it, in every command.
func TestSuiteWhereAScenarioBelongs(t *testing.T) {
	t.Parallel()
	want := "builtin/ec4x/desperation-study.yaml:14:3: suite: this is a suite of 2 scenarios (ec4x/desperation-study-on, ec4x/desperation-study-off), not a scenario: name one of them, or check them all with `crucible check ec4x/desperation-study`"
	for _, args := range [][]string{
		{"run", "ec4x/desperation-study", "--seed", "1"},
		{"replay", "ec4x/desperation-study", "--seed", "1", "--trial", "3"},
		{"export", "ec4x/desperation-study", "--trial", "3"},
		{"exact", "ec4x/desperation-study"},
		{"compare", "ec4x/desperation-study", "ec4x/suite-500", "--seed", "1"},
		{"sweep", "ec4x/desperation-study", "--vary", "options.desperation=on,off", "--seed", "1"},
	} {
		mustFail(t, exitFailed, want, args...)
	}
}

// validate takes a sweep file: its base scenario with the file's
// overrides and every point of its grid, each compiled; a value the base
// rejects is located at the value.
func TestValidateSweepFile(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "validate", "eclipse/shields-by-fleet", "testdata/duel.yaml")
	for _, want := range []string{
		"eclipse/shields-by-fleet: ok (sweep of eclipse/shielded-interceptors-vs-gunship over parts[0].shield (4 values) × attacker.ships.Shielded Interceptor (5 values): 20 points, each compiles)",
		"testdata/duel.yaml: ok (stratfight, 1 claims)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("validate:\n%s\nwant %q", out, want)
		}
	}
	dir := t.TempDir()
	bad := filepath.Join(dir, "armor.yaml")
	if err := os.WriteFile(bad, []byte("scenario: stratfight/thug-vs-guard\nsweep:\n  - {path: b.armor, values: [none, tin]}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _ = mustFail(t, exitFailed, "1 of 2 invalid", "validate", bad, "stratfight/thug-vs-guard")
	if want := bad + `:3:36 (sweep[0].values[1]: b.armor=tin): b.armor: unknown armor "tin" (allowed: none, leather, chainmail, plate;`; !strings.Contains(out, want) {
		t.Errorf("validate of a sweep with a bad value:\n%s\nwant %q", out, want)
	}
}

// A scenario named like a spreadsheet formula is written into every CSV
// as text (a leading ', OWASP's defence against CSV injection): run, check,
// sweep and compare, on stdout and in report directories.
func TestCSVCellsAreNeverFormulas(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "duel.yaml")
	src := "ruleset: stratfight\nname: \"=HYPERLINK(\\\"http://evil\\\",\\\"x\\\")\"\na: {fighter: arya}\nb: {fighter: mountain}\n" +
		"claims:\n  - {id: \"@SUM(1+1)\", says: \"+cmd\", metric: win.a, min: 0.01}\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	common := []string{"--seed", "1", "--trials", "200"}
	var csvs []string
	csvs = append(csvs, mustRun(t, append([]string{"run", file, "--format", "csv"}, common...)...))
	csvs = append(csvs, mustRun(t, append([]string{"check", file, "--format", "csv"}, common...)...))
	csvs = append(csvs, mustRun(t, append([]string{"sweep", file, "--vary", "options.round-cap=10,20", "--format", "csv"}, common...)...))
	csvs = append(csvs, mustRun(t, append([]string{"compare", file, "--set-b", "options.round-cap=20", "--format", "csv"}, common...)...))
	report := filepath.Join(dir, "report")
	mustRun(t, append([]string{"check", file, "--out", report}, common...)...)
	sweep := filepath.Join(dir, "sweep")
	mustRun(t, append([]string{"sweep", file, "--vary", "options.round-cap=10,20", "--out", sweep}, common...)...)
	files, _ := filepath.Glob(filepath.Join(report, "*.csv"))
	more, _ := filepath.Glob(filepath.Join(sweep, "*.csv"))
	for _, f := range append(files, more...) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		csvs = append(csvs, string(data))
	}
	if len(csvs) < 9 {
		t.Fatalf("%d CSV outputs", len(csvs))
	}
	named := 0
	for i, text := range csvs {
		rows, err := csv.NewReader(bytes.NewReader([]byte(text))).ReadAll()
		if err != nil {
			t.Fatalf("output %d: %v\n%s", i, err, text)
		}
		for _, row := range rows {
			for _, cell := range row {
				if cell != "" && strings.ContainsRune("=+@", rune(cell[0])) {
					t.Errorf("output %d: a cell starts a formula: %q", i, cell)
				}
				if strings.HasPrefix(cell, "'=HYPERLINK") {
					named++
				}
			}
		}
	}
	if named == 0 {
		t.Error("the scenario's name is in no CSV")
	}
}

// replay prints a battle's result once, on its result line, for every
// ruleset: EmojiSpace's log also ended with "end: destroyed (winner b)".
func TestReplayPrintsTheResultOnce(t *testing.T) {
	t.Parallel()
	stated := regexp.MustCompile(`(?im)^[ \t]*(end|result|outcome|winner)[ \t]*[:=]`)
	for _, sc := range []string{"stratfight/thug-vs-guard", "eclipse/interceptor-duel", "emojispace/p0-vs-n1a", "ec4x/suite-500", "dbd/empty"} {
		out := mustRun(t, "replay", sc, "--trial", "3", "--seed", "1")
		if n := len(stated.FindAllString(out, -1)); n != 1 || strings.Count(out, "\nresult: ") != 1 {
			t.Errorf("%s: %d lines state the result:\n%s", sc, n, out)
		}
	}
}
