package workbench_test

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"strings"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/reports/workbench"
)

// A permalink holding a deflate bomb (16 kilobytes that inflate to
// 16 MiB) is not opened: inflating stops at --max-body and the page
// says so, and stays usable.
func TestPermalinkBombIsRefused(t *testing.T) {
	t.Parallel()
	var z bytes.Buffer
	w, _ := flate.NewWriter(&z, flate.BestCompression)
	w.Write(make([]byte, 16<<20))
	w.Close()
	bomb := base64.RawURLEncoding.EncodeToString(z.Bytes())
	_, hs := newTestServer(t, workbench.Config{})
	p := openPage(t, hs.URL+"/#name=x&seed=1&trials=0&s="+bomb)
	p.wait(t, `document.getElementById('status').textContent.includes('larger than')`, 30*time.Second)
	if got, want := p.text(t, "status"), "the permalink's text is larger than 1,048,576 bytes, the most the workbench reads (crucible serve --max-body): it was not opened"; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
	if n := eval[int](t, p, `document.getElementById('src').value.length`); n != 0 {
		t.Errorf("the editor holds %d characters of the bomb", n)
	}
	p.pick(t, "builtin=eclipse%2Finterceptor-duel")
	p.wait(t, `window.workbench.exact !== null`, 30*time.Second)
}

// A seed above 2^53 goes from the page to the server and back exact: in
// the command and in the result (a JavaScript number would round it).
func TestLargeSeedInBrowser(t *testing.T) {
	t.Parallel()
	const seed = "18446744073709551615"
	_, hs := newTestServer(t, workbench.Config{})
	p := openPage(t, hs.URL+"/#builtin=stratfight/thug-vs-guard&seed="+seed+"&trials=1000")
	p.wait(t, `window.workbench.done && document.getElementById('command').textContent.includes('--seed')`, 30*time.Second)
	if got := p.text(t, "command"); !strings.Contains(got, "--seed "+seed+" ") {
		t.Errorf("command %q", got)
	}
	if got := eval[string](t, p, `window.workbench.last.seed_text`); got != seed {
		t.Errorf("the result's seed %s", got)
	}
}
