package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// metaJSON is the part of meta's JSON the tests read.
type metaJSON struct {
	Entries []string
	Payoff  [][]struct {
		Estimate, Lo, Hi float64
		Trials           int64
		Exact            bool
		Stop             string
	}
	Equilibrium struct {
		A, B  []float64
		Value float64
	}
	Headline []string
	Trials   int64
}

func readMetaJSON(t *testing.T, s string) metaJSON {
	t.Helper()
	var v metaJSON
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("%v\n%s", err, s)
	}
	return v
}

// The Eclipse designs are solved exactly, every cell; the JSON has the
// plain shape scripts read, and a cell is what run says of its scenario.
func TestMetaExactRoster(t *testing.T) {
	t.Parallel()
	v := readMetaJSON(t, mustRun(t, "meta", "eclipse/cruiser-designs", "--seed", "1", "--format", "json"))
	if len(v.Entries) != 10 || len(v.Payoff) != 10 || len(v.Equilibrium.A) != 10 || v.Trials != 0 {
		t.Fatalf("%+v", v)
	}
	for i, row := range v.Payoff {
		for j, c := range row {
			if !c.Exact || c.Lo != c.Estimate || c.Hi != c.Estimate {
				t.Errorf("cell %d,%d: %+v", i, j, c)
			}
		}
	}
	var exact struct {
		Exact struct{ A, Draw float64 }
	}
	out := mustRun(t, "exact", "eclipse/cruiser-designs", "--format", "json")
	if err := json.Unmarshal([]byte(out), &exact); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if got, want := v.Payoff[0][1].Estimate, exact.Exact.A+exact.Exact.Draw/2; got != want {
		t.Errorf("Terran Cruiser against Plasma Cruiser: %g, exact says %g", got, want)
	}
	if !strings.Contains(v.Headline[1], "The equilibrium mixes Gluon Hunter") {
		t.Errorf("headline %q", v.Headline)
	}
}

// Same seed, same bytes, for any --workers and --chunk, in every format:
// the table on stdout, and meta.json and meta.csv in --out, which hold what
// --format json and csv print (TestMetaWritesReport), from one run each.
func TestMetaIsDeterministic(t *testing.T) {
	t.Parallel()
	args := []string{"meta", "stratfight/fighters", "--seed", "2", "--precision", "4"}
	var outputs [2][3]string
	for i, workers := range [][]string{{"--workers", "1"}, {"--workers", "2", "--chunk", "97"}} {
		dir := filepath.Join(t.TempDir(), "meta")
		outputs[i][0] = mustRun(t, append(append(args, workers...), "--out", dir)...)
		for j, f := range []string{"meta.json", "meta.csv"} {
			b, err := os.ReadFile(filepath.Join(dir, f))
			if err != nil {
				t.Fatal(err)
			}
			outputs[i][j+1] = string(b)
		}
	}
	for j, format := range []string{"table", "json", "csv"} {
		if outputs[0][j] != outputs[1][j] {
			t.Errorf("%s: --workers 1 and 2 differ", format)
		}
	}
}

// --out writes meta.json (what --format json prints), meta.csv, the two
// plots and the page.
func TestMetaWritesReport(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "meta")
	out := mustRun(t, "meta", "stratfight/fighters", "--seed", "1", "--precision", "5", "--format", "json", "--out", dir)
	for _, f := range []string{"meta.json", "meta.csv", "meta-heatmap.png", "meta-equilibrium.png", "index.html"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	if saved, _ := os.ReadFile(filepath.Join(dir, "meta.json")); string(saved) != out {
		t.Error("meta.json is not what --format json printed")
	}
	page, _ := os.ReadFile(filepath.Join(dir, "index.html"))
	if !strings.Contains(string(page), "Cat dominates") || !strings.Contains(string(page), "--seed 1") {
		t.Errorf("page:\n%s", page)
	}
	csv, _ := os.ReadFile(filepath.Join(dir, "meta.csv"))
	if lines := strings.Count(string(csv), "\n"); lines != 101 {
		t.Errorf("meta.csv has %d lines, want a header and 100 cells", lines)
	}
}

