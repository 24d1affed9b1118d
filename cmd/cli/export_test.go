package cli

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// export writes one test of a generated suite as a scenario file that
// validates, runs and replays on its own the battle the suite plays;
// a scenario whose trials are samples has nothing to export.
func TestExport(t *testing.T) {
	out := mustRun(t, "export", "ec4x/suite-500", "--trial", "75")
	if !strings.Contains(out, "ruleset: ec4x") || !strings.Contains(out, "seed: 87345") {
		t.Fatalf("export:\n%s", out)
	}
	file := filepath.Join(t.TempDir(), "hd76.yaml")
	if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	mustRun(t, "validate", file)
	alone := mustRun(t, "replay", file, "--trial", "0", "--seed", "1")
	inSuite := mustRun(t, "replay", "ec4x/suite-500", "--trial", "75", "--seed", "1")
	lines := func(s string) string {
		var keep []string
		for _, l := range strings.Split(s, "\n") {
			if strings.HasPrefix(l, "  round ") || strings.HasPrefix(l, "result:") {
				keep = append(keep, l)
			}
		}
		return strings.Join(keep, "\n")
	}
	if lines(alone) == "" || lines(alone) != lines(inSuite) {
		t.Errorf("the exported battle replays\n%s\nthe suite's trial 75\n%s", lines(alone), lines(inSuite))
	}
	if !strings.Contains(alone, "end tactical-stalemate, 7 rounds") {
		t.Errorf("home_defense_76 replayed:\n%s", alone)
	}
	mustFail(t, 1, "nothing to export", "export", "stratfight/thug-vs-guard", "--trial", "3")
}

// A generated suite plays its size by default, and with --out writes one
// CSV row per battle.
func TestSuiteTrialsAndPerBattleCSV(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "r")
	out := mustRun(t, "run", "ec4x/suite-500", "--seed", "1", "--format", "json", "--out", dir)
	if !strings.Contains(out, `"trials": 500`) {
		t.Fatalf("a suite of 500 ran:\n%.400s", out)
	}
	f, err := os.Open(filepath.Join(dir, "trials-ec4x-suite-500.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 501 || strings.Join(rows[0], ",") != "trial,test,type,seed,rounds,victor,end,desperation,broke" {
		t.Fatalf("%d rows, header %v", len(rows), rows[0])
	}
	if got := strings.Join(rows[76], ","); got != "75,home_defense_76,home_defense,87345,7,,tactical-stalemate,1,0" {
		t.Errorf("row of trial 75: %s", got)
	}
	if got := strings.Join(rows[1], ","); got != "0,balanced_1,balanced,12345,1,house-alpha,destroyed,0,0" {
		t.Errorf("row of trial 0: %s", got)
	}
}
