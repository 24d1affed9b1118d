//go:build screenshots

package workbench_test

import (
	"flag"
	"os"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/crucible-sim/crucible/reports/workbench"
)

var shot = flag.String("shot", "workbench.png", "the file TestScreenshot writes")

// TestScreenshot draws the workbench 1,400 px wide with a built-in's odds
// and exact value in, for review (make screenshots): a page that streams
// never ends loading, so chromium's own --screenshot catches it empty.
func TestScreenshot(t *testing.T) {
	_, hs := newTestServer(t, workbench.Config{})
	p := openPage(t, hs.URL+"/#builtin=eclipse/two-cruisers-vs-interceptor-and-cruiser&seed=1&trials=20000")
	if _, err := chromedp.Run(p.ctx, chromedp.EmulateViewport(1400, 1200)); err != nil {
		t.Fatal(err)
	}
	p.wait(t, `window.workbench.done && window.workbench.exact`, 60*time.Second)
	png, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(*shot, png, 0o644); err != nil {
		t.Fatal(err)
	}
}
