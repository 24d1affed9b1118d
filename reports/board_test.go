package reports

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports/figure"
	"github.com/crucible-sim/crucible/reports/verdicts"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/sim"
)

// boardSample is a battle on a board of three hexes in a row, with a heat
// map of losses: over four trials hex "1" saw 1 loss and hex "2" saw 3, so
// the means are 0, 0.25 and 0.75.
func boardSample() *analysis.Result {
	board := &rules.Board{
		Name: "three", Shape: rules.ShapeHex,
		Kinds: []rules.CellKind{{Name: "CLEAR", Color: "#ece6cc"}, {Name: "WOODS", Color: "#5b8a4e"}},
		Cells: []rules.Cell{
			{Label: "0", X: 0, Y: 0, Kind: 0, Mark: "I4", Side: rules.A},
			{Label: "1", X: 1.7320508075688772, Y: 0, Kind: 1},
			{Label: "2", X: 3.4641016151377544, Y: 0, Kind: 0, Mark: "C3", Side: rules.B},
		},
		Maps: []rules.HeatMap{{Title: "units lost per hex", Counters: []string{"lost.hex.0", "lost.hex.1", "lost.hex.2"}}},
	}
	spec := rules.Spec{
		Ends: []string{"standards"}, RoundsUnit: "rounds", Board: board,
		Counters: []rules.Counter{{Name: "melee-attacks"}, {Name: "lost.hex.0"}, {Name: "lost.hex.1"}, {Name: "lost.hex.2"}},
	}
	t := sim.NewTally(spec)
	o := &rules.Outcome{Counters: make([]int64, 4)}
	lost1, lost2 := []int64{0, 0, 0, 1}, []int64{0, 1, 1, 1}
	for i := range 4 {
		o.Winner, o.Rounds = rules.A, 3
		o.Counters[0], o.Counters[1], o.Counters[2], o.Counters[3] = 2, 0, lost1[i], lost2[i]
		t.Add(o)
	}
	return &analysis.Result{Scenario: "demo/board", Ruleset: "dbd", Hash: "00", Version: "test", Seed: 7, Spec: spec, Tally: t, Planned: t.Trials}
}

// A board's per-cell counters are summed up, not listed: the table gives
// each heat map in one line, and the JSON keeps every counter.
func TestHeatMapsSummarised(t *testing.T) {
	r := boardSample()
	if got := r.Tally.Counters[2:]; got[0] != 1 || got[1] != 3 {
		t.Fatalf("sample tallies %v, want 1 and 3", got)
	}
	var b bytes.Buffer
	if err := WriteTable(&b, []*analysis.Result{r}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	want := "heat map  units lost per hex: 3 per-cell counters (lost.hex.0, …), 1 per trial in all; most on 2 (0.75 per trial)"
	if !strings.Contains(out, want) {
		t.Errorf("table lacks %q:\n%s", want, out)
	}
	if strings.Contains(out, "lost.hex.1 ") || !strings.Contains(out, "melee-attacks") {
		t.Errorf("table lists the per-cell counters, or not the others:\n%s", out)
	}
	b.Reset()
	if err := WriteJSON(&b, []*analysis.Result{r}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `"lost.hex.1": 1`) {
		t.Errorf("the JSON lost a per-cell counter:\n%s", b.String())
	}
}

// The board travels through JSON, so that a merge draws it.
func TestBoardJSONRoundTrip(t *testing.T) {
	var b bytes.Buffer
	if err := WriteJSON(&b, []*analysis.Result{boardSample()}); err != nil {
		t.Fatal(err)
	}
	back, err := ReadJSON(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if back[0].Spec.Board == nil || len(back[0].Spec.Board.Cells) != 3 || back[0].Spec.Board.Cells[2].Side != rules.B {
		t.Fatalf("board read back as %+v", back[0].Spec.Board)
	}
	var b2 bytes.Buffer
	if err := WriteJSON(&b2, back); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), b2.Bytes()) {
		t.Errorf("round trip changed the JSON:\n%s\n----\n%s", b.Bytes(), b2.Bytes())
	}
	bad := strings.Replace(b.String(), `"side": "b"`, `"side": "c"`, 1)
	if _, err := ReadJSON([]byte(bad)); err == nil || !strings.Contains(err.Error(), "board") {
		t.Errorf("a bad side read back: %v", err)
	}
}

// board.png draws the board: the hottest cell is dark, a cold one white.
func TestBoardPNG(t *testing.T) {
	dir := t.TempDir()
	results := []*analysis.Result{boardSample(), distSample()}
	if err := WriteDir(dir, results, "test"); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "board.png"))
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds().Dx() < 600 {
		t.Errorf("board.png is %v", img.Bounds())
	}
	html, _ := os.ReadFile(filepath.Join(dir, "dbd.html"))
	for _, want := range []string{`<img src="board.svg"`, "heat map: units lost per hex"} {
		if !bytes.Contains(html, []byte(want)) {
			t.Errorf("dbd.html lacks %q", want)
		}
	}
	if got := figure.HeatColor(0); got != (figure.HeatColor(-1)) {
		t.Errorf("heat below 0 is %v", got)
	}
	r, g, b, _ := figure.HeatColor(1).RGBA()
	if r>>8 != 128 || g != 0 || b>>8 != 38 {
		t.Errorf("the hottest colour is %d %d %d", r>>8, g>>8, b>>8)
	}
	if figure.Boards([]*analysis.Result{distSample()}) != nil {
		t.Error("a result without a board is drawn")
	}
}

// A replay's result lists a board's per-cell counters by heat map, only
// the cells that are not 0.
func TestWriteOutcomeOnABoard(t *testing.T) {
	r := boardSample()
	o := &rules.Outcome{Winner: rules.A, Rounds: 3, Counters: []int64{2, 0, 1, 2}}
	var b bytes.Buffer
	if err := verdicts.WriteOutcome(&b, r.Spec, o); err != nil {
		t.Fatal(err)
	}
	want := "result: winner a, end standards, 3 rounds\n  melee-attacks = 2\n  units lost per hex: 1: 1, 2: 2\n"
	if b.String() != want {
		t.Errorf("got\n%swant\n%s", b.String(), want)
	}
	o.Counters = []int64{0, 0, 0, 0}
	b.Reset()
	verdicts.WriteOutcome(&b, r.Spec, o)
	if !strings.HasSuffix(b.String(), "units lost per hex: none\n") {
		t.Errorf("got\n%s", b.String())
	}
}
