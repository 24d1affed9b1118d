package workbench_test

import (
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/reports/workbench"
)

// Requests addressed to another host (DNS rebinding) or sent from another
// site's page are refused with 403; the server's own are served.
func TestGuardRefusesOtherHostsAndOrigins(t *testing.T) {
	_, hs := newTestServer(t, workbench.Config{})
	port := hs.URL[strings.LastIndex(hs.URL, ":")+1:]
	for _, c := range []struct {
		host, origin string
		want         int
	}{
		{"", "", 200},
		{"localhost:" + port, "", 200},
		{"", hs.URL, 200},
		{"evil.example:" + port, "", 403},
		{"localhost:1", "", 403},
		{"127.0.0.1", "", 403},
		{"", "http://evil.example:" + port, 403},
		{"", "https://127.0.0.1:" + port, 403},
		{"", "null", 403},
	} {
		req, _ := http.NewRequest("GET", hs.URL+"/api/catalogue", nil)
		if c.host != "" {
			req.Host = c.host
		}
		if c.origin != "" {
			req.Header.Set("Origin", c.origin)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != c.want {
			t.Errorf("Host %q Origin %q: %d, want %d: %s", c.host, c.origin, res.StatusCode, c.want, body)
		}
	}
}

// Files are read only inside DIR: no absolute path, no .., no symlink
// leading out; a symlink inside is followed.
func TestFilesOnlyInsideDir(t *testing.T) {
	root := t.TempDir()
	dir, outside := filepath.Join(root, "dir"), filepath.Join(root, "secret.yaml")
	os.MkdirAll(filepath.Join(dir, "sub"), 0o755)
	scenario := "ruleset: stratfight\na: {fighter: thug}\nb: {fighter: guard}\n"
	os.WriteFile(filepath.Join(dir, "sub", "duel.yaml"), []byte(scenario), 0o644)
	os.WriteFile(outside, []byte("secret: 1\n"), 0o644)
	must(t, os.Symlink(outside, filepath.Join(dir, "out.yaml")))
	must(t, os.Symlink(filepath.Join(dir, "sub"), filepath.Join(dir, "in")))
	must(t, os.Symlink(root, filepath.Join(dir, "up")))
	_, hs := newTestServer(t, workbench.Config{Dir: dir})
	for _, c := range []struct {
		file string
		want int
	}{
		{"sub/duel.yaml", 200},
		{"in/duel.yaml", 200},
		{"../secret.yaml", 403},
		{"sub/../../secret.yaml", 403},
		{outside, 403},
		{"out.yaml", 403},
		{"up/secret.yaml", 403},
		{"missing.yaml", 400},
	} {
		res, err := http.Get(hs.URL + "/api/scenario?file=" + c.file)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != c.want || strings.Contains(string(body), "secret: 1") {
			t.Errorf("%s: %d, want %d: %s", c.file, res.StatusCode, c.want, body)
		}
	}
	res, err := http.Get(hs.URL + "/api/catalogue")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(body), `"files":["out.yaml","sub/duel.yaml"]`) {
		t.Errorf("catalogue lists %s", body)
	}
	// A scenario that would include a file (dbd's scenario: field) is
	// refused: the loader would read it from anywhere.
	status, r := post(t, hs.URL, "/api/validate", map[string]string{"name": "x", "text": "ruleset: dbd\nscenario: " + outside + "\n"})
	if status != 200 || !strings.Contains(r["message"].(string), "reads no included file") {
		t.Errorf("an include: %d %v", status, r)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// Each cap refuses what exceeds it and names itself: trials, request
// size, jobs per server.
func TestCapsNameThemselves(t *testing.T) {
	_, hs := newTestServer(t, workbench.Config{MaxTrials: 1000, MaxBody: 4096, MaxJobs: 1})
	text := builtinText(t, hs.URL, "dbd/symmetric_line")
	openTab(t, hs.URL, "one")
	openTab(t, hs.URL, "two")
	status, r := post(t, hs.URL, "/api/odds", map[string]any{"tab": "one", "name": "x", "text": text, "trials": 1001})
	if status != 400 || !strings.Contains(r["error"].(string), "at most 1000 trials a job (crucible serve --max-trials)") {
		t.Errorf("too many trials: %d %v", status, r)
	}
	status, r = post(t, hs.URL, "/api/validate", map[string]any{"name": "x", "text": strings.Repeat("#", 5000)})
	if status != 413 || !strings.Contains(r["error"].(string), "larger than 4096 bytes, the most the workbench reads (crucible serve --max-body)") {
		t.Errorf("too large: %d %v", status, r)
	}
	status, r = post(t, hs.URL, "/api/odds", map[string]any{"tab": "one", "name": "x", "text": text, "trials": 1000})
	if status != 200 {
		t.Fatalf("a job: %d %v", status, r)
	}
	status, r = post(t, hs.URL, "/api/odds", map[string]any{"tab": "two", "name": "x", "text": text, "trials": 1000})
	if status != 503 || !strings.Contains(r["error"].(string), "the server already runs 1 jobs, the most it runs at once (crucible serve --max-jobs)") {
		t.Errorf("a second job: %d %v", status, r)
	}
	status, r = post(t, hs.URL, "/api/odds", map[string]any{"tab": "nobody", "name": "x", "text": text})
	if status != 409 {
		t.Errorf("a tab without a stream: %d %v", status, r)
	}
}

// Closing a tab (its event stream) cancels its jobs, which free their
// slots and goroutines.
func TestClosedTabCancelsItsJobs(t *testing.T) {
	s, hs := newTestServer(t, workbench.Config{})
	text := builtinText(t, hs.URL, "dbd/symmetric_line")
	before := runtime.NumGoroutine()
	tab := openTab(t, hs.URL, "closing")
	status, r := post(t, hs.URL, "/api/odds", map[string]any{"tab": "closing", "name": "x", "text": text, "trials": 5_000_000})
	if status != 200 {
		t.Fatalf("%d %v", status, r)
	}
	tab.next(t, 10*time.Second) // the first estimate: the job runs
	if s.Jobs() != 1 {
		t.Fatalf("%d jobs running", s.Jobs())
	}
	tab.close()
	deadline := time.Now().Add(5 * time.Second)
	for s.Jobs() > 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if s.Jobs() != 0 {
		t.Fatalf("%d jobs still run 5 s after their tab closed", s.Jobs())
	}
	hs.CloseClientConnections()
	http.DefaultClient.CloseIdleConnections()
	for time.Now().Before(deadline) && runtime.NumGoroutine() > before+2 {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before+2 {
		t.Errorf("%d goroutines after the tab closed, %d before", n, before)
	}
}

// The stop button ends the job with the trials it finished.
func TestStop(t *testing.T) {
	_, hs := newTestServer(t, workbench.Config{})
	text := builtinText(t, hs.URL, "dbd/symmetric_line")
	tab := openTab(t, hs.URL, "stopping")
	_, r := post(t, hs.URL, "/api/odds", map[string]any{"tab": "stopping", "name": "x", "text": text, "trials": 5_000_000})
	tab.next(t, 10*time.Second)
	if status, _ := post(t, hs.URL, "/api/stop", map[string]any{"tab": "stopping"}); status != 200 {
		t.Fatal(status)
	}
	est, _ := tab.final(t, r["job"].(float64), 5*time.Second)
	if est.Data["stopped"] != true {
		t.Errorf("final estimate %v", est.Data)
	}
	_ = context.Background
}
