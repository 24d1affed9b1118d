package workbench

import (
	"context"
	"encoding/json"
	"io"
	"net/http"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/spread"
	"github.com/crucible-sim/crucible/reports"
)

// spread starts a policy-spread job of the tab, as `crucible run FILE
// --policy-spread` fights it: the scenario under each built-in policy of
// each side, each cell announced as it starts, and the spread's table sent
// at its end.
func (s *Server) spread(w http.ResponseWriter, r *http.Request) {
	var req jobRequest
	t, sc, ok := s.jobOf(w, r, &req, &req)
	if !ok {
		return
	}
	fields, err := spread.PolicyFieldsOf(sc)
	if err != nil {
		fail(w, err)
		return
	}
	run := analysis.Run{Seed: uint64(req.Seed), Trials: req.Trials, Workers: s.cfg.Workers, Version: s.cfg.Version}
	plan := spread.Plan{Trials: run.TrialsOf(sc), Costly: true, PairGaps: true, Threshold: spread.DefaultThreshold}
	cells := int64(1 + len(fields[0].Values) + len(fields[1].Values))
	if plan.Trials > s.cfg.MaxTrials/(2*cells) {
		fail(w, s.tooMany("%d cells of %d trials, and their paired passes", cells, plan.Trials))
		return
	}
	cmd := command{"crucible", "run", fileName(req.Name), "--policy-spread", "--seed", req.Seed.String(), "--trials", itoa(plan.Trials)}
	j, err := s.start(t, req.Job, func(ctx context.Context, j *job) { s.fightSpread(ctx, t, j, run, plan, req.edit, cmd) })
	if err != nil {
		fail(w, err)
		return
	}
	reply(w, map[string]any{"job": j.id, "command": cmd})
}

// fightSpread is a policy-spread job.
func (s *Server) fightSpread(ctx context.Context, t *tab, j *job, run analysis.Run, plan spread.Plan, e edit, cmd command) {
	run.Progress = s.progress(t, j, "spread-progress")
	sc, err := s.load(e)
	if err != nil {
		t.failed(j, err)
		return
	}
	sp, err := spread.Run(ctx, run, sc, plan)
	if err != nil {
		t.failed(j, s.unfinished(ctx, err, "stopped: a spread needs all its cells; nothing to show"))
		return
	}
	ev, err := answer(j, cmd, func(w io.Writer) error { return json.NewEncoder(w).Encode(reports.SpreadJSON(sp)) }, reports.SpreadWords(sp),
		func(w io.Writer) error { return reports.WriteSpread(w, sp) })
	if err != nil {
		t.failed(j, err)
		return
	}
	t.send(event{"spread", ev})
}
