package workbench

import (
	"bytes"
	"fmt"
	"net/http"

	"github.com/crucible-sim/crucible/reports/verdicts"
	"github.com/crucible-sim/crucible/sim"
)

// maxReplay is the most text a replay answers: a trial's account is a few
// kilobytes, and a battle that runs to its round cap no more than this.
const maxReplay = 4 << 20

// replay answers the round-by-round account of one trial of the page's
// scenario, as `crucible replay` prints it.
func (s *Server) replay(w http.ResponseWriter, r *http.Request) {
	var req struct {
		edit
		Seed  uint64 `json:"seed"`
		Trial int64  `json:"trial"`
	}
	if err := s.decode(w, r, &req); err != nil {
		fail(w, err)
		return
	}
	if req.Trial < 0 || req.Trial >= sim.MaxTrials {
		fail(w, fmt.Errorf("trial %d: allowed: an integer from 0 to %d", req.Trial, int64(sim.MaxTrials)-1))
		return
	}
	sc, err := load(req.edit)
	if err != nil {
		fail(w, err)
		return
	}
	battle, err := sc.Compile()
	if err != nil {
		fail(w, err)
		return
	}
	select {
	case s.slots <- struct{}{}:
		defer func() { <-s.slots }()
	default:
		fail(w, refuse(http.StatusServiceUnavailable, "the server already runs %d jobs, the most it runs at once (crucible serve --max-jobs): try again when one ends", s.cfg.MaxJobs))
		return
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "scenario %s  trial %d  seed %d\n", sc.Name, req.Trial, req.Seed)
	out, err := sim.Replay(battle, req.Seed, sim.Key(sc.StreamName()), req.Trial, &capped{&b, maxReplay})
	if err == nil {
		err = verdicts.WriteOutcome(&b, battle.Spec(), out)
	}
	if err != nil {
		fail(w, err)
		return
	}
	reply(w, map[string]string{"text": b.String(),
		"command": fmt.Sprintf("crucible replay %s --trial %d --seed %d", fileName(req.Name), req.Trial, req.Seed)})
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
