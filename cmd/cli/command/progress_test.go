package command

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/analysis"
)

var update = flag.Bool("update", false, "rewrite the golden files (testdata/*.golden) from the code")

// The progress line, at the widths of common terminals: golden text
// (refresh with go test ./cmd/cli/command -run ProgressLine -update), every line
// shorter than the terminal.
func TestProgressLine(t *testing.T) {
	t.Parallel()
	views := []struct {
		about string
		v     progressView
	}{
		{"a run of one scenario, before the first chunk", progressView{Stage: analysis.Stage{Name: "stratfight/thug-vs-guard", Trials: 100000, Total: 100000, Labels: [2]string{"Thug", "Guard"}}, Left: -1}},
		{"a run of one scenario", progressView{Stage: analysis.Stage{Name: "eclipse/interceptor-duel", Trials: 1000000, Total: 1000000, Labels: [2]string{"attacker", "defender"}},
			Done: 548000, Wins: [3]int64{0, 300304, 247696}, Left: 83 * time.Second}},
		{"no labels", progressView{Stage: analysis.Stage{Name: "my-duel", Trials: 20000, Total: 20000}, Done: 1000, Wins: [3]int64{10, 500, 490}, Left: 2 * time.Second}},
		{"no winners", progressView{Stage: analysis.Stage{Name: "stratfight/lifespan-14-coins", Trials: 100000, Total: 100000}, Done: 50000, Wins: [3]int64{50000, 0, 0}, Left: 3 * time.Second}},
		{"scenario 3 of 12 of a check", progressView{Stage: analysis.Stage{Name: "eclipse/two-cruisers-vs-interceptor-and-cruiser", Trials: 200000, Step: 3, Steps: 12, Unit: "scenario",
			Before: 400000, Total: 2400000, Labels: [2]string{"attacker", "defender"}}, Done: 123000, Wins: [3]int64{1000, 61000, 61000}, Left: 754 * time.Second}},
		{"point 7 of 40 of a sweep", progressView{Stage: analysis.Stage{Name: "parts[0].shield=2 attacker.ships.Shielded Interceptor=5", Trials: 20000, Step: 7, Steps: 40, Unit: "point",
			Before: 120000, Total: 800000, Labels: [2]string{"attacker", "defender"}}, Done: 4000, Wins: [3]int64{0, 1928, 2072}, Left: 2*time.Hour + 10*time.Minute}},
		{"a long side name", progressView{Stage: analysis.Stage{Name: "emojispace/p0-vs-civilian-trader-ship-pop5", Trials: 100000, Total: 100000,
			Labels: [2]string{"P0 (starter ship, contract profile)", "civilian_trader_ship"}}, Done: 99000, Wins: [3]int64{9000, 45000, 45000}, Left: 0}},
		{"a comparison", progressView{Stage: analysis.Stage{Name: "compare stratfight/thug-vs-guard options.round-cap=200 vs stratfight/thug-vs-guard options.round-cap=190", Trials: 300000, Total: 300000},
			Done: 1234567 % 300000, Left: 5 * time.Second}},
	}
	var b strings.Builder
	for _, width := range []int{80, 120, 60, 40} {
		fmt.Fprintf(&b, "# %d columns\n", width)
		for _, c := range views {
			line := progressLine(c.v, width)
			fmt.Fprintf(&b, "%s\n", line)
			if n := runes(line); n >= width {
				t.Errorf("%s at %d columns: %d runes, want fewer than the width:\n%s", c.about, width, n, line)
			}
		}
	}
	path := filepath.Join("testdata", "progress.golden")
	if *update {
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./cmd/cli/command -run ProgressLine -update writes it)", err)
	}
	if b.String() != string(want) {
		t.Errorf("the progress lines differ from %s:\n%s", path, b.String())
	}
}

// The time left is the stage's at the stage's rate, or the whole
// command's at the whole command's rate when its stages are known (a
// sweep's points): 3 of 10 points done at 10 s a point leave 70 s, not the
// point's own rest.
func TestProgressTimeLeft(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	d := &display{first: t0, started: true}
	one := analysis.Stage{Trials: 1000, Total: 1000}
	if got := d.view(one, 250, t0, t0.Add(5*time.Second)).Left; got != 15*time.Second {
		t.Errorf("a single stage a quarter done in 5 s: %v left, want 15s", got)
	}
	point := analysis.Stage{Trials: 1000, Step: 4, Steps: 10, Unit: "point", Before: 3000, Total: 10000}
	if got := d.view(point, 0, t0.Add(30*time.Second), t0.Add(30*time.Second)).Left; got != 70*time.Second {
		t.Errorf("3 of 10 points done in 30 s: %v left, want 70s", got)
	}
	resumed := analysis.Stage{Trials: 1000, Done: 600, Total: 1000}
	if got := d.view(resumed, 600, t0, t0.Add(time.Second)).Left; got != -1 {
		t.Errorf("a resumed stage before its first chunk: %v left, want unknown", got)
	}
	if got := d.view(resumed, 800, t0, t0.Add(4*time.Second)).Left; got != 4*time.Second {
		t.Errorf("a resumed stage at 800 of 1000, 200 fought in 4 s: %v left, want 4s", got)
	}
}

func TestGrouped(t *testing.T) {
	t.Parallel()
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 123456: "123,456", 1234567: "1,234,567", -1234: "-1,234", 9007199254740992: "9,007,199,254,740,992"} {
		if got := grouped(n); got != want {
			t.Errorf("grouped(%d) = %q, want %q", n, got, want)
		}
	}
}
