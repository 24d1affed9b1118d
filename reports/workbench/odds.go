package workbench

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"runtime/debug"
	"time"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
)

// estimateEvery is how often a job's estimate is sent after the first,
// which goes as soon as the first trials finish.
const estimateEvery = 100 * time.Millisecond

// oddsRequest asks for the live odds of the page's scenario.
type oddsRequest struct {
	jobRequest
	// Builtin is the built-in the page opened, if the text may still be
	// it: the command shown then names it.
	Builtin string `json:"builtin"`
	// Ops are the form's edits to make on the text first (as /api/edit
	// makes them): a pick in the form is one round trip to its odds, not
	// two. The answer then carries the text edited.
	Ops []editOp `json:"ops"`
}

// odds validates the page's scenario and, when it is valid, starts the
// tab's live odds for it: the tab's previous odds job is cancelled, and a
// new one fights the scenario, streaming its estimate, with the exact
// solution beside it where the ruleset has a solver. It answers the
// validation (one request for both: each edit waits one round trip, not
// two), and the command that reproduces the job's numbers.
func (s *Server) odds(w http.ResponseWriter, r *http.Request) {
	var req oddsRequest
	t, ok := s.decodeOfTab(w, r, &req, &req.ticket)
	if !ok {
		return
	}
	// The tab's odds are of the text before this edit: they end now,
	// whether or not the new text validates (the page marks them stale),
	// and free their slot for the validation and the job that follows.
	t.replaceOdds()
	checked, err := s.checkEdited(r.Context(), &req)
	if err != nil {
		if r.Context().Err() == nil {
			fail(w, err)
		}
		return
	}
	v, sc := checked.v, checked.sc
	var text any // the text edited, when the request carried the form's edits
	if len(req.Ops) > 0 {
		text = req.Text
	}
	if !v.OK {
		reply(w, map[string]any{"validation": v, "text": text})
		return
	}
	run, err := s.oddsRun(req, sc)
	if err != nil {
		fail(w, err)
		return
	}
	cmd := s.command(req, run)
	exactCmd := command{"crucible", "exact", cmd[2]}
	j, err := s.start(t, req.Job, func(ctx context.Context, j *job) { s.fightOdds(ctx, t, j, sc, run, exactCmd) })
	if err != nil {
		fail(w, err)
		return
	}
	t.mu.Lock()
	t.odds = j
	t.mu.Unlock()
	reply(w, map[string]any{"validation": v, "text": text, "job": j.id, "seed": req.Seed.String(), "trials": run.Trials, "command": cmd, "file": fileName(req.Name)})
}

// checked is a validation and the scenario it found valid (nil if not),
// or the error of the form's edits that came before it.
type checked struct {
	v   validation
	sc  *scenarios.Scenario
	err error
}

// checkEdited makes the form's edits the request carries on its text,
// which it then holds, and validates the text, within the server's bound
// on validations (bounded).
func (s *Server) checkEdited(ctx context.Context, req *oddsRequest) (checked, error) {
	c, err := bounded(s, ctx, func() checked {
		if len(req.Ops) > 0 {
			text, _, err := applyOps(req.Text, req.Ops)
			if err != nil {
				return checked{err: err}
			}
			req.Text = text
		}
		v, sc := s.check(req.edit)
		return checked{v: v, sc: sc}
	})
	if err == nil {
		err = c.err
	}
	return c, err
}

// oddsRun is the run of an odds job: the request's seed and trials (0:
// the scenario's own), within the server's cap.
func (s *Server) oddsRun(req oddsRequest, sc *scenarios.Scenario) (analysis.Run, error) {
	run := analysis.Run{Seed: uint64(req.Seed), Trials: req.Trials, Workers: s.cfg.Workers, Version: s.cfg.Version}
	switch n := run.TrialsOf(sc); {
	case n > s.cfg.MaxTrials:
		return run, s.tooMany("%d trials", n)
	case req.Trials < 0:
		return run, fmt.Errorf("%d trials: allowed: 1 to %d, or 0 for the scenario's own", req.Trials, s.cfg.MaxTrials)
	default:
		run.Trials = n
	}
	return run, nil
}

// errSuperseded is the cause of an odds job's end when the page's next
// edit replaces it: nobody reads what it would still send.
var errSuperseded = errors.New("superseded by the page's next edit")

// replaceOdds cancels the tab's odds job and waits, a little, for it to
// end, so that the job replacing it finds its slot free. The job ends
// within milliseconds: it sends nothing more and does not wait for its
// solve (fightOdds).
func (t *tab) replaceOdds() {
	t.mu.Lock()
	old := t.odds
	t.odds = nil
	t.mu.Unlock()
	if old == nil {
		return
	}
	old.cancel(errSuperseded)
	select {
	case <-old.done:
	case <-time.After(2 * time.Second):
	}
}

// command returns the command line that reproduces a job's numbers: the
// built-in by name while the text is the built-in's, else the saved file.
func (s *Server) command(req oddsRequest, run analysis.Run) command {
	ref := fileName(req.Name)
	if req.Builtin != "" {
		if src, err := builtinSource(req.Builtin); err == nil && src.Text == req.Text {
			ref = req.Builtin
		}
	}
	return command{"crucible", "run", ref, "--seed", seed(run.Seed).String(), "--trials", itoa(run.Trials)}
}

