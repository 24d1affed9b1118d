package cli

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// tuneJSON is the part of tune's JSON the tests read.
type tuneJSON struct {
	Target, Metric, Op, Status string
	Direction                  *string
	Below, Above               *struct {
		Value       json.Number
		Estimate    float64
		Lo, Hi      float64
		Trials      int64
		Exact       *float64
		Fraction    string `json:"exact_fraction"`
		Decision    string
		Streams     string
		Phase       string
		Level       float64
		Looks       int
		Note        string
		Description string
	}
	Answer  *json.Number
	Probes  []map[string]any
	Recheck struct {
		Streams   string
		Confirmed bool
		Probes    []map[string]any
	}
	Monotonic bool
	Trials    int64
	Seed      uint64
	SeedText  string `json:"seed_text"`
	Version   string `json:"crucible_version"`
	Headline  []string
}

func readTuneJSON(t *testing.T, s string) tuneJSON {
	t.Helper()
	var v tuneJSON
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("%v\n%s", err, s)
	}
	return v
}

// The built-in fair-armor tune brackets fair between the Guard's armor 0
// and 1, in the designer's words, and its JSON names the bracket plainly.
func TestTuneAnswers(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "tune", "stratfight/armor-fair", "--seed", "1")
	for _, want := range []string{"Guard's armor 0: Samwell Tarley wins − Guard wins +", "lies between Guard's armor 0 and Guard's armor 1, at 95 %", "recheck  0", "seed 1"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	v := readTuneJSON(t, mustRun(t, "tune", "stratfight/armor-fair", "--seed", "1", "--format", "json"))
	if v.Status != "bracketed" || v.Target != "fair" || v.Metric != "margin" || v.Direction == nil || *v.Direction != "decreasing" ||
		v.Below == nil || v.Below.Value != "1" || v.Above == nil || v.Above.Value != "0" || v.Answer != nil || !v.Monotonic {
		t.Fatalf("%+v", v)
	}
	if v.Above.Phase != "recheck" || v.Above.Streams != "stratfight/samwell-vs-guard/recheck" || !(v.Above.Lo > 0) || v.Above.Trials == 0 || !v.Recheck.Confirmed {
		t.Errorf("the bracket is not the re-check's: %+v", v.Above)
	}
	var sum int64
	for _, p := range append(v.Probes, v.Recheck.Probes...) {
		sum += int64(p["trials"].(float64))
	}
	if sum != v.Trials || v.Seed != 1 || v.SeedText != "1" || v.Version != version {
		t.Errorf("trials %d (probes sum to %d), seed %d %q, version %q", v.Trials, sum, v.Seed, v.SeedText, v.Version)
	}

	// Eclipse's question is answered exactly,
	v = readTuneJSON(t, mustRun(t, "tune", "eclipse/interceptors-for-70", "--format", "json", "--seed", "1"))
	if v.Answer == nil || *v.Answer != "7" || v.Below.Value != "6" || v.Below.Exact == nil || v.Below.Fraction != "" || v.Trials != 0 || len(v.Recheck.Probes) != 0 {
		t.Errorf("exact: %+v", v)
	}
	if !strings.Contains(v.Headline[1], "7 Interceptors: attacker wins 78.3 % exactly — the smallest that gives attacker wins ≥ 70 %, from exact values") {
		t.Errorf("headline %q", v.Headline)
	}
	// with fractions on request: asked of the duel whose one Interceptor
	// wins 5/11 (E1, derived by hand in rules/eclipse's README §10), where
	// the built-in's rational solves of 6 and 7 Interceptors cost a second
	// of CPU.
	v = readTuneJSON(t, mustRun(t, "tune", "eclipse/interceptor-duel", "--vary", "attacker.ships.Interceptor=1..4", "--target", "win.a>=0.7",
		"--rational", "--format", "json", "--seed", "1"))
	if v.Answer == nil || *v.Answer != "2" || v.Below.Value != "1" || v.Below.Fraction != "5/11" || v.Above.Fraction != "821/1001" || v.Trials != 0 {
		t.Errorf("exact, rational: %+v", v)
	}
}