// An interrupted meta keeps its checkpoint, exits 130, and --resume
// finishes it to the bytes of an uninterrupted one.
func TestMetaResumes(t *testing.T) {
	t.Parallel()
	args := []string{"meta", "stratfight/fighters", "--seed", "3", "--precision", "4", "--format", "json"}
	whole := mustRun(t, args...)
	dir := filepath.Join(t.TempDir(), "cut")
	ctx := interruptAt(t, "stratfight/fighters/Jorah vs Arya", 100)
	_, errOut, code := crucible(t, ctx, append(args, "--chunk", "100", "--out", dir)...)
	if code != exitInterrupted || !strings.Contains(errOut, "--resume") {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if rest := mustRun(t, append(args, "--out", dir, "--resume")...); rest != whole {
		t.Errorf("resumed:\n%s\nwant:\n%s", rest, whole)
	}
}

func TestMetaUsageErrors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		want string
		args []string
	}{
		{"--trials: meta sets its own trials", []string{"meta", "stratfight/fighters", "--trials", "100"}},
		{"--payoff wins: allowed: share, margin", []string{"meta", "stratfight/fighters", "--payoff", "wins"}},
		{"--precision 0: allowed: a number of points above 0", []string{"meta", "stratfight/fighters", "--precision", "0"}},
		{"--first-trials 500 is above --max-trials 100", []string{"meta", "stratfight/fighters", "--first-trials", "500", "--max-trials", "100"}},
		{"stratfight/thug-vs-guard is a scenario, not a roster", []string{"meta", "stratfight/thug-vs-guard"}},
	} {
		mustFail(t, exitUsage, c.want, c.args...)
	}
}

// Bad rosters are input errors located in the roster file.
func TestMetaInputErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "r.yaml")
	entries := func(n int) string {
		var b strings.Builder
		for k := range n {
			fmt.Fprintf(&b, "  - {name: T%d, side: {fighter: thug}}\n", k)
		}
		return b.String()
	}
	head := "scenario: stratfight/thug-vs-guard\nmeta:\n"
	for _, c := range []struct{ src, want string }{
		{head + "  - {name: Thug, side: {fighter: thug}}\n", file + ":3:3: meta: a roster of 1 entries: a metagame needs at least 2 (allowed: 2 to 64)"},
		{head + entries(65), file + ":3:3: meta: a roster of 65 entries is above the limit of 64"},
		{head + "  - {name: Thug, side: {fighter: thug}}\n  - {name: Thug, side: {fighter: guard}}\n", file + `:4:12: meta[1].name: entry name "Thug" is taken by the entry at ` + file + ":3:6"},
		{head + "  - {name: Thug, side: {fighter: thug}}\n  - {name: Guard, side: {fighter: gaurd}}\n", `unknown fighter "gaurd"`},
		{head + "  - {name: Thug, side: {fighter: thug}}\n  - {name: Guard, sid: {fighter: guard}}\n", file + `:4:25: meta[1].sid: unknown field "sid" (allowed: name, side, policy); did you mean "side"?`},
		{head + "  - {name: Thug, side: {fighter: thug}}\n  - {name: Guard}\n", `entry "Guard" gives neither side nor policy`},
		{head + "  - {name: Thug, side: {fighter: thug}}\n  - {name: Greedy, policy: greedy}\n", "ruleset stratfight has no built-in policies"},
		{"scenario: dbd/symmetric_line\nmeta:\n  - {name: a, policy: greedy}\n  - {name: b, policy: rolout}\n", file + `:4:23: meta[1].policy: unknown policy "rolout" of ruleset dbd (allowed: greedy, random, rollout, search:250, search:1k, search:4k); did you mean "rollout"?`},
	} {
		os.WriteFile(file, []byte(c.src), 0o644)
		mustFail(t, exitFailed, c.want, "meta", file)
	}
	os.WriteFile(file, []byte(head+entries(2)), 0o644)
	mustFail(t, exitFailed, "this is a roster, not a scenario: run it with `crucible meta "+file+"`", "run", file)
}