// fightOdds is the odds job: the Monte Carlo run, streamed, and the exact
// solve beside it. The run yields to the solve from its first estimate to
// the exact shares (yielding). A job that is cancelled ends as soon as its
// run stops, without waiting for its solve, which ends on its own within
// milliseconds of the cancel (s.running counts it); a job superseded by the
// page's next edit sends no final estimate, which nobody would read.
func (s *Server) fightOdds(ctx context.Context, t *tab, j *job, sc *scenarios.Scenario, run analysis.Run, exactCmd command) {
	start := time.Now()
	ms := func() float64 { return float64(time.Since(start).Microseconds()) / 1000 }
	y := newYielding(s.holdAtMost)
	defer y.answered()
	run.Pause = &y.pause
	solved := make(chan struct{})
	if solver, err := rules.LookupSolver(sc.Ruleset); err == nil {
		if !s.exact.has(exactKey(sc)) && solver.Check(sc.Document()) == nil {
			run.Workers = beside(run.Workers) // a solve to come, not a cached answer or a refusal
		}
		s.running.Add(1)
		go func() {
			defer s.running.Done()
			defer close(solved)
			defer y.answered()
			defer func() { // a solver's panic is the exact event's error, not the server's end
				if v := recover(); v != nil {
					s.cfg.Log.Printf("crucible serve: job %d: exact: internal error: %v\n%s", j.id, v, debug.Stack())
					t.send(event{"exact", map[string]any{"job": j.id, "ms": ms(), "error": fmt.Sprintf("internal error: %v", v)}})
				}
			}()
			s.solve(ctx, t, j, sc, ms, exactCmd, y)
		}()
	} else {
		close(solved)
		y.answered()
	}
	defer func() {
		select {
		case <-solved:
		case <-ctx.Done():
		}
	}()
	see := func(res *analysis.Result) {
		t.send(event{"estimate", s.estimate(j, res, ms())})
		y.sent()
	}
	res, err := run.Watch(ctx, sc, estimateEvery, see)
	y.ended()
	if context.Cause(ctx) == errSuperseded {
		return
	}
	switch {
	case res == nil, err != nil && !analysis.Interrupted(err):
		t.failed(j, err)
	default:
		e := s.estimate(j, res, ms())
		e["final"] = true
		e["stopped"] = res.Interrupted()
		t.send(event{"estimate", e})
	}
}

// beside returns the workers of a Monte Carlo run that goes on beside an
// exact solve: one core fewer than it would take, down to one, so that
// the solve — one goroutine, and the answer that replaces the estimate —
// has a core of its own instead of a share of every core with the run's
// workers (on two cores a third of the solve's time went to them). The
// estimate's first trials come from the worker left; the workers never
// change a result. A scenario whose answer is cached, or which the solver
// refuses at once (a stratfight duel), keeps every core for its trials.
func beside(workers int) int {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	return max(workers-1, 1)
}

// exactKey is what an exact answer is cached by: the scenario's content,
// as the answer's header names it.
func exactKey(sc *scenarios.Scenario) string {
	return sc.Ruleset + "\x00" + sc.Name + "\x00" + sc.Hash()
}

// estimate is the data of an estimate event: the result so far as
// `crucible run --format json` writes it, with the headline's precision.
func (s *Server) estimate(j *job, res *analysis.Result, ms float64) map[string]any {
	var b bytes.Buffer
	if err := reports.WriteJSON(&b, []*analysis.Result{res}); err != nil {
		return map[string]any{"job": j.id, "error": err.Error()}
	}
	a := res.Win(rules.A)
	return map[string]any{
		"job": j.id, "ms": ms, "trials": res.Tally.Trials, "planned": res.Planned,
		"precision": (a.Hi - a.Lo) / 2, "result": json.RawMessage(b.Bytes()),
	}
}

// solve sends the exact solution of sc, or why there is none: from the
// cache at once when sc was solved before, else solved once the job's run
// sent its first estimate (y.first); it tells y once the exact shares are
// sent, ahead of the rest of the solution or with it.
func (s *Server) solve(ctx context.Context, t *tab, j *job, sc *scenarios.Scenario, ms func() float64, cmd command, y *yielding) {
	key := exactKey(sc)
	if result, ok := s.exact.get(key); ok {
		t.send(event{"exact", map[string]any{"job": j.id, "ms": ms(), "result": json.RawMessage(result), "command": cmd, "cached": true}})
		return
	}
	select {
	case <-y.first:
	case <-ctx.Done():
		return
	}
	h := reports.ExactHeader{Scenario: sc.Name, Ruleset: sc.Ruleset, Hash: sc.Hash(), Version: s.cfg.Version}
	// The shares first, as a headline event, where the solver gives them
	// before its rounds distribution (two fifths of fleet-mirror-upgraded's
	// solve); the exact event follows with the whole solution.
	headline := func(e *rules.Exact) {
		var b bytes.Buffer
		if reports.WriteExactJSON(&b, h, e) == nil {
			t.send(event{"headline", map[string]any{"job": j.id, "ms": ms(), "result": json.RawMessage(b.Bytes()), "command": cmd}})
			y.answered()
		}
	}
	sol, err := s.solveHeadlineFirst(ctx, sc, headline)
	if err != nil {
		if ctx.Err() == nil {
			t.send(event{"exact", map[string]any{"job": j.id, "ms": ms(), "error": err.Error()}})
		}
		return
	}
	var b bytes.Buffer
	if err := reports.WriteExactJSON(&b, h, sol); err != nil {
		t.send(event{"exact", map[string]any{"job": j.id, "ms": ms(), "error": err.Error()}})
		return
	}
	s.exact.put(key, b.Bytes())
	t.send(event{"exact", map[string]any{"job": j.id, "ms": ms(), "result": json.RawMessage(b.Bytes()), "command": cmd}})
}
