package workbench

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/compare"
	"github.com/crucible-sim/crucible/reports/comparereport"
	"github.com/crucible-sim/crucible/rules"
)

// maxVariants is the most variants one comparison holds: the first and up
// to four others, each compared with the first, drawn on one chart.
const maxVariants = 5

// compareRequest asks for variants of a scenario compared with the first,
// each pair as `crucible compare A B` compares the two saved files.
type compareRequest struct {
	ticket
	Variants []edit `json:"variants"`
	Seed     seed   `json:"seed"`
	Trials   int64  `json:"trials"`
	// Margin is the smallest difference that matters, as --margin takes
	// it ("" for none).
	Margin string `json:"margin"`
}

// comparePair is one variant against the first, as the page's job has it.
type comparePair struct {
	a, b   compare.Variant
	exact  bool
	margin []compare.Margin
	// solved and sampled are the commands of the exact comparison and of
	// the sampled one.
	solved, sampled command
}

// compare starts a comparison job of the tab: each variant after the
// first against the first, in turn — exactly where the ruleset's solver
// reaches both, else on the same streams (the first's), with progress per
// pass — and the comparisons sent at the end.
func (s *Server) compare(w http.ResponseWriter, r *http.Request) {
	var req compareRequest
	t, ok := s.decodeOfTab(w, r, &req, &req.ticket)
	if !ok {
		return
	}
	if n := len(req.Variants); n < 2 || n > maxVariants {
		fail(w, fmt.Errorf("%d variants: allowed: 2 to %d, the first compared with each other", n, maxVariants))
		return
	}
	var margins []compare.Margin
	if req.Margin != "" {
		m, err := compare.ParseMargin(req.Margin)
		if err != nil {
			fail(w, fmt.Errorf("margin %v", err))
			return
		}
		margins = append(margins, m)
	}
	files := variantFiles(req.Variants)
	var variants []compare.Variant
	for i, e := range req.Variants {
		sc, err := s.load(e)
		if err != nil {
			fail(w, fmt.Errorf("%s: %w", "ABCDE"[i:i+1], err))
			return
		}
		if i > 0 && sc.Ruleset != variants[0].Scenario.Ruleset {
			fail(w, fmt.Errorf("%s is a scenario of %s, A of %s: variants compared are of one ruleset", "ABCDE"[i:i+1], sc.Ruleset, variants[0].Scenario.Ruleset))
			return
		}
		variants = append(variants, compare.Variant{Label: sc.Name, Scenario: sc})
	}
	run := analysis.Run{Seed: uint64(req.Seed), Trials: req.Trials, Workers: s.cfg.Workers, Version: s.cfg.Version}
	var pairs []comparePair
	for i, v := range variants[1:] {
		p := comparePair{a: variants[0], b: v, margin: margins, exact: solvable(variants[0]) && solvable(v)}
		if n := max(run.TrialsOf(p.a.Scenario), run.TrialsOf(v.Scenario)); n > s.cfg.MaxTrials/int64(3*len(variants)) {
			fail(w, s.tooMany("%d trials, fought three times for each of %d variants", n, len(variants)-1))
			return
		}
		p.solved = command{"crucible", "compare", files[0], files[i+1], "--exact"}
		p.sampled = command{"crucible", "compare", files[0], files[i+1], "--seed", req.Seed.String()}
		if req.Trials > 0 {
			p.sampled = append(p.sampled, "--trials", itoa(req.Trials))
		}
		if req.Margin != "" {
			p.solved = append(p.solved, "--margin", req.Margin)
			p.sampled = append(p.sampled, "--margin", req.Margin)
		}
		pairs = append(pairs, p)
	}
	j, err := s.start(t, req.Job, func(ctx context.Context, j *job) { s.fightCompare(ctx, t, j, run, pairs, files) })
	if err != nil {
		fail(w, err)
		return
	}
	reply(w, map[string]any{"job": j.id, "files": files})
}

// variantFiles returns the files the variants are saved as: each by its
// name, a name that repeats an earlier one's taking -b, -c, … after it.
func variantFiles(vs []edit) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		f := fileName(v.Name)
		for k := 1; slices.Contains(out[:i], f); k++ {
			f = strings.TrimSuffix(fileName(v.Name), ".yaml") + "-" + "abcdefgh"[k:k+1] + ".yaml"
		}
		out[i] = f
	}
	return out
}

// solvable reports whether the variant's ruleset has a solver (which may
// still refuse it for its budget, and the pair is then sampled).
func solvable(v compare.Variant) bool {
	_, err := rules.LookupSolver(v.Scenario.Ruleset)
	return err == nil
}

// fightCompare is a comparison job: the pairs in turn, each answered as
// the command line's JSON and words.
func (s *Server) fightCompare(ctx context.Context, t *tab, j *job, run analysis.Run, pairs []comparePair, files []string) {
	var out []map[string]any
	for i, p := range pairs {
		t.send(event{"compare-progress", map[string]any{"job": j.id, "name": fmt.Sprintf("variant %d of %d", i+2, len(pairs)+1), "step": i + 1, "steps": len(pairs)}})
		ev, err := s.comparePair(ctx, t, j, run, p)
		if err != nil {
			err = s.unfinished(ctx, err, fmt.Sprintf("stopped: a comparison needs all its trials; %d of %d variants compared", i, len(pairs)))
			t.failed(j, err)
			return
		}
		out = append(out, ev)
	}
	t.send(event{"compare", map[string]any{"job": j.id, "pairs": out, "files": files}})
}

// comparePair compares one pair: exactly where both solve, else sampled
// (as is a pair the solver refuses: for its budget, or a kind of scenario
// it does not solve, such as a stratfight duel).
func (s *Server) comparePair(ctx context.Context, t *tab, j *job, run analysis.Run, p comparePair) (map[string]any, error) {
	if p.exact {
		c, err := compare.Exact(ctx, p.a, p.b, false)
		if err == nil {
			if err := c.ApplyMargins(p.margin); err != nil {
				return nil, err
			}
			ev, err := answer(j, p.solved, func(w io.Writer) error { return comparereport.WriteExactJSON(w, c) }, nil,
				func(w io.Writer) error { return comparereport.WriteExactTable(w, c) })
			if ev != nil {
				ev["exact"] = true
			}
			return ev, err
		}
		if analysis.Interrupted(err) {
			return nil, err
		}
		// The solver refuses the pair (its budget, a kind of scenario it
		// does not solve): the pair is sampled.
	}
	run.Progress = s.progress(t, j, "compare-progress")
	c, err := compare.Run(ctx, run, p.a, p.b, compare.DefaultAlpha)
	if err != nil {
		return nil, err
	}
	if err := c.ApplyMargins(p.margin); err != nil {
		return nil, err
	}
	ev, err := answer(j, p.sampled, func(w io.Writer) error { return comparereport.WriteJSON(w, c) }, []string{comparereport.Verdict(c)},
		func(w io.Writer) error { return comparereport.WriteTable(w, c) })
	if ev != nil {
		ev["exact"] = false
	}
	return ev, err
}
