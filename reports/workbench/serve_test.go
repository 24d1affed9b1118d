package workbench_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/reports/workbench"
)

// serving runs s.Serve on a loopback port until the test ends (or stop is
// called), and returns its address and stop, which returns once Serve has.
func serving(t *testing.T, s *workbench.Server) (base string, stop func() error) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln) }()
	var once bool
	var result error
	stop = func() error {
		if !once {
			once = true
			cancel()
			select {
			case result = <-served:
			case <-time.After(30 * time.Second):
				t.Fatal("Serve did not return within 30 s of its cancel")
			}
		}
		return result
	}
	t.Cleanup(func() { stop() })
	return "http://" + ln.Addr().String(), stop
}

// slowReplay is a DBD battle whose trial takes minutes: both sides search
// with rollouts at the largest settings (rules.Stoppable).
const slowReplay = "ruleset: dbd\nscenario: {schema: dbd-scn-0.1, board: DBD-157-v1, standardsToWin: 5, terrain: {}, units: [" +
	"{id: B, side: BLUE, type: INF, quality: REGULAR, hp: 4, hex: 109}, {id: B2, side: BLUE, type: CAV, quality: REGULAR, hp: 3, hex: 121}, " +
	"{id: R, side: RED, type: INF, quality: REGULAR, hp: 4, hex: 43}, {id: R2, side: RED, type: CAV, quality: REGULAR, hp: 3, hex: 25}], " +
	"turn: {side: BLUE, turnNumber: 1, activationsLeft: 3}}\npolicies: {blue: rollout, red: rollout}\noptions: {rollout: '32,64,20'}\n"

// A replay is a job of its tab: Stop ends it, and so does the server's
// end, which waits for it (the hostile pass: a rollout replay kept a core
// busy after its client left, and serve took 5 s to stop).
func TestReplayIsAStoppableJob(t *testing.T) {
	t.Parallel()
	s, err := workbench.New(workbench.Config{})
	if err != nil {
		t.Fatal(err)
	}
	base, stop := serving(t, s)
	tab := openTab(t, base, "replaying")
	for _, end := range []string{"stop", "serve ends"} {
		status, r := post(t, base, "/api/replay", map[string]any{"tab": "replaying", "job": nextJob(), "name": "slow", "text": slowReplay, "seed": "1", "trial": 0})
		if status != 200 {
			t.Fatalf("%d %v", status, r)
		}
		if s.Jobs() != 1 {
			t.Fatalf("%d jobs run, want the replay", s.Jobs())
		}
		switch end {
		case "stop":
			if status, _ := post(t, base, "/api/stop", map[string]any{"tab": "replaying"}); status != 200 {
				t.Fatal(status)
			}
			for {
				ev := tab.next(t, 30*time.Second)
				if ev.Data["job"] == r["job"] {
					if ev.Kind != "failed" || ev.Data["error"] != "stopped: trial 0 was abandoned" {
						t.Errorf("the stopped replay: %s %v", ev.Kind, ev.Data)
					}
					break
				}
			}
			// The job's failed event goes before its slot is given back:
			// the next replay may start once it is.
			for deadline := time.Now().Add(30 * time.Second); s.Jobs() != 0; time.Sleep(time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatalf("%d jobs run 30 s after the replay was stopped", s.Jobs())
				}
			}
		case "serve ends":
			start := time.Now()
			if err := stop(); err != nil {
				t.Errorf("Serve: %v", err)
			}
			t.Logf("Serve returned %v after its cancel", time.Since(start))
		}
	}
	if s.Jobs() != 0 {
		t.Errorf("%d jobs run after Serve returned", s.Jobs())
	}
}