// An exact tune samples nothing: it states no level ("at 95 %"), draws and
// prints no seed, and its JSON's seed and confidence are null. It said "at
// 95 %" and printed a random seed before.
func TestTuneExactStatesNoLevelNorSeed(t *testing.T) {
	t.Parallel()
	out, errOut, code := crucible(t, context.Background(), "tune", "eclipse/interceptors-for-70")
	if code != 0 || strings.Contains(out, "95 %") || strings.Contains(errOut, "random seed") || strings.Contains(out, "seed ") && !strings.Contains(out, "no seed: nothing sampled") {
		t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	js, errOut, _ := crucible(t, context.Background(), "tune", "eclipse/interceptors-for-70", "--format", "json")
	var v struct {
		Seed, SeedText, Confidence any
	}
	if err := json.Unmarshal([]byte(js), &v); err != nil || v.Seed != nil || v.Confidence != nil || strings.Contains(errOut, "random seed") {
		t.Errorf("JSON %s (%v), stderr %q", js, err, errOut)
	}
	// A tune that samples draws its seed and says so.
	if _, errOut, _ := crucible(t, context.Background(), "tune", "eclipse/interceptors-for-70", "--exact=false", "--max-trials", "2000"); !strings.Contains(errOut, "random seed") {
		t.Errorf("a sampled tune without --seed: stderr %q", errOut)
	}
}

// 6 Interceptors win 67.739 % exactly, so 6 is the smallest that gives at
// least 67.7 %; by Monte Carlo no budget tells 6 from the target, and the
// answer is "6 or 7", its JSON answer null with the values it may be. It
// named 7 the smallest before.
func TestTuneNearTargetIsUndecided(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	args := []string{"tune", "eclipse/interceptors-for-70", "--target", "win.a>=0.677", "--exact=false", "--seed", "1", "--decide-trials", "400000", "--out", dir}
	out := mustRun(t, args...)
	if !strings.Contains(out, "the smallest that gives attacker wins ≥ 67.7 % is 6 Interceptors or 7 Interceptors, at 95 %") ||
		!strings.Contains(out, "6 Interceptors: attacker wins") || !strings.Contains(out, "decide   6 ") {
		t.Errorf("table:\n%s", out)
	}
	var v struct {
		Answer *json.Number
		OneOf  *struct {
			From, To json.Number
			Values   []json.Number
		} `json:"answer_one_of"`
	}
	// The JSON is the report's tune.json, what --format json prints
	// (TestTuneWritesReport).
	if err := json.Unmarshal(must(os.ReadFile(filepath.Join(dir, "tune.json"))), &v); err != nil {
		t.Fatal(err)
	}
	if v.Answer != nil || v.OneOf == nil || v.OneOf.From != "6" || v.OneOf.To != "7" || len(v.OneOf.Values) != 2 {
		t.Errorf("answer %v, one of %+v", v.Answer, v.OneOf)
	}
}

// A search probe is `crucible run BASE --set PATH=VALUE` with its trials:
// the same streams, the same tally.
func TestTuneProbeIsRunWithSet(t *testing.T) {
	t.Parallel()
	v := readTuneJSON(t, mustRun(t, "tune", "stratfight/armor-fair", "--seed", "4", "--format", "json"))
	p := v.Probes[0] // armor 0, decided after some looks
	n := strconv.FormatInt(int64(p["trials"].(float64)), 10)
	var run struct{ Wins struct{ A, B int64 } }
	if err := json.Unmarshal([]byte(mustRun(t, "run", "stratfight/samwell-vs-guard", "--set", "b.armor.armor_value=0", "--trials", n, "--seed", "4", "--format", "json")), &run); err != nil {
		t.Fatal(err)
	}
	trials, _ := strconv.ParseFloat(n, 64)
	if want := float64(run.Wins.A-run.Wins.B) / trials; math.Abs(p["estimate"].(float64)-want) > 1e-12 || p["value"] != 0.0 {
		t.Errorf("probe %v, the run of %s trials gives margin %g", p, n, want)
	}
}

// Same seed, same bytes, for any --workers and --chunk, in every format.
func TestTuneIsDeterministic(t *testing.T) {
	t.Parallel()
	for _, format := range []string{"table", "json", "csv"} {
		args := []string{"tune", "ec4x/siege-tech", "--seed", "2", "--format", format}
		one := mustRun(t, append(args, "--workers", "1")...)
		two := mustRun(t, append(args, "--workers", "2", "--chunk", "97")...)
		if one != two {
			t.Errorf("%s: --workers 1 and 2 differ", format)
		}
	}
}

// --out writes tune.json (what --format json prints), tune.csv, the curve
// and the page.
func TestTuneWritesReport(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "tune")
	out := mustRun(t, "tune", "dbd/standards-for-short-games", "--seed", "1", "--format", "json", "--out", dir)
	for _, f := range []string{"tune.json", "tune.csv", "tune-curve.png", "index.html"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	if saved, _ := os.ReadFile(filepath.Join(dir, "tune.json")); string(saved) != out {
		t.Error("tune.json is not what --format json printed")
	}
	page, _ := os.ReadFile(filepath.Join(dir, "index.html"))
	if !strings.Contains(string(page), "4 standards: mean rounds") || !strings.Contains(string(page), "--seed 1") {
		t.Errorf("page:\n%s", page)
	}
}

// Ctrl-C stops a tune at once: the probes so far are printed, marked, and
// written, and the exit status is 130.
func TestTuneInterrupted(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "cut")
	ctx := interruptAt(t, "stratfight/armor-fair b.armor.armor_value=4 (search)", 100)
	out, errOut, code := crucible(t, ctx, "tune", "stratfight/armor-fair", "--seed", "1", "--chunk", "100", "--out", dir)
	if code != exitInterrupted || !strings.Contains(errOut, "interrupted; the probes above are those fought") {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	var probed []string
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) > 1 && f[0] == "search" {
			probed = append(probed, f[1]+" "+f[len(f)-1])
		}
	}
	if !strings.HasPrefix(out, "INTERRUPTED after ") || strings.Join(probed, ", ") != "0 above, 8 below, 4 undecided" {
		t.Errorf("output:\n%s", out)
	}
	v := readTuneJSON(t, string(must(os.ReadFile(filepath.Join(dir, "tune.json")))))
	if v.Status != "interrupted" || v.Below != nil {
		t.Errorf("saved %+v", v)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// A target the range does not reach is an input error naming the target
// and both ends with their intervals; the output still says what was found.
func TestTuneUnreachable(t *testing.T) {
	t.Parallel()
	out, errOut := mustFail(t, exitFailed, "--target win.a>=0.9: Samwell Tarley wins ≥ 90 % is not reached between b.armor.armor_value=0 and b.armor.armor_value=8: b.armor.armor_value=0: Samwell Tarley wins",
		"tune", "stratfight/samwell-vs-guard", "--vary", "b.armor.armor_value=0..8", "--target", "win.a>=0.9", "--seed", "1")
	if !strings.Contains(errOut, "below at both ends") || !strings.Contains(out, "recheck") {
		t.Errorf("stderr %q\nstdout %s", errOut, out)
	}
}

func TestTuneUsageErrors(t *testing.T) {
	t.Parallel()
	s := "stratfight/samwell-vs-guard"
	for _, c := range []struct {
		want string
		args []string
	}{
		{"--trials: tune sets its own trials", []string{"tune", "stratfight/armor-fair", "--trials", "100"}},
		{"--confidence 1.5: allowed: a number from 0.5", []string{"tune", "stratfight/armor-fair", "--confidence", "1.5"}},
		{"--rational goes with --exact", []string{"tune", "eclipse/interceptors-for-70", "--rational", "--exact=false"}},
		{"--first-trials 500 is above --max-trials 100", []string{"tune", "stratfight/armor-fair", "--first-trials", "500", "--max-trials", "100"}},
		{"--max-trials 0: allowed: an integer from 1", []string{"tune", "stratfight/armor-fair", "--max-trials", "0"}},
		{`--format "xml": allowed: table, json, csv`, []string{"tune", "stratfight/armor-fair", "--format", "xml"}},
		{"stratfight/armor-fair is a tune file, which names its own field: --vary goes with a scenario", []string{"tune", "stratfight/armor-fair", "--vary", "a.x=1..2"}},
		{"is not a tune: name the field with --vary PATH=FROM..TO and what to look for with --target", []string{"tune", s, "--vary", "b.armor.armor_value=0..8"}},
		{"--vary b.armor=none,leather: tune searches a range FROM..TO of numbers", []string{"tune", s, "--vary", "b.armor=none,leather", "--target", "fair"}},
		{"--vary b.armor.armor_value=8..0: from 8 is not below to 0", []string{"tune", s, "--vary", "b.armor.armor_value=8..0", "--target", "fair"}},
		{"--vary b.armor=0..3: b.armor is a field of armor id, or a mapping defining an armor", []string{"tune", s, "--vary", "b.armor=0..3", "--target", "fair"}},
		{"--vary b.armor.armor_value=0..2.5: b.armor.armor_value is an integer field", []string{"tune", s, "--vary", "b.armor.armor_value=0..2.5", "--target", "fair"}},
		{`--target win.a>0.5: target "win.a>0.5": allowed: fair`, []string{"tune", s, "--vary", "b.armor.armor_value=0..8", "--target", "win.a>0.5"}},
		{"--target rounds.max<=9: target \"rounds.max<=9\": rounds.max is the extreme of a run", []string{"tune", s, "--vary", "b.armor.armor_value=0..8", "--target", "rounds.max<=9"}},
	} {
		mustFail(t, exitUsage, c.want, c.args...)
	}
}

func TestTuneInputErrors(t *testing.T) {
	t.Parallel()
	mustFail(t, exitFailed, `--target counter.hits>=1: unknown counter "hits" (counters:`,
		"tune", "stratfight/samwell-vs-guard", "--vary", "b.armor.armor_value=0..8", "--target", "counter.hits>=1")
	mustFail(t, exitFailed, "no such file and no built-in scenario", "tune", "stratfight/nope", "--vary", "x=0..1", "--target", "fair")
	dir := t.TempDir()
	file := filepath.Join(dir, "t.yaml")
	os.WriteFile(file, []byte("scenario: stratfight/samwell-vs-guard\ntune: {path: b.armor, from: 0, to: 3, target: \"end.sunk>=0.5\"}\n"), 0o644)
	mustFail(t, exitFailed, file+":2:8 (tune): b.armor is a field of armor id", "tune", file)
	os.WriteFile(file, []byte("scenario: stratfight/samwell-vs-guard\ntune: {path: b.armor.armor_value, from: 0, to: 3, target: \"end.sunk>=0.5\"}\n"), 0o644)
	mustFail(t, exitFailed, file+`:2:59 (tune.target: end.sunk>=0.5): unknown end reason "sunk"`, "tune", file)
}

// The built-in tunes are listed, and shown like any built-in file.
func TestTunesAreListed(t *testing.T) {
	t.Parallel()
	if out := mustRun(t, "scenarios"); !strings.Contains(out, "eclipse/interceptors-for-70") || !strings.Contains(out, "(tune for crucible tune)") {
		t.Errorf("scenarios:\n%s", out)
	}
	if out := mustRun(t, "show", "stratfight/armor-fair"); !strings.Contains(out, "target: fair") {
		t.Errorf("show:\n%s", out)
	}
	mustFail(t, exitFailed, "stratfight/armor-fair is a built-in tune, not a scenario: run it with `crucible tune stratfight/armor-fair`", "run", "stratfight/armor-fair")
}
