package workbench

import (
	"context"
	"fmt"
	"io"
	"net/http"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/tune"
	"github.com/crucible-sim/crucible/reports/tunereport"
	"github.com/crucible-sim/crucible/scenarios"
)

// tuneRequest asks for the value of one field of the page's scenario that
// meets a target, as `crucible tune FILE --vary PATH=FROM..TO --target T`
// finds it.
type tuneRequest struct {
	jobRequest        // its Trials unused: a tune sets its own
	Vary       string `json:"vary"`
	Target     string `json:"target"`
}

// tune starts a tune job of the tab: each probe is announced on the tab's
// stream as it starts, and the answer — tune's table and JSON — sent when
// the search and its re-check end.
func (s *Server) tune(w http.ResponseWriter, r *http.Request) {
	var req tuneRequest
	t, sc, ok := s.jobOf(w, r, &req, &req.jobRequest)
	if !ok {
		return
	}
	q := scenarios.Tune{Name: sc.Name, Confidence: tune.DefaultConfidence, MaxTrials: min(tune.DefaultBudget, s.cfg.MaxTrials)}
	var err error
	if q.Axis, err = scenarios.ParseTuneVary(req.Vary); err != nil {
		fail(w, err)
		return
	}
	if q.Target, err = scenarios.ParseTarget(req.Target); err != nil {
		fail(w, fmt.Errorf("target %s: %v", req.Target, err))
		return
	}
	tn, err := tune.From(&q, sc)
	if err == nil {
		tn.Exact = true
		err = tn.Check()
	}
	if err != nil {
		fail(w, err)
		return
	}
	cmd := command{"crucible", "tune", fileName(req.Name), "--vary", req.Vary, "--target", req.Target, "--seed", req.Seed.String()}
	if q.MaxTrials < tune.DefaultBudget {
		cmd = append(cmd, "--max-trials", itoa(q.MaxTrials))
	}
	run := analysis.Run{Seed: uint64(req.Seed), Workers: s.cfg.Workers, Version: s.cfg.Version}
	j, err := s.start(t, req.Job, func(ctx context.Context, j *job) { s.fightTune(ctx, t, j, tn, run, cmd) })
	if err != nil {
		fail(w, err)
		return
	}
	reply(w, map[string]any{"job": j.id, "command": cmd})
}

// fightTune is a tune job.
func (s *Server) fightTune(ctx context.Context, t *tab, j *job, tn *tune.Tune, run analysis.Run, cmd command) {
	run.Progress = s.progress(t, j, "tune-progress")
	res, err := tune.Run(ctx, run, tn)
	if res == nil {
		t.failed(j, err)
		return
	}
	ev, werr := answer(j, cmd, func(w io.Writer) error { return tunereport.WriteJSON(w, res) }, tunereport.Headline(res),
		func(w io.Writer) error { return tunereport.WriteTable(w, res) })
	if werr != nil {
		t.failed(j, werr)
		return
	}
	ev["stopped"] = analysis.Interrupted(err)
	if why := s.capped(ctx); why != "" {
		ev["error"] = why
	} else if err != nil && !analysis.Interrupted(err) {
		ev["error"] = err.Error()
	}
	t.send(event{"tune", ev})
}
