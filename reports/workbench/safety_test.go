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
	t.Parallel()
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
	t.Parallel()
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
	// A scenario that includes a file outside DIR (dbd's scenario: field)
	// is refused, in the same words whether or not a file is there.
	for _, name := range []string{outside, filepath.Join(root, "missing.json"), "../secret.yaml"} {
		status, r := post(t, hs.URL, "/api/validate", map[string]string{"name": "x", "text": "ruleset: dbd\nscenario: " + name + "\n"})
		if msg, _ := r["message"].(string); status != 200 || msg != "x.yaml:2:11: scenario: the scenario file "+name+": outside the folder this scenario's files are read from (allowed: a name relative to it, inside it)" {
			t.Errorf("an include of %s: %d %v", name, status, r)
		}
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
	t.Parallel()
	_, hs := newTestServer(t, workbench.Config{MaxTrials: 1000, MaxBody: 4096, MaxJobs: 1})
	text := builtinText(t, hs.URL, "dbd/symmetric_line")
	openTab(t, hs.URL, "one")
	openTab(t, hs.URL, "two")
	status, r := post(t, hs.URL, "/api/odds", map[string]any{"tab": "one", "job": nextJob(), "name": "x", "text": text, "trials": 1001})
	if status != 400 || !strings.Contains(r["error"].(string), "at most 1000 trials a job (crucible serve --max-trials)") {
		t.Errorf("too many trials: %d %v", status, r)
	}
	status, r = post(t, hs.URL, "/api/validate", map[string]any{"name": "x", "text": strings.Repeat("#", 5000)})
	if status != 413 || !strings.Contains(r["error"].(string), "larger than 4096 bytes, the most the workbench reads (crucible serve --max-body)") {
		t.Errorf("too large: %d %v", status, r)
	}
	status, r = post(t, hs.URL, "/api/odds", map[string]any{"tab": "one", "job": nextJob(), "name": "x", "text": text, "trials": 1000})
	if status != 200 {
		t.Fatalf("a job: %d %v", status, r)
	}
	status, r = post(t, hs.URL, "/api/odds", map[string]any{"tab": "two", "job": nextJob(), "name": "x", "text": text, "trials": 1000})
	if status != 503 || !strings.Contains(r["error"].(string), "the server already runs 1 jobs, the most it runs at once (crucible serve --max-jobs)") {
		t.Errorf("a second job: %d %v", status, r)
	}
	status, r = post(t, hs.URL, "/api/odds", map[string]any{"tab": "nobody", "job": nextJob(), "name": "x", "text": text})
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
	status, r := post(t, hs.URL, "/api/odds", map[string]any{"tab": "closing", "job": nextJob(), "name": "x", "text": text, "trials": 5_000_000})
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
	t.Parallel()
	_, hs := newTestServer(t, workbench.Config{})
	text := builtinText(t, hs.URL, "dbd/symmetric_line")
	tab := openTab(t, hs.URL, "stopping")
	_, r := post(t, hs.URL, "/api/odds", map[string]any{"tab": "stopping", "job": nextJob(), "name": "x", "text": text, "trials": 5_000_000})
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

// A field that names a file to include (DBD's scenario:), given by a
// sweep, is read through DIR or refused: inside DIR, by a relative
// name, it is read; outside — an absolute path, a `..` — it is refused in
// the same words whether or not a file is there, and nothing of the file
// is shown (the hostile pass read boards outside DIR and the first line
// of other files this way).
func TestIncludesOnlyThroughDir(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	dir := filepath.Join(root, "dir")
	board, err := os.ReadFile("../../rules/dbd/testdata/d6/symmetric_line.json")
	must(t, err)
	must(t, os.MkdirAll(dir, 0o755))
	must(t, os.WriteFile(filepath.Join(dir, "line.json"), board, 0o644))
	must(t, os.WriteFile(filepath.Join(root, "plain.json"), []byte("SECRET line one\n"), 0o644))
	text := "ruleset: dbd\nscenario: line.json\n"
	for _, c := range []struct {
		dir  string
		vary string
		want string
	}{
		{dir, "scenario=line.json", ""},
		{dir, "scenario=line.json," + filepath.Join(root, "plain.json"), "outside the folder this scenario's files are read from"},
		{dir, "scenario=line.json," + filepath.Join(root, "nothing.json"), "outside the folder this scenario's files are read from"},
		{dir, "scenario=[line.json, ../plain.json]", "outside the folder this scenario's files are read from"},
		{"", "scenario=line.json", "the workbench reads no files: start it with a directory (crucible serve DIR)"},
	} {
		_, hs := newTestServer(t, workbench.Config{Dir: c.dir})
		openTab(t, hs.URL, "inc")
		status, r := post(t, hs.URL, "/api/sweep", map[string]any{"tab": "inc", "job": nextJob(), "name": "x", "text": text, "trials": 10, "vary": c.vary})
		msg, _ := r["error"].(string)
		switch {
		case strings.Contains(msg, "SECRET"):
			t.Errorf("%s: the error shows another file: %s", c.vary, msg)
		case c.want == "" && status != 200:
			t.Errorf("%s: %d %v", c.vary, status, r)
		case c.want != "" && (status == 200 || !strings.Contains(msg, c.want)):
			t.Errorf("%s: %d %v, want %q", c.vary, status, r, c.want)
		}
	}
}

// With a token, nothing is served to a browser that has not shown it: the
// page's address with ?token= sets a cookie named after the port and leads
// to the page; every later request carries the cookie.
func TestTokenKeepsOthersOut(t *testing.T) {
	t.Parallel()
	_, hs := newTestServer(t, workbench.Config{Token: "s3cret"})
	port := hs.URL[strings.LastIndex(hs.URL, ":")+1:]
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	get := func(path string, cookie *http.Cookie) *http.Response {
		req, _ := http.NewRequest("GET", hs.URL+path, nil)
		if cookie != nil {
			req.AddCookie(cookie)
		}
		res, err := noRedirect.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		return res
	}
	for _, path := range []string{"/", "/api/catalogue", "/assets/app.js", "/?token=wrong", "/api/catalogue?token=s3cret"} {
		if res := get(path, nil); res.StatusCode != 403 {
			t.Errorf("%s without the token's cookie: %d", path, res.StatusCode)
		}
	}
	res := get("/?token=s3cret", nil)
	var cookie *http.Cookie
	for _, c := range res.Cookies() {
		if c.Name == "crucible-token-"+port && c.HttpOnly && c.SameSite == http.SameSiteStrictMode {
			cookie = c
		}
	}
	if res.StatusCode != 303 || res.Header.Get("Location") != "/" || cookie == nil {
		t.Fatalf("the token's address: %d, %v, %v", res.StatusCode, res.Header, res.Cookies())
	}
	for _, path := range []string{"/", "/api/catalogue", "/assets/app.js"} {
		if res := get(path, cookie); res.StatusCode != 200 {
			t.Errorf("%s with the cookie: %d", path, res.StatusCode)
		}
	}
	if res := get("/api/catalogue", &http.Cookie{Name: "crucible-token-1", Value: "s3cret"}); res.StatusCode != 403 {
		t.Errorf("another port's cookie: %d", res.StatusCode)
	}
}
