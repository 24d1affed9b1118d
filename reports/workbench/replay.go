package workbench

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"

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
	spec := battle.Spec()
	ev := map[string]any{"job": j.id, "text": b.String(), "command": cmd, "outcome": outcomeOf(spec, out)}
	if spec.Board != nil {
		ev["board"] = spec.Board
		ev["turns"] = turns(b.String(), len(spec.Board.Cells))
	}
	t.send(event{"replay", ev})
}

// outcomeOf is a trial's outcome as the replay card reads it: the winner
// by side name, the end reason, the rounds and each counter by name.
func outcomeOf(spec rules.Spec, o *rules.Outcome) map[string]any {
	winner := ""
	if o.Winner != rules.None {
		winner = spec.Labels[o.Winner-1]
	}
	counters := map[string]int64{}
	for i, c := range spec.Counters {
		counters[c.Name] = o.Counters[i]
	}
	return map[string]any{"winner": winner, "side": o.Winner.String(), "end": spec.Ends[o.End], "rounds": o.Rounds,
		"unit": spec.RoundsUnit, "labels": spec.Labels, "counters": counters}
}

// turn is one section of a replay's account on a board: its heading, its
// lines, and what its map shows on each cell (nil where it draws none).
type turn struct {
	Title string   `json:"title"`
	Lines []string `json:"lines"`
	Marks []string `json:"marks,omitempty"`
}

// turns splits a replay's account into its sections — the head, then one
// per turn, each opening with a line "== … ==" — and reads each section's
// map: the lines right below its heading whose words, one a cell, number
// as many as the board has cells (DBD draws its board so at every turn).
func turns(account string, cells int) []turn {
	var out []turn
	cur := turn{Title: "setup"}
	for _, line := range strings.Split(strings.TrimRight(account, "\n"), "\n") {
		if strings.HasPrefix(line, "== ") {
			out = append(out, cur)
			cur = turn{Title: strings.Trim(line, "= ")}
			continue
		}
		cur.Lines = append(cur.Lines, line)
	}
	out = append(out, cur)
	for i := range out {
		out[i].Marks, out[i].Lines = boardMap(out[i].Lines, cells)
	}
	return out
}

// boardMap reads a map off the first lines of a section: consecutive lines
// of short words that together name every cell once. It returns the
// marks and the lines left, or nil and the lines as they were.
func boardMap(lines []string, cells int) ([]string, []string) {
	var marks []string
	for k, line := range lines {
		words := strings.Fields(line)
		if len(words) == 0 || slices.ContainsFunc(words, func(w string) bool { return len(w) > 4 }) {
			break
		}
		marks = append(marks, words...)
		if len(marks) == cells {
			return marks, lines[k+1:]
		}
		if len(marks) > cells {
			break
		}
	}
	return nil, lines
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
