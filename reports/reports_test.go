package reports

import (
	"bytes"
	"flag"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports/figure"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/sim"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/")

// sample builds a result from a fixed list of outcomes, so that every
// number in the goldens can be checked by hand.
func sample(name, unit string, rounds []int64) *analysis.Result {
	spec := rules.Spec{
		Ends: []string{"death", "round-cap"}, Counters: []rules.Counter{{Name: "a.hits"}}, RoundsUnit: unit,
		Options: []rules.Setting{{Name: "tie-rule", Value: "flip-off"}, {Name: "round-cap", Value: "200"}},
	}
	t := sim.NewTally(spec)
	o := &rules.Outcome{Counters: make([]int64, 1)}
	for i, r := range rounds {
		o.Winner = rules.Side(i % 3)
		o.End = 0
		if o.Winner == rules.None {
			o.End = 1
		}
		o.Rounds, o.Counters[0] = r, int64(i%2)
		t.Add(o)
	}
	return &analysis.Result{Scenario: name, Ruleset: "stratfight", Hash: "0123456789abcdef",
		Version: "test", Seed: 7, Spec: spec, Tally: t, Planned: t.Trials}
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./reports -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file:\n%s", name, got)
	}
}

// results are the goldens' results: a duel whose sides have labels, a
// lifespan and a battle whose sides have none, and a duel with an end
// that is not a victory.
func results() []*analysis.Result {
	duel := sample("demo/duel", "rounds", []int64{1, 2, 2, 3, 5, 8, 13, 200, 4})
	duel.Spec.Labels = [2]string{"Thug", "Guard"}
	return []*analysis.Result{
		duel,
		sample("demo/life", "seconds", []int64{15, 40000, 70000, 2_000_000_000}),
		distSample(),
		escapeSample(true),
	}
}

// escapeSample is a duel of ten trials in which an escape is not a
// victory, scored as a win of the ship that escaped or, unscored, as no
// winner: P3 destroys its enemy 4 times and escapes twice, the pirate
// destroys P3 twice and escapes once, and one fight reaches the cap. The
// headline: P3 wins 4, P3 escaped 2, pirate wins 2, pirate escaped 1, no
// winner 1; the scored wins are 6, 3 and 1 (4, 2 and 4 unscored).
func escapeSample(scored bool) *analysis.Result {
	spec := rules.Spec{
		Ends: []string{"destroyed", "escaped", "round-cap"}, RoundsUnit: "rounds", Labels: [2]string{"P3", "pirate"},
		Counters:     []rules.Counter{{Name: "a.escaped", Doc: "1 when the ship escaped"}, {Name: "b.escaped", Doc: "1 when the ship escaped"}},
		NonVictories: []rules.NonVictory{{End: "escaped", Scored: scored}},
		Options:      []rules.Setting{{Name: "escape-result", Value: map[bool]string{true: "escaper-wins", false: "no-winner"}[scored]}},
	}
	t := sim.NewTally(spec)
	o := &rules.Outcome{Counters: make([]int64, 2)}
	for i, f := range []struct {
		winner rules.Side
		end    int
		fled   int // the side's index + 1 that escaped
	}{{rules.A, 0, 0}, {rules.A, 0, 0}, {rules.A, 0, 0}, {rules.A, 0, 0}, {rules.B, 0, 0}, {rules.B, 0, 0},
		{rules.A, 1, 1}, {rules.A, 1, 1}, {rules.B, 1, 2}, {rules.None, 2, 0}} {
		o.Reset()
		o.Winner, o.End, o.Rounds = f.winner, f.end, int64(1+i%4)
		if f.fled > 0 {
			o.Counters[f.fled-1] = 1
			if !scored {
				o.Winner = rules.None
			}
		}
		t.Add(o)
	}
	return &analysis.Result{Scenario: "demo/escape", Ruleset: "emojispace", Hash: "00112233aabbccdd",
		Version: "test", Seed: 7, Spec: spec, Tally: t, Planned: t.Trials}
}

// distSample has a distribution counter, b.threat, with the values 0, 1, 1,
// 2, 2, 2, 5: mean 13/7, median 2, maximum 5.
func distSample() *analysis.Result {
	spec := rules.Spec{
		Ends: []string{"destroyed"}, RoundsUnit: "rounds",
		Counters: []rules.Counter{{Name: "a.hull-left", Doc: "hull points left"}, {Name: "b.threat", Dist: true, Doc: "Threat Rating of the opponent"}},
	}
	t := sim.NewTally(spec)
	o := &rules.Outcome{Counters: make([]int64, 2)}
	for i, threat := range []int64{0, 1, 1, 2, 2, 2, 5} {
		o.Winner, o.Rounds = rules.A+rules.Side(i%2), int64(1+i%3)
		o.Counters[0], o.Counters[1] = int64(10-i), threat
		t.Add(o)
	}
	return &analysis.Result{Scenario: "demo/npc", Ruleset: "emojispace", Hash: "fedcba9876543210",
		Version: "test", Seed: 7, Spec: spec, Tally: t, Planned: t.Trials}
}

