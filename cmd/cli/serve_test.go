package cli

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// serve prints its address, serves the page there, and returns 0 when
// cancelled (Ctrl-C).
func TestServeStartsAndStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	out := &lockedBuffer{}
	done := make(chan int)
	go func() {
		done <- execute(ctx, "crucible", []string{"serve", t.TempDir(), "--addr", "127.0.0.1:0"}, out, io.Discard)
	}()
	var url string
	for deadline := time.Now().Add(10 * time.Second); url == "" && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		url = regexp.MustCompile(`http://127\.0\.0\.1:\d+/`).FindString(out.String())
	}
	if url == "" {
		t.Fatalf("no address printed: %q", out.String())
	}
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(body), "crucible workbench") {
		t.Errorf("the page: %d %.200s", res.StatusCode, body)
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

func TestServeRefusals(t *testing.T) {
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
