package cli

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// export writes one test of a generated suite as a scenario file that
// validates, runs and replays on its own the battle the suite plays;
// a scenario whose trials are samples has nothing to export.
func TestExport(t *testing.T) {
	t.Parallel()
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
	mustFail(t, exitFailed, "nothing to export", "export", "stratfight/thug-vs-guard", "--trial", "3")
	mustFail(t, exitUsage, "--trial 500: ec4x/suite-500 has 500 trials (allowed: 0 to 499)", "export", "ec4x/suite-500", "--trial", "500")
}

// An exported trial draws the suite's streams (its streams: field), so
// that its trial I with a run's seed is the battle the suite fought as
// trial I, dice and all: under spec, whose dice come from the trial's
// stream (an exported file drew them from its own name's streams and
// played another battle), and under nim-2025-11, whose LCG the file
// seeds. replay shows it round by round, run in the tally.
func TestExportReplaysTheSuitesTrial(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	// The battle round by round; its result line names the sides, which
	// the suite calls TF 1 and TF 2 and the exported file by their houses.
	battle := func(out string) string {
		_, rest, _ := strings.Cut(out, "\nprofile ")
		b, _, _ := strings.Cut(rest, "\nresult: ")
		return b
	}
	for _, c := range []struct {
		suite, trial string
	}{{"ec4x/desperation-study-on", "1234"}, {"ec4x/desperation-study-off", "77"}, {"ec4x/suite-500", "75"}} {
		file := filepath.Join(dir, strings.ReplaceAll(c.suite, "/", "-")+".yaml")
		if err := os.WriteFile(file, []byte(mustRun(t, "export", c.suite, "--trial", c.trial)), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, seed := range []string{"1", "3"} {
			alone := battle(mustRun(t, "replay", file, "--trial", c.trial, "--seed", seed))
			inSuite := battle(mustRun(t, "replay", c.suite, "--trial", c.trial, "--seed", seed))
			if !strings.Contains(alone, "round 1") || alone != inSuite {
				t.Errorf("%s trial %s, seed %s: the exported file replays\n%s\nthe suite\n%s", c.suite, c.trial, seed, alone, inSuite)
			}
		}
		// The run of trial I alone, as the last shard of I+1 trials.
		n, _ := strconv.Atoi(c.trial)
		shard := fmt.Sprintf("%d/%d", n, n+1)
		tally := func(ref string) string {
			out := mustRun(t, "run", ref, "--seed", "3", "--trials", strconv.Itoa(n+1), "--shard", shard, "--format", "json")
			var r struct {
				Wins, Ends map[string]int64
				Rounds     struct{ Hist map[string]int64 }
			}
			if err := json.Unmarshal([]byte(out), &r); err != nil {
				t.Fatal(err)
			}
			return fmt.Sprint(r.Wins, r.Ends, r.Rounds.Hist)
		}
		if a, b := tally(file), tally(c.suite); a != b {
			t.Errorf("%s trial %s: run of the exported file %s, of the suite %s", c.suite, c.trial, a, b)
		}
	}
}

// A generated suite plays its size by default, and with --out writes one
// CSV row per battle.
func TestSuiteTrialsAndPerBattleCSV(t *testing.T) {
	t.Parallel()
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
