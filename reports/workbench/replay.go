package workbench

import (
	"bytes"
	"context"
	"fmt"
	"net/http"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports/verdicts"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// maxReplay is the most text a replay answers: a trial's account is a few
// kilobytes, and a battle that runs to its round cap no more than this.
const maxReplay = 4 << 20

// replayRequest asks for the round-by-round account of one trial of the
// page's scenario.
type replayRequest struct {
	jobRequest       // its Trials unused
	Trial      int64 `json:"trial"`
}

// replay starts a replay job of the tab: one trial of the page's scenario,
// played as `crucible replay` plays it, its account sent when it ends. It
// is a job like any other, so that Stop, a closed tab or the server's end
// cancels it: a trial of a searching policy (DBD's rollout) takes seconds,
// and obeys rules.Stoppable.
func (s *Server) replay(w http.ResponseWriter, r *http.Request) {
	var req replayRequest
	t, sc, ok := s.jobOf(w, r, &req, &req.jobRequest)
	if !ok {
		return
	}
	if req.Trial < 0 || req.Trial >= sim.MaxTrials {
		fail(w, fmt.Errorf("trial %d: allowed: an integer from 0 to %d", req.Trial, int64(sim.MaxTrials)-1))
		return
	}
	battle, err := sc.Compile()
	if err != nil {
		fail(w, err)
		return
	}
	cmd := command{"crucible", "replay", fileName(req.Name), "--trial", itoa(req.Trial), "--seed", req.Seed.String()}
	j, err := s.start(t, req.Job, func(ctx context.Context, j *job) {
		s.playReplay(ctx, t, j, sc, battle, uint64(req.Seed), req.Trial, cmd)
	})
	if err != nil {
		fail(w, err)
		return
	}
	reply(w, map[string]any{"job": j.id, "command": cmd})
}

// playReplay is a replay job.
func (s *Server) playReplay(ctx context.Context, t *tab, j *job, sc *scenarios.Scenario, battle rules.Battle, seed uint64, trial int64, cmd command) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "scenario %s  trial %d  seed %d\n", sc.Name, trial, seed)
	out, err := sim.ReplayContext(ctx, battle, seed, sim.Key(sc.StreamName()), trial, &capped{&b, maxReplay})
	if err == nil {
		err = verdicts.WriteOutcome(&b, battle.Spec(), out)
	}
	if analysis.Interrupted(err) {
		err = fmt.Errorf("stopped: trial %d was abandoned", trial)
	}
	if err != nil {
		t.failed(j, err)
		return
	}
	t.send(event{"replay", map[string]any{"job": j.id, "text": b.String(), "command": cmd}})
}

// capped writes to w until n bytes, and refuses more.
type capped struct {
	w *bytes.Buffer
	n int
}

func (c *capped) Write(p []byte) (int, error) {
	if c.w.Len()+len(p) > c.n {
		return 0, fmt.Errorf("the account is longer than %d bytes, the most the workbench shows: run crucible replay", c.n)
	}
	return c.w.Write(p)
}