// The built-in rosters are listed; a built-in roster run as a scenario
// points at meta.
func TestRostersAreListed(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "scenarios")
	for _, name := range []string{"eclipse/cruiser-designs", "stratfight/fighters", "emojispace/sample-fits", "dbd/players"} {
		if !strings.Contains(out, name+" ") && !strings.Contains(out, name+"\t") {
			t.Errorf("scenarios does not list %s", name)
		}
	}
	if !strings.Contains(out, "(roster for crucible meta)") {
		t.Errorf("scenarios:\n%s", out)
	}
	mustFail(t, exitFailed, "stratfight/fighters is a built-in roster, not a scenario: run it with `crucible meta stratfight/fighters`", "run", "stratfight/fighters")
}

// --balance: its usage errors, a field the entries lack (input, naming
// them), and a search on a small exact roster whose answer needs no
// re-check, in JSON as in text.
func TestMetaBalance(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		want string
		args []string
	}{
		{"--balance armor: allowed: PATH=LO..HI", []string{"meta", "stratfight/fighters", "--balance", "armor"}},
		{"--balance armor.armor_value=8..0: allowed: LO < HI", []string{"meta", "stratfight/fighters", "--balance", "armor.armor_value=8..0"}},
		{"--min-share 0: allowed: a percentage above 0", []string{"meta", "stratfight/fighters", "--balance", "armor.armor_value=0..8", "--min-share", "0"}},
		{"--balance prints with --format table or json", []string{"meta", "stratfight/fighters", "--balance", "armor.armor_value=0..8", "--format", "csv"}},
		{"--min-share and --balance-matrices go with --balance", []string{"meta", "stratfight/fighters", "--min-share", "10"}},
	} {
		mustFail(t, exitUsage, c.want, c.args...)
	}
	mustFail(t, exitFailed, "--balance armor.armor_value: Thug, Guard, Jorah, Arya, Mountain, Samwell, Cat, Arya (Vue), Guard with rapier, Thug with battleaxe lack it in their side", "meta", "stratfight/fighters", "--balance", "armor.armor_value=0..8")

	dir := t.TempDir()
	file := filepath.Join(dir, "r.yaml")
	os.WriteFile(file, []byte(`scenario: eclipse/cruiser-designs
meta:
  - {name: Gluon Hunter, side: {ships: {Gluon Hunter: 2}}}
  - {name: Plasma Cruiser, side: {ships: {Plasma Cruiser: 2}}}
  - {name: Terran Cruiser, side: {ships: {Terran Cruiser: 2}}}
`), 0o644)
	out := mustRun(t, "meta", file, "--seed", "1", "--balance", "ships.*=1..3")
	for _, want := range []string{"balance   ships.* over 1, 2, 3; every entry ≥ 5.00 %", "re-check  none needed: every cell is exact", "matrix (row as a, column as b)"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	var v struct {
		Balance struct {
			Path     string
			Balanced bool
			Matrices int
			Changes  []struct{ Entry, From, To string }
		}
		Meta struct{ Entries []string }
	}
	if err := json.Unmarshal([]byte(mustRun(t, "meta", file, "--seed", "1", "--balance", "ships.*=1..3", "--format", "json")), &v); err != nil {
		t.Fatal(err)
	}
	if v.Balance.Path != "ships.*" || v.Balance.Matrices < 2 || len(v.Meta.Entries) != 3 {
		t.Errorf("JSON: %+v", v)
	}
}

// A misspelt --balance field is answered with the fields every entry's
// side gives and the nearest of them, * standing for each entry's own key
// (each Eclipse design is its own ship); before, the list was empty.
func TestMetaBalanceSuggestsField(t *testing.T) {
	t.Parallel()
	mustFail(t, exitFailed, `(allowed: a numeric field of every entry's side: ships.*; did you mean "ships.*"?)`,
		"meta", "eclipse/cruiser-designs", "--seed", "1", "--balance", "ship.*=1..3")
}