func TestGoldens(t *testing.T) {
	var b bytes.Buffer
	if err := WriteTable(&b, results()); err != nil {
		t.Fatal(err)
	}
	golden(t, "table.golden.txt", b.Bytes())
	b.Reset()
	if err := WriteJSON(&b, results()); err != nil {
		t.Fatal(err)
	}
	golden(t, "summary.golden.json", b.Bytes())
	b.Reset()
	if err := formats.WriteCSV(&b, SummaryRows(results())); err != nil {
		t.Fatal(err)
	}
	golden(t, "summary.golden.csv", b.Bytes())
	b.Reset()
	if err := formats.WriteCSV(&b, RoundRows(results())); err != nil {
		t.Fatal(err)
	}
	golden(t, "rounds.golden.csv", b.Bytes())
	b.Reset()
	if err := formats.WriteCSV(&b, CounterRows(results())); err != nil {
		t.Fatal(err)
	}
	golden(t, "counters.golden.csv", b.Bytes())
}

// What WriteJSON writes, ReadJSON reads back to the same bytes: that is
// what lets `crucible merge` reproduce a single machine's output.
func TestJSONRoundTrip(t *testing.T) {
	var b bytes.Buffer
	if err := WriteJSON(&b, results()); err != nil {
		t.Fatal(err)
	}
	back, err := ReadJSON(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	var b2 bytes.Buffer
	if err := WriteJSON(&b2, back); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), b2.Bytes()) {
		t.Errorf("round trip changed the JSON:\n%s\n----\n%s", b.Bytes(), b2.Bytes())
	}
}

// A seed above 2^53 is also written as seed_text, which ReadJSON prefers:
// a reader that holds numbers as doubles rounds the number, and a result it
// wrote back still reads as its own seed.
func TestSeedTextKeepsLargeSeeds(t *testing.T) {
	r := distSample()
	r.Seed = math.MaxUint64 - 1
	var b bytes.Buffer
	if err := WriteJSON(&b, []*analysis.Result{r}); err != nil {
		t.Fatal(err)
	}
	exact := `"seed": 18446744073709551614,`
	if !strings.Contains(b.String(), exact+"\n  \"seed_text\": \"18446744073709551614\",") {
		t.Fatalf("the seed is not written as text too:\n%.400s", b.String())
	}
	rounded := strings.Replace(b.String(), exact, `"seed": 18446744073709552000,`, 1) // float64(seed), as a double-based writer puts it
	back, err := ReadJSON([]byte(rounded))
	if err != nil || back[0].Seed != r.Seed {
		t.Fatalf("read back seed %v, %v; want %d", back, err, r.Seed)
	}
	if _, err := ReadJSON([]byte(strings.Replace(b.String(), `"seed_text": "18446744073709551614"`, `"seed_text": "0x10"`, 1))); err == nil || !strings.Contains(err.Error(), `seed_text "0x10": not a decimal seed`) {
		t.Errorf("a seed_text that is no seed: %v", err)
	}
}

// A result's non-victory ends read back only when they are among its
// ends: the headline of a hand-edited file cannot name an end it lacks.
func TestReadJSONNonVictories(t *testing.T) {
	var b bytes.Buffer
	if err := WriteJSON(&b, []*analysis.Result{escapeSample(false)}); err != nil {
		t.Fatal(err)
	}
	back, err := ReadJSON(b.Bytes())
	if err != nil || len(back) != 1 || back[0].Spec.Labels != [2]string{"P3", "pirate"} ||
		len(back[0].Spec.NonVictories) != 1 || back[0].Spec.NonVictories[0] != (rules.NonVictory{End: "escaped"}) {
		t.Fatalf("read back %+v, %v", back, err)
	}
	bad := bytes.Replace(b.Bytes(), []byte(`"end": "escaped"`), []byte(`"end": "fled"`), 1)
	if _, err := ReadJSON(bad); err == nil || !strings.Contains(err.Error(), `non_victories: end "fled" is not one of the result's ends`) {
		t.Errorf("an unknown non-victory end: %v", err)
	}
}

func TestReadJSONRejectsNonResults(t *testing.T) {
	for _, in := range []string{`{}`, `[1]`, `{"scenario":"x","seed":1,"trials":2,"wins":{"a":1,"b":0,"none":0}}`, `nonsense`} {
		if _, err := ReadJSON([]byte(in)); err == nil {
			t.Errorf("accepted %s", in)
		}
	}
}

