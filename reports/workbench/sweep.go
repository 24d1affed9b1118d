package workbench

import (
	"context"
	"fmt"
	"io"
	"net/http"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/sweep"
	"github.com/crucible-sim/crucible/reports/sweepreport"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
)

// sweepRequest asks for a sweep of one field of the page's scenario, as
// `crucible sweep FILE --vary PATH=LIST` fights it.
type sweepRequest struct {
	jobRequest
	// Vary is the field and its values, PATH=LIST as --vary takes them.
	Vary string `json:"vary"`
	// Metric is what the curve follows, as --metric takes it ("" for
	// win.a).
	Metric string `json:"metric"`
}

// sweep starts a sweep job of the tab: its points are fought in turn on
// common random numbers, each announced on the tab's stream as it starts,
// and the curve sent when the last one ends (or the points that finished,
// when it is stopped).
func (s *Server) sweep(w http.ResponseWriter, r *http.Request) {
	var req sweepRequest
	t, sc, ok := s.jobOf(w, r, &req, &req.jobRequest)
	if !ok {
		return
	}
	axis, err := scenarios.ParseVary(req.Vary)
	if err != nil {
		fail(w, err)
		return
	}
	m := rules.Metric{Kind: rules.WinShare, Side: rules.A}
	if req.Metric != "" {
		if m, err = rules.ParseMetric(req.Metric); err != nil {
			fail(w, fmt.Errorf("metric %s: %v", req.Metric, err))
			return
		}
	}
	sw, err := sweep.New(sc.Name, sc, []scenarios.Axis{axis}, m)
	if err != nil {
		fail(w, err)
		return
	}
	run := analysis.Run{Seed: uint64(req.Seed), Trials: req.Trials, Workers: s.cfg.Workers, Version: s.cfg.Version}
	if run.Trials <= 0 {
		run.Trials = analysis.DefaultTrials
	}
	// Compared by division: trials × points may overflow an int64.
	if run.Trials > s.cfg.MaxTrials/int64(len(sw.Points)) {
		fail(w, s.tooMany("%d points of %d trials", len(sw.Points), run.Trials))
		return
	}
	cmd := command{"crucible", "sweep", fileName(req.Name), "--vary", req.Vary, "--seed", req.Seed.String(), "--trials", itoa(run.Trials)}
	if req.Metric != "" {
		cmd = append(cmd, "--metric", req.Metric)
	}
	j, err := s.start(t, req.Job, func(ctx context.Context, j *job) { s.fightSweep(ctx, t, j, sw, run, cmd) })
	if err != nil {
		fail(w, err)
		return
	}
	reply(w, map[string]any{"job": j.id, "points": len(sw.Points), "command": cmd})
}

// fightSweep is a sweep job.
func (s *Server) fightSweep(ctx context.Context, t *tab, j *job, sw *sweep.Sweep, run analysis.Run, cmd command) {
	run.Progress = s.progress(t, j, "sweep-progress")
	res, err := sweep.Run(ctx, run, sw, true)
	if res == nil {
		t.failed(j, err)
		return
	}
	ev, werr := answer(j, cmd, func(w io.Writer) error { return sweepreport.WriteJSON(w, res) }, sweepWords(res),
		func(w io.Writer) error { return sweepreport.WriteTable(w, res) })
	if werr != nil {
		t.failed(j, werr)
		return
	}
	ev["stopped"] = res.Interrupted()
	if why := s.capped(ctx); why != "" {
		ev["error"] = why
	} else if err != nil && !analysis.Interrupted(err) {
		ev["error"] = err.Error()
	}
	t.send(event{"sweep", ev})
}

// sweepWords says what a sweep found, as its table heads it: where the
// metric breaks even, or the values ranked, and the curve's shape.
func sweepWords(res *sweep.Result) []string {
	var out []string
	if h := sweepreport.BreakEvenHead(res); h != "" {
		out = append(out, h)
	}
	for _, line := range res.BreakEvens() {
		out = append(out, sweepreport.BreakEvenText(res, line))
	}
	last := ""
	for _, r := range res.Rankings() {
		if h := sweepreport.RankingHead(res, r); h != last {
			out, last = append(out, h), h
		}
	}
	return append(append(out, sweepreport.ShapeTexts(res)...), sweepreport.ExactNotes(res)...)
}
