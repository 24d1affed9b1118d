package workbench_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports"
	"github.com/crucible-sim/crucible/reports/workbench"
	"github.com/crucible-sim/crucible/scenarios"
)

// loadScenarios are what the simulated tabs edit, one ruleset each in turn.
var loadScenarios = []string{"eclipse/interceptor-duel", "stratfight/thug-vs-guard", "emojispace/p0-vs-n1a", "ec4x/home-defense-76", "dbd/symmetric_line", "eclipse/fleet-mirror"}

// loadFigures are what a load test measured.
type loadFigures struct {
	edits, estimates                  int64
	goroutinesBefore, goroutinesAfter int
	heapBefore, heapAfter             uint64
}

// loadTabs runs tabs simulated tabs against one server for d: each opens
// its event stream and edits its scenario (a new seed) every 100–300 ms,
// checking that every estimate it is sent is of its own scenario and the
// seed of the job it belongs to; its last job runs to the end and must
// equal the command line's result. Then every tab closes, and the server's
// jobs, goroutines and heap must come back to where they were.
func loadTabs(t *testing.T, tabs int, d time.Duration) loadFigures {
	var f loadFigures
	f.goroutinesBefore, f.heapBefore = baseline()
	start := time.Now()
	s, hs := newTestServer(t, workbench.Config{})
	texts := map[string]string{}
	for _, name := range loadScenarios {
		texts[name] = builtinText(t, hs.URL, name)
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i := range tabs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			edits, estimates := editTab(t, hs.URL, fmt.Sprintf("load-%d", i), loadScenarios[i%len(loadScenarios)], texts, uint64(i)*1000, d)
			mu.Lock()
			f.edits += edits
			f.estimates += estimates
			mu.Unlock()
		}()
	}
	wg.Wait()
	t.Logf("tabs done after %v", time.Since(start))
	for deadline := time.Now().Add(10 * time.Second); s.Jobs() > 0 && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	if s.Jobs() != 0 {
		t.Errorf("%d jobs run after every tab closed", s.Jobs())
	}
	hs.CloseClientConnections()
	http.DefaultClient.CloseIdleConnections()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if f.goroutinesAfter, f.heapAfter = baseline(); f.goroutinesAfter <= f.goroutinesBefore+3 {
			break
		}
	}
	if f.goroutinesAfter > f.goroutinesBefore+3 {
		buf := make([]byte, 1<<20)
		t.Errorf("%d goroutines after the load, %d before:\n%s", f.goroutinesAfter, f.goroutinesBefore, buf[:runtime.Stack(buf, true)])
	}
	if f.heapAfter > f.heapBefore+32<<20 {
		t.Errorf("the heap holds %d MiB after the load, %d MiB before", f.heapAfter>>20, f.heapBefore>>20)
	}
	return f
}

// baseline returns the goroutines and the live heap after a collection.
func baseline() (int, uint64) {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return runtime.NumGoroutine(), m.HeapAlloc
}

// editTab is one simulated tab (see loadTabs); it returns its edits and the
// estimates it was sent.
func editTab(t *testing.T, base, id, name string, texts map[string]string, seed uint64, d time.Duration) (edits, estimates int64) {
	tab := openTab(t, base, id)
	defer tab.close()
	seeds := map[float64]uint64{}
	end := time.Now().Add(d)
	for last := false; !last; {
		last = time.Now().After(end)
		seed++
		trials := 50_000
		if name == "dbd/symmetric_line" || last {
			trials = 500
		}
		status, r := post(t, base, "/api/odds", map[string]any{"tab": id, "job": nextJob(), "name": name, "text": texts[name], "seed": seed, "trials": trials})
		if status != 200 {
			t.Errorf("%s: %d %v", id, status, r)
			return
		}
		edits++
		job := r["job"].(float64)
		seeds[job] = seed
		wait := time.After(time.Duration(100+seed%200) * time.Millisecond)
		if last {
			wait = time.After(time.Minute)
		}
		for done := false; !done; {
			select {
			case ev, ok := <-tab.events:
				if !ok {
					t.Errorf("%s: the event stream closed", id)
					return
				}
				if ev.Kind != "estimate" {
					continue
				}
				estimates++
				var res struct {
					Scenario string
					Seed     uint64
				}
				json.Unmarshal(mustRaw(ev.Data["result"]), &res)
				if want, ok := seeds[ev.Data["job"].(float64)]; !ok || res.Scenario != name || res.Seed != want {
					t.Errorf("%s: an estimate of %s seed %d, job %v: not this tab's (%s, seed %d)", id, res.Scenario, res.Seed, ev.Data["job"], name, want)
				}
				if last && ev.Data["job"] == job && ev.Data["final"] == true {
					checkAgainstRun(t, name, seed, int64(trials), ev)
					done = true
				}
			case <-wait:
				done = true
			}
		}
	}
	return edits, estimates
}

func mustRaw(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

// checkAgainstRun compares a final estimate with analysis.Run's result for
// the same scenario, seed and trials.
func checkAgainstRun(t *testing.T, name string, seed uint64, trials int64, ev sseEvent) {
	sc, err := scenarios.Load(name)
	if err != nil {
		t.Error(err)
		return
	}
	res, _, err := analysis.Run{Seed: seed, Trials: trials}.Fight(context.Background(), sc, nil)
	if err != nil {
		t.Error(err)
		return
	}
	var want bytes.Buffer
	if err := reports.WriteJSON(&want, []*analysis.Result{res}); err != nil {
		t.Error(err)
		return
	}
	var got struct{ Result json.RawMessage }
	json.Unmarshal([]byte(ev.Raw), &got)
	if g, w := tallyOf(t, got.Result), tallyOf(t, want.Bytes()); g != w {
		t.Errorf("%s seed %d: the tab's tally\n%s\nthe run's\n%s", name, seed, g, w)
	}
}

// Twenty tabs editing at once for a second (some five edits a tab, each
// superseding the tab's last job; TestLoadLong keeps at it for a minute):
// no crash, every tab's numbers its own, and the server back to its
// baseline after. The jobs keep the cores busy all along: each second of
// it costs one to two of CPU (bench/tests.txt).
func TestLoad(t *testing.T) {
	f := loadTabs(t, 20, time.Second)
	t.Logf("20 tabs for 1 s: %d edits, %d estimates; goroutines %d → %d; heap %.1f → %.1f MiB",
		f.edits, f.estimates, f.goroutinesBefore, f.goroutinesAfter, float64(f.heapBefore)/(1<<20), float64(f.heapAfter)/(1<<20))
}