// A request that trickles its body is cut off at ReadTimeout, an idle
// connection at IdleTimeout; the server holds at most MaxConns
// connections, and serves one more once one closes.
func TestServeTimeoutsAndConnectionCap(t *testing.T) {
	s, err := workbench.New(workbench.Config{ReadTimeout: 200 * time.Millisecond, IdleTimeout: 200 * time.Millisecond, MaxConns: 2})
	if err != nil {
		t.Fatal(err)
	}
	base, _ := serving(t, s)
	addr := strings.TrimPrefix(base, "http://")
	closed := func(c net.Conn) bool {
		c.SetReadDeadline(time.Now().Add(20 * time.Second))
		_, err := io.ReadAll(c)
		return err == nil // EOF: the server closed it; a timeout is an error
	}

	// A body announced and never sent.
	trickle, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(trickle, "POST /api/validate HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"te", addr)
	if !closed(trickle) {
		t.Error("a trickling request is held open")
	}
	trickle.Close()

	// An idle keep-alive connection after one request.
	idle, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(idle, "GET /api/catalogue HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
	res, err := http.ReadResponse(bufio.NewReader(idle), nil)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("%v %v", res, err)
	}
	io.Copy(io.Discard, res.Body)
	if !closed(idle) {
		t.Error("an idle connection is held open")
	}
	idle.Close()

	// Two connections held: a third is served only once one closes.
	s2, err := workbench.New(workbench.Config{MaxConns: 2})
	if err != nil {
		t.Fatal(err)
	}
	base2, _ := serving(t, s2)
	var held []net.Conn
	for range 2 {
		c, err := net.Dial("tcp", strings.TrimPrefix(base2, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(c, "GET /api/catalogue HTTP/1.1\r\nHost: %s\r\n\r\n", strings.TrimPrefix(base2, "http://"))
		if _, err := http.ReadResponse(bufio.NewReader(c), nil); err != nil {
			t.Fatal(err)
		}
		held = append(held, c)
	}
	third := make(chan error, 1)
	go func() {
		res, err := (&http.Client{Transport: &http.Transport{}}).Get(base2 + "/api/catalogue")
		if err == nil {
			res.Body.Close()
		}
		third <- err
	}()
	select {
	case <-third:
		t.Error("a third connection was served while two were held")
	case <-time.After(300 * time.Millisecond):
	}
	held[0].Close()
	if err := <-third; err != nil {
		t.Errorf("the third connection, once one closed: %v", err)
	}
	held[1].Close()
}

// /api/validate takes one of the server's --max-jobs slots: with every
// slot taken, it is refused and names the cap.
func TestValidationCountsAsAJob(t *testing.T) {
	t.Parallel()
	_, hs := newTestServer(t, workbench.Config{MaxJobs: 1})
	openTab(t, hs.URL, "busy")
	text := builtinText(t, hs.URL, "dbd/symmetric_line")
	if status, r := post(t, hs.URL, "/api/odds", map[string]any{"tab": "busy", "job": nextJob(), "name": "x", "text": text, "trials": 5_000_000}); status != 200 {
		t.Fatalf("%d %v", status, r)
	}
	status, r := post(t, hs.URL, "/api/validate", map[string]any{"name": "x", "text": text})
	if status != 503 || !strings.Contains(fmt.Sprint(r["error"]), "(crucible serve --max-jobs)") {
		t.Errorf("a validation with every slot taken: %d %v", status, r)
	}
}

// A tune never fights more than --max-trials trials in all: it stops
// before the probe that would, and says so (the hostile pass: a server
// capped at 100,000 ran a 400,000-trial tune).
func TestTuneKeepsToMaxTrials(t *testing.T) {
	t.Parallel()
	const most = 3000
	_, hs := newTestServer(t, workbench.Config{MaxTrials: most})
	tab := openTab(t, hs.URL, "capped")
	text := builtinText(t, hs.URL, "stratfight/samwell-vs-guard")
	status, r := post(t, hs.URL, "/api/tune", map[string]any{"tab": "capped", "job": nextJob(), "name": "x", "text": text, "seed": "1", "vary": "b.armor.armor_value=0..8", "target": "fair"})
	if status != 200 {
		t.Fatalf("%d %v", status, r)
	}
	got := tab.answer(t, r["job"].(float64), "tune", time.Minute)
	fought := int64(0)
	for _, p := range got.Data["result"].(map[string]any)["probes"].([]any) {
		fought += int64(p.(map[string]any)["trials"].(float64))
	}
	if fought > most || !strings.Contains(fmt.Sprint(got.Data["error"]), "more than 3000 trials, the most the workbench fights a job (crucible serve --max-trials)") {
		t.Errorf("the tune fought %d trials (cap %d): %v", fought, most, got.Data["error"])
	}
	if !strings.Contains(r["command"].(string), "--max-trials 3000") {
		t.Errorf("the command %q does not say the cap on a probe", r["command"])
	}
}

// A sweep's cap compares trials × points without overflowing: 2^62 trials
// at 4 points is refused, not wrapped to 0 and accepted.
func TestSweepCapCannotOverflow(t *testing.T) {
	t.Parallel()
	_, hs := newTestServer(t, workbench.Config{})
	openTab(t, hs.URL, "huge")
	text := builtinText(t, hs.URL, "eclipse/interceptor-duel")
	status, r := post(t, hs.URL, "/api/sweep", map[string]any{"tab": "huge", "job": nextJob(), "name": "x", "text": text, "trials": int64(1) << 62, "vary": "attacker.ships.Interceptor=1..4"})
	if status != 400 || !strings.Contains(fmt.Sprint(r["error"]), "(crucible serve --max-trials)") {
		t.Errorf("2^62 trials at 4 points: %d %v", status, r)
	}
}

// A seed above 2^53, sent as a string of digits, is kept exact: in the
// command and in the result.
func TestLargeSeedsKeptExact(t *testing.T) {
	t.Parallel()
	_, hs := newTestServer(t, workbench.Config{})
	tab := openTab(t, hs.URL, "seeds")
	text := builtinText(t, hs.URL, "stratfight/thug-vs-guard")
	for _, seed := range []string{"18446744073709551615", "9007199254740993"} {
		status, r := post(t, hs.URL, "/api/odds", map[string]any{"tab": "seeds", "job": nextJob(), "name": "x", "text": text, "seed": seed, "trials": 100})
		if status != 200 || r["seed"] != seed || !strings.Contains(r["command"].(string), "--seed "+seed+" ") {
			t.Fatalf("%d %v", status, r)
		}
		est, _ := tab.final(t, r["job"].(float64), time.Minute)
		if got := est.Data["result"].(map[string]any)["seed_text"]; got != seed {
			t.Errorf("seed %s: the result's seed %v", seed, got)
		}
	}
	if status, r := post(t, hs.URL, "/api/odds", map[string]any{"tab": "seeds", "job": nextJob(), "name": "x", "text": text, "seed": "18446744073709551616"}); status != 400 {
		t.Errorf("a seed of 2^64: %d %v", status, r)
	}
}
