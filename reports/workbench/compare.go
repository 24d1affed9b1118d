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
	"github.com/crucible-sim/crucible/analysis/skill"
	"github.com/crucible-sim/crucible/reports/comparereport"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
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
	// The skill axis, as `crucible compare A B --skill L1,L2` plays it:
	// B's effect at each level, on A's streams. A comparison re-judged so
	// is sampled, as the command line's is (its levels are solved exactly
	// where the solver reaches them).
	skillAxis
}

// comparePair is one variant against the first, as the page's job has it.
type comparePair struct {
	a, b   compare.Variant
	exact  bool
	margin []compare.Margin
	skill  skillAxis
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
	files := variantFiles(req.Variants)
	run := analysis.Run{Seed: uint64(req.Seed), Trials: req.Trials, Workers: s.cfg.Workers, Version: s.cfg.Version}
	pairs, err := s.pairsOf(req, run, files)
	if err != nil {
		fail(w, err)
		return
	}
	j, err := s.start(t, req.Job, func(ctx context.Context, j *job) { s.fightCompare(ctx, t, j, run, pairs, files) })
	if err != nil {
		fail(w, err)
		return
	}
	reply(w, map[string]any{"job": j.id, "files": files})
}

// pairsOf returns the pairs a comparison's request asks for, each variant
// after the first against the first with the commands that reproduce it,
// or why none is fought: too few or too many variants, a bad margin, a
// variant that does not load or is of another ruleset, a skill axis the
// command line refuses, more trials than the cap.
func (s *Server) pairsOf(req compareRequest, run analysis.Run, files []string) ([]comparePair, error) {
	if n := len(req.Variants); n < 2 || n > maxVariants {
		return nil, fmt.Errorf("%d variants: allowed: 2 to %d, the first compared with each other", n, maxVariants)
	}
	var margins []compare.Margin
	if req.Margin != "" {
		m, err := compare.ParseMargin(req.Margin)
		if err != nil {
			return nil, fmt.Errorf("margin %v", err)
		}
		margins = append(margins, m)
	}
	variants, err := s.variantsOf(req.Variants)
	if err != nil {
		return nil, err
	}
	if err := req.check(scenariosOf(variants)...); err != nil {
		return nil, err
	}
	// A pass of a pair fights its trials three times, and each level of
	// its skill axis twice more (B, then A).
	fights := 3 + 2*len(req.Levels)
	var pairs []comparePair
	for i, v := range variants[1:] {
		p := comparePair{a: variants[0], b: v, margin: margins, skill: req.skillAxis, exact: solvable(variants[0]) && solvable(v) && len(req.Levels) == 0}
		if n := max(run.TrialsOf(p.a.Scenario), run.TrialsOf(v.Scenario)); n > s.cfg.MaxTrials/int64(fights*len(variants)) {
			return nil, s.tooMany("%d trials, fought %d times for each of %d variants", n, fights, len(variants)-1)
		}
		p.solved, p.sampled = req.commands(files[0], files[i+1])
		pairs = append(pairs, p)
	}
	return pairs, nil
}

// variantsOf loads the page's variants, of one ruleset, each labelled by
// its scenario's name as the command line labels a file.
func (s *Server) variantsOf(edits []edit) ([]compare.Variant, error) {
	var variants []compare.Variant
	for i, e := range edits {
		sc, err := s.load(e)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", "ABCDE"[i:i+1], err)
		}
		if i > 0 && sc.Ruleset != variants[0].Scenario.Ruleset {
			return nil, fmt.Errorf("%s is a scenario of %s, A of %s: variants compared are of one ruleset", "ABCDE"[i:i+1], sc.Ruleset, variants[0].Scenario.Ruleset)
		}
		variants = append(variants, compare.Variant{Label: sc.Name, Scenario: sc})
	}
	return variants, nil
}

// commands returns the command lines of a pair saved as files a and b:
// the exact comparison's and the sampled one's, which alone takes a skill
// axis (as `crucible compare` refuses --exact with --skill).
func (req compareRequest) commands(a, b string) (solved, sampled command) {
	solved = command{"crucible", "compare", a, b, "--exact"}
	sampled = command{"crucible", "compare", a, b, "--seed", req.Seed.String()}
	if req.Trials > 0 {
		sampled = append(sampled, "--trials", itoa(req.Trials))
	}
	if req.Margin != "" {
		solved = append(solved, "--margin", req.Margin)
		sampled = append(sampled, "--margin", req.Margin)
	}
	return solved, append(sampled, req.flags()...)
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

// scenariosOf returns the variants' scenarios.
func scenariosOf(vs []compare.Variant) []*scenarios.Scenario {
	out := make([]*scenarios.Scenario, len(vs))
	for i, v := range vs {
		out[i] = v.Scenario
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
	axes, err := p.effectOfSkill(ctx, run)
	if err != nil {
		return nil, err
	}
	ev, err := answerWithAxes(j, p.sampled, comparereport.Object(c), []string{comparereport.Verdict(c)},
		func(w io.Writer) error { return comparereport.WriteTable(w, c) }, axes)
	if ev != nil {
		ev["exact"] = false
	}
	return ev, err
}

// effectOfSkill plays the pair's skill axis, as `crucible compare A B
// --skill` does: B's effect on side a's win share at each level, both
// variants on A's streams; none when the page asked for none.
func (p comparePair) effectOfSkill(ctx context.Context, run analysis.Run) ([]*skill.Axis, error) {
	if len(p.skill.Levels) == 0 {
		return nil, nil
	}
	ax, err := skill.RunEffect(ctx, run, p.a.Scenario, p.b.Scenario, "B", p.skill.Levels, p.skill.points()/100)
	if err != nil {
		return nil, err
	}
	ax.Scenario = fmt.Sprintf("B (%s) against A (%s)", p.b.Label, p.a.Label)
	return []*skill.Axis{ax}, nil
}
