//go:build screenshots

package workbench_test

import (
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/crucible-sim/crucible/reports/workbench"
)

var shots = flag.String("shots", "screenshots", "the folder TestScreenshots writes workbench-CARD-WIDTH.png into")

// TestScreenshots draws the workbench with each card answered — the odds,
// a comparison, a sweep, a tune, a metagame, a policy spread, a replay —
// and a rules file's scenario with the rules file beside it, at 1,400 and
// at 800 px, for review (make screenshots): a page that
// streams never ends loading, so chromium's own --screenshot catches it
// empty.
func TestScreenshots(t *testing.T) {
	_, hs := newTestServer(t, workbench.Config{})
	if err := os.MkdirAll(*shots, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range cardCases {
		// A subtest each, which closes its tab: a browser holds at most six
		// connections to one server, and each tab holds one open.
		t.Run(c.card, func(t *testing.T) { screenshot(t, hs.URL, c) })
	}
	// A rules file's scenario, its rules file in the editor beside it.
	t.Run("rules-file", func(t *testing.T) {
		screenshot(t, hs.URL, cardCase{card: "rules-file", builtin: "rulesfile/duel2d6", trials: "2000", drive: func(t *testing.T, p *page) {
			p.wait(t, settled+` && window.workbench.exact !== null`, time.Minute)
			p.click(t, "tab-yaml")
		}})
	})
}

// screenshot draws one card answered, at 1,400 and at 800 px.
func screenshot(t *testing.T, base string, c cardCase) {
	p := openPage(t, base+"/#builtin="+c.builtin+"&seed=1&trials="+c.trials)
	p.wait(t, settled, time.Minute)
	c.drive(t, p)
	for _, width := range []int{1400, 800} {
		p.resize(t, width, 900)
		p.wait(t, chartsDrawn, 10*time.Second)
		png, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(*shots, "workbench-"+c.card+"-"+strconv.Itoa(width)+".png")
		if err := os.WriteFile(file, png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Log(file)
	}
}
