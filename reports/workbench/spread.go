package workbench

import (
	"bytes"
	"context"
	"fmt"
	"net/http"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports"
)

// spreadRequest asks for the policy spread of the page's scenario, as
// `crucible run FILE --policy-spread` fights it.
type spreadRequest struct {
	Tab string `json:"tab"`
	edit
	Seed   uint64 `json:"seed"`
	Trials int64  `json:"trials"`
}

// spread starts a policy-spread job of the tab: the scenario under each
// built-in policy of each side, each cell announced as it starts, and the
// spread's table sent at its end.
func (s *Server) spread(w http.ResponseWriter, r *http.Request) {
	var req spreadRequest
	if err := s.decode(w, r, &req); err != nil {
		fail(w, err)
		return
	}
	t, err := s.tabOf(req.Tab)
	if err != nil {
		fail(w, err)
		return
	}
	sc, err := load(req.edit)
	if err != nil {
		fail(w, err)
		return
	}
	fields, err := analysis.PolicyFieldsOf(sc)
	if err != nil {
		fail(w, err)
		return
	}
	run := analysis.Run{Seed: req.Seed, Trials: req.Trials, Workers: s.cfg.Workers, Version: s.cfg.Version}
	plan := analysis.SpreadPlan{Trials: run.TrialsOf(sc), Costly: true, PairGaps: true, Threshold: analysis.DefaultSpreadThreshold}
	cells := int64(1 + len(fields[0].Values) + len(fields[1].Values))
	if plan.Trials > s.cfg.MaxTrials/(2*cells) {
		fail(w, refuse(http.StatusBadRequest, "%d cells of %d trials, and their paired passes: the workbench fights at most %d trials a job (crucible serve --max-trials)", cells, plan.Trials, s.cfg.MaxTrials))
		return
	}
	cmd := fmt.Sprintf("crucible run %s --policy-spread --seed %d --trials %d", fileName(req.Name), run.Seed, plan.Trials)
	j, err := s.start(t, func(ctx context.Context, j *job) { s.fightSpread(ctx, t, j, run, plan, req.edit, cmd) })
	if err != nil {
		fail(w, err)
		return
	}
	reply(w, map[string]any{"job": j.id, "command": cmd})
}

// fightSpread is a policy-spread job.
func (s *Server) fightSpread(ctx context.Context, t *tab, j *job, run analysis.Run, plan analysis.SpreadPlan, e edit, cmd string) {
	run.Progress = func(st analysis.Stage) (func(int64), func()) {
		t.send(event{"spread-progress", map[string]any{"job": j.id, "name": st.Name}})
		return nil, func() {}
	}
	sc, err := load(e)
	if err != nil {
		t.send(event{"failed", map[string]any{"job": j.id, "error": err.Error()}})
		return
	}
	sp, err := run.Spread(ctx, sc, plan)
	if err != nil {
		if analysis.Interrupted(err) {
			err = fmt.Errorf("stopped: a spread needs all its cells; nothing to show")
		}
		t.send(event{"failed", map[string]any{"job": j.id, "error": err.Error()}})
		return
	}
	var text bytes.Buffer
	if err := reports.WriteSpread(&text, sp); err != nil {
		t.send(event{"failed", map[string]any{"job": j.id, "error": err.Error()}})
		return
	}
	t.send(event{"spread", map[string]any{"job": j.id, "text": text.String(), "command": cmd}})
}
