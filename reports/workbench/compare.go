package workbench

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/compare"
	"github.com/crucible-sim/crucible/reports/comparereport"
)

// compareRequest asks for the page's scenario (B) against a copy kept
// before the edits (A), as `crucible compare A B` fights them.
type compareRequest struct {
	ticket
	A      edit  `json:"a"`
	B      edit  `json:"b"`
	Seed   seed  `json:"seed"`
	Trials int64 `json:"trials"`
}

// compare starts a comparison job of the tab: A and B fought on the same
// streams (A's), with progress per pass, and the comparison's table sent
// at its end.
func (s *Server) compare(w http.ResponseWriter, r *http.Request) {
	var req compareRequest
	t, ok := s.decodeOfTab(w, r, &req, &req.ticket)
	if !ok {
		return
	}
	// The two are saved as two files, B's renamed when both would have one
	// name; each is read as its file.
	fileA, fileB := fileName(req.A.Name), fileName(req.B.Name)
	if fileB == fileA {
		req.B.Name = strings.TrimSuffix(fileB, ".yaml") + "-b"
		fileB = fileName(req.B.Name)
	}
	a, err := s.load(req.A)
	if err != nil {
		fail(w, fmt.Errorf("A: %w", err))
		return
	}
	b, err := s.load(req.B)
	if err != nil {
		fail(w, fmt.Errorf("B: %w", err))
		return
	}
	run := analysis.Run{Seed: uint64(req.Seed), Trials: req.Trials, Workers: s.cfg.Workers, Version: s.cfg.Version}
	if n := max(run.TrialsOf(a), run.TrialsOf(b)); n > s.cfg.MaxTrials/3 {
		fail(w, s.tooMany("%d trials, fought three times", n))
		return
	}
	cmd := command{"crucible", "compare", fileA, fileB, "--seed", req.Seed.String()}
	if req.Trials > 0 {
		cmd = append(cmd, "--trials", itoa(req.Trials))
	}
	va := compare.Variant{Label: a.Name, Scenario: a}
	vb := compare.Variant{Label: b.Name, Scenario: b}
	j, err := s.start(t, req.Job, func(ctx context.Context, j *job) { s.fightCompare(ctx, t, j, run, va, vb, cmd) })
	if err != nil {
		fail(w, err)
		return
	}
	reply(w, map[string]any{"job": j.id, "command": cmd, "file_b": fileB})
}

// fightCompare is a comparison job.
func (s *Server) fightCompare(ctx context.Context, t *tab, j *job, run analysis.Run, a, b compare.Variant, cmd command) {
	run.Progress = s.progress(t, j, "compare-progress")
	c, err := compare.Run(ctx, run, a, b, compare.DefaultAlpha)
	if err != nil {
		if analysis.Interrupted(err) {
			err = fmt.Errorf("stopped: a comparison needs all its trials; nothing compared")
		}
		t.failed(j, err)
		return
	}
	var text bytes.Buffer
	if err := comparereport.WriteTable(&text, c); err != nil {
		t.failed(j, err)
		return
	}
	t.send(event{"compare", map[string]any{"job": j.id, "text": text.String(), "verdict": comparereport.Verdict(c), "command": cmd}})
}