func TestWriteDir(t *testing.T) {
	dir := t.TempDir()
	if err := WriteDir(dir, results(), "test"); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"summary.csv", "rounds.csv", "summary.json", "index.html", "winrates.png", "rounds.png", "rounds-seconds.png", "counters.csv", "counters.png"} {
		data, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(f, ".png") {
			img, err := png.Decode(bytes.NewReader(data))
			if err != nil || img.Bounds().Dx() < 300 {
				t.Errorf("%s: not a usable PNG (%v)", f, err)
			}
		}
	}
	// A report of two rulesets is an index linking a page for each, which
	// stands on its own: its win rates, its scenarios' sections and
	// figures.
	index, _ := os.ReadFile(filepath.Join(dir, "index.html"))
	for _, want := range []string{`<a href="stratfight.html">stratfight</a>`, `<a href="emojispace.html">emojispace</a>`, `<a href="emojispace.html#s3">demo/npc</a>`, `<a href="summary.csv">`} {
		if !bytes.Contains(index, []byte(want)) {
			t.Errorf("index.html lacks %q", want)
		}
	}
	for page, wants := range map[string][]string{
		"stratfight.html": {`<img src="winrates-stratfight.svg"`, `<a href="rounds.png"`, `<a href="rounds-seconds.png"`, `<img src="s1-demo-duel-rounds.svg"`, `<a href="index.html">`, "demo/duel", "tie-rule"},
		"emojispace.html": {`<img src="winrates-emojispace.svg"`, `<a href="counters.png"`, `<img src="s3-demo-npc-at-least.svg"`, "Threat Rating of the opponent"},
	} {
		html, err := os.ReadFile(filepath.Join(dir, page))
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range wants {
			if !bytes.Contains(html, []byte(want)) {
				t.Errorf("%s lacks %q", page, want)
			}
		}
		if bytes.Contains(html, []byte("demo/escape")) != (page == "emojispace.html") {
			t.Errorf("%s shows another ruleset's scenario, or not its own", page)
		}
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temporary file left behind: %s", e.Name())
		}
	}
}

// A result in which no trial had a winner (a lifespan) has nothing to show
// on the win-rate chart: it is left off and named under it, and a report of
// such results alone has no chart.
func TestWinRatesLeaveOutUncontested(t *testing.T) {
	life := sample("demo/lifespan", "seconds", []int64{15, 40000, 70000})
	life.Tally.Wins = [3]int64{3, 0, 0}
	if got := figure.Contested([]*analysis.Result{results()[0], life}); len(got) != 1 || got[0].Scenario != "demo/duel" {
		t.Errorf("contested: %v", got)
	}
	dir := t.TempDir()
	if err := WriteDir(dir, []*analysis.Result{results()[0], life}, "test"); err != nil {
		t.Fatal(err)
	}
	html, _ := os.ReadFile(filepath.Join(dir, "index.html"))
	if !bytes.Contains(html, []byte("Not drawn (no trial had a winner): demo/lifespan.")) {
		t.Errorf("index.html does not name the left-out result")
	}
	dir = t.TempDir()
	if err := WriteDir(dir, []*analysis.Result{life}, "test"); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"winrates.png", "winrates.svg"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			t.Errorf("%s drawn for a report with no winners", f)
		}
	}
	html, _ = os.ReadFile(filepath.Join(dir, "index.html"))
	if bytes.Contains(html, []byte("winrates.")) {
		t.Error("index.html shows a win-rate chart it has not got")
	}
}

func TestWholeTicks(t *testing.T) {
	for _, c := range []struct {
		min, max float64
		want     string
	}{
		{-0.5, 8.5, "0 2 4 6 8"},
		{0.5, 16.5, "5 10 15"},
		{0.5, 3.5, "1 2 3"},
		{0.5, 600, "100 200 300 400 500 600"},
		{90, 1e6, "200000 400000 600000 800000 1000000"},
		{3, 3, ""},
	} {
		var got []string
		for _, tk := range (figure.WholeTicks{}).Ticks(c.min, c.max) {
			got = append(got, tk.Label)
		}
		if s := strings.Join(got, " "); s != c.want {
			t.Errorf("ticks on [%g, %g] = %q, want %q", c.min, c.max, s, c.want)
		}
	}
}

// TestRoundsPanels checks the layout of RoundsPNG: one panel per result,
// three to a row, each 4.4 × 3 inches at 96 dpi (legible at 1,400 px
// without scaling), under a title 0.5 inch high.
func TestRoundsPanels(t *testing.T) {
	r := results()[0]
	for _, c := range []struct{ n, w, h int }{{1, 422, 336}, {2, 845, 336}, {3, 1267, 336}, {4, 1267, 624}, {7, 1267, 912}} {
		rs := make([]*analysis.Result, c.n)
		for i := range rs {
			rs[i] = r
		}
		data, err := figure.RoundsPNG(rs)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		if b := img.Bounds(); b.Dx() != c.w || b.Dy() != c.h {
			t.Errorf("%d results: %d × %d pixels, want %d × %d", c.n, b.Dx(), b.Dy(), c.w, c.h)
		}
	}
}

// FuzzReadJSON: no input may crash reading results or merging them, and
// whatever reads back writes out again.
func FuzzReadJSON(f *testing.F) {
	var b bytes.Buffer
	WriteJSON(&b, results())
	f.Add(b.Bytes())
	f.Add([]byte(`{"scenario":"x","seed":1,"trials":0,"wins":{"a":0,"b":0,"none":0},"ends":{},"rounds":{"hist":{},"n":0,"sum":"0","sum_sq":"0"}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		rs, err := ReadJSON(data)
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := WriteJSON(&out, rs); err != nil {
			t.Fatalf("read back but cannot write: %v", err)
		}
		analysis.Merge(rs)
		analysis.MergeOptions{MixedVersions: true}.Merge(rs)
	})
}
