package workbench

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/meta"
	"github.com/crucible-sim/crucible/analysis/tune"
	"github.com/crucible-sim/crucible/reports/metareport"
	"github.com/crucible-sim/crucible/reports/workbench/textedit"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
)

// metaRequest asks for the metagame of a roster built in the page, on the
// page's scenario, as `crucible meta ROSTER` fights the roster file that
// names the saved scenario.
type metaRequest struct {
	ticket
	edit
	Seed    seed        `json:"seed"`
	Entries []metaEntry `json:"entries"`
}

// metaEntry is a roster's entry as the page builds it: a name and a side
// (the fields of side a, as rules.Sided says), or a built-in policy, or
// both.
type metaEntry struct {
	Name   string          `json:"name"`
	Side   json.RawMessage `json:"side,omitempty"`
	Policy string          `json:"policy,omitempty"`
}

// metaCall starts a metagame job of the tab: every entry against every
// entry, each cell exact where the solver reaches it, else sampled to the
// precision crucible meta samples to, with progress per cell; the
// analysis (matrix, dominance, equilibrium, ratings) sent at the end.
func (s *Server) metaCall(w http.ResponseWriter, r *http.Request) {
	var req metaRequest
	t, ok := s.decodeOfTab(w, r, &req, &req.ticket)
	if !ok {
		return
	}
	file := fileName(req.Name)
	rosterFile := strings.TrimSuffix(file, ".yaml") + "-roster.yaml"
	src, err := rosterText(file, req.Entries)
	if err != nil {
		fail(w, err)
		return
	}
	roster, err := scenarios.ParseRoster(rosterFile, strings.TrimSuffix(rosterFile, ".yaml"), src)
	if err != nil {
		fail(w, err)
		return
	}
	base, err := s.load(req.edit)
	if err != nil {
		fail(w, err)
		return
	}
	m, err := meta.New(roster, base)
	if err != nil {
		fail(w, err)
		return
	}
	opts := meta.Options{Precision: meta.DefaultPrecision, Confidence: tune.DefaultConfidence, First: meta.DefaultFirst,
		Budget: min(meta.DefaultBudget, s.cfg.MaxTrials), Exact: true, Work: meta.DefaultWork}
	cmd := command{"crucible", "meta", rosterFile, "--seed", req.Seed.String()}
	if opts.Budget < meta.DefaultBudget {
		cmd = append(cmd, "--max-trials", itoa(opts.Budget))
	}
	run := analysis.Run{Seed: uint64(req.Seed), Workers: s.cfg.Workers, Version: s.cfg.Version}
	j, err := s.start(t, req.Job, func(ctx context.Context, j *job) { s.fightMeta(ctx, t, j, run, m, opts, cmd) })
	if err != nil {
		fail(w, err)
		return
	}
	reply(w, map[string]any{"job": j.id, "command": cmd, "roster": string(src), "roster_file": rosterFile, "file": file})
}

// rosterText writes the roster file of the page's entries, on the
// scenario saved as file.
func rosterText(file string, entries []metaEntry) ([]byte, error) {
	list := &doc.Node{Kind: doc.Seq}
	for i, e := range entries {
		n := &doc.Node{Kind: doc.Map}
		n.Put("name", textedit.Text(e.Name))
		if len(e.Side) > 0 {
			side, err := fromJSON(e.Side)
			if err != nil {
				return nil, fmt.Errorf("entry %d (%s): %v", i+1, e.Name, err)
			}
			n.Put("side", side)
		}
		if e.Policy != "" {
			n.Put("policy", textedit.Text(e.Policy))
		}
		list.Items = append(list.Items, n)
	}
	root := &doc.Node{Kind: doc.Map}
	root.Put("scenario", textedit.Text(file))
	root.Put("meta", list)
	return textedit.Emit(root), nil
}

// fightMeta is a metagame job.
func (s *Server) fightMeta(ctx context.Context, t *tab, j *job, run analysis.Run, m *meta.Meta, opts meta.Options, cmd command) {
	run.Progress = s.progress(t, j, "meta-progress")
	mm, err := meta.Run(ctx, run, m, opts)
	if err != nil {
		t.failed(j, s.unfinished(ctx, err, "stopped: no matrix is read from unfinished cells"))
		return
	}
	a, err := mm.Analyse(ctx, false)
	if err != nil {
		t.failed(j, err)
		return
	}
	ev, err := answer(j, cmd, func(w io.Writer) error { return metareport.WriteJSON(w, a) }, metareport.Headline(a),
		func(w io.Writer) error { return metareport.WriteTable(w, a) })
	if err != nil {
		t.failed(j, err)
		return
	}
	t.send(event{"meta", ev})
}
