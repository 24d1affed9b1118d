package cli

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/cookiejar"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// serve prints its address, with the token a browser must show once,
// serves the page there (and nothing without the token), warns when it
// listens beyond loopback, and returns 0 when cancelled (Ctrl-C).
func TestServeStartsAndStops(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ addr, warning string }{
		{"127.0.0.1:0", ""},
		{"0.0.0.0:0", "warning: --addr 0.0.0.0:0 listens on every interface of this machine: anyone who can reach this machine at port "},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		out, errOut := &lockedBuffer{}, &lockedBuffer{}
		done := make(chan int)
		go func() {
			done <- execute(ctx, "crucible", []string{"serve", t.TempDir(), "--addr", c.addr}, out, errOut)
		}()
		var url string
		for deadline := time.Now().Add(10 * time.Second); url == "" && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
			url = regexp.MustCompile(`http://127\.0\.0\.1:\d+/\?token=[0-9a-f]{32}`).FindString(out.String())
		}
		if url == "" {
			t.Fatalf("no address printed: %q", out.String())
		}
		if c.warning == "" && errOut.String() != "" || !strings.Contains(errOut.String(), c.warning) {
			t.Errorf("--addr %s: stderr %q, want %q", c.addr, errOut.String(), c.warning)
		}
		jar, _ := cookiejar.New(nil)
		browser := &http.Client{Jar: jar}
		for _, u := range []string{strings.Split(url, "?")[0], url} {
			res, err := browser.Get(u)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			switch withToken := u == url; {
			case withToken && (res.StatusCode != 200 || !strings.Contains(string(body), "crucible workbench")):
				t.Errorf("the page: %d %.200s", res.StatusCode, body)
			case !withToken && res.StatusCode != 403:
				t.Errorf("the page without the token: %d %.200s", res.StatusCode, body)
			}
		}
		cancel()
		select {
		case code := <-done:
			if code != 0 {
				t.Errorf("exit %d after Ctrl-C", code)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("serve did not stop within 10 s of its cancel")
		}
	}
}

func TestServeRefusals(t *testing.T) {
	t.Parallel()
	mustFail(t, exitUsage, `--addr "nowhere": allowed: HOST:PORT`, "serve", "--addr", "nowhere")
	mustFail(t, exitUsage, "--max-trials 0: allowed: an integer from 1", "serve", "--max-trials", "0")
	mustFail(t, exitUsage, "--max-jobs 0: allowed: an integer from 1", "serve", "--max-jobs", "0")
	mustFail(t, exitFailed, "not-there: no such file or directory", "serve", "not-there")
}

// lockedBuffer is a bytes.Buffer one goroutine writes while another reads.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
