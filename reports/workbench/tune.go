package workbench

import (
	"context"
	"fmt"
	"io"
	"net/http"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/skill"
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
	// The skill axis, as `crucible tune … --skill L1,L2` plays it: of each
	// scenario the answer rests on, once the tune has answered.
	skillAxis
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
	if err == nil {
		err = req.check(sc)
	}
	if err != nil {
		fail(w, err)
		return
	}
	cmd := command{"crucible", "tune", fileName(req.Name), "--vary", req.Vary, "--target", req.Target, "--seed", req.Seed.String()}
	if q.MaxTrials < tune.DefaultBudget {
		cmd = append(cmd, "--max-trials", itoa(q.MaxTrials))
	}
	cmd = append(cmd, req.flags()...)
	run := analysis.Run{Seed: uint64(req.Seed), Workers: s.cfg.Workers, Version: s.cfg.Version}
	j, err := s.start(t, req.Job, func(ctx context.Context, j *job) { s.fightTune(ctx, t, j, tn, req.skillAxis, run, cmd) })
	if err != nil {
		fail(w, err)
		return
	}
	reply(w, map[string]any{"job": j.id, "command": cmd})
}

// fightTune is a tune job.
func (s *Server) fightTune(ctx context.Context, t *tab, j *job, tn *tune.Tune, axis skillAxis, run analysis.Run, cmd command) {
	run.Progress = s.progress(t, j, "tune-progress")
	res, err := tune.Run(ctx, run, tn)
	if res == nil {
		t.failed(j, err)
		return
	}
	axes, serr := tuneSkill(ctx, run, res, err, axis)
	if serr != nil {
		t.failed(j, s.unfinished(ctx, serr, "stopped: the skill axis needs every level played"))
		return
	}
	ev, werr := answerWithAxes(j, cmd, tunereport.Object(res), tunereport.Headline(res),
		func(w io.Writer) error { return tunereport.WriteTable(w, res) }, axes)
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

// tuneSkill plays the skill axis of each scenario a finished tune's answer
// rests on (tune.Result.AnswerScenarios), as `crucible tune --skill` does;
// none after an interrupt or an error, or when the page asked for none.
func tuneSkill(ctx context.Context, run analysis.Run, res *tune.Result, runErr error, axis skillAxis) ([]*skill.Axis, error) {
	if runErr != nil || res.Status == tune.Interrupted || len(axis.Levels) == 0 {
		return nil, nil
	}
	scs, err := res.AnswerScenarios()
	if err != nil {
		return nil, err
	}
	return skill.RunEach(ctx, run, scs, axis.Levels, axis.points()/100)
}
