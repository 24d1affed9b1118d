package workbench

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/ladder"
	"github.com/crucible-sim/crucible/analysis/skill"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/reports/skillreport"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
)

// skillAxis is the skill axis a job asks for, as the command line's
// --skill and --skill-threshold give it (skillFlags in cmd/cli): the odds'
// skill check, and a comparison or a tune re-judged with each level's
// players. No levels asks for none.
type skillAxis struct {
	// Levels are the players, weakest first, as --skill takes them:
	// "PLAYER" for both sides, "a=PLAYER" or "b=PLAYER" for one.
	Levels []string `json:"levels"`
	// Threshold is --skill-threshold, in points; nil takes its default.
	Threshold *float64 `json:"threshold"`
}

// points is the threshold in points.
func (a skillAxis) points() float64 {
	if a.Threshold != nil {
		return *a.Threshold
	}
	return 100 * skill.DefaultThreshold
}

// check refuses, before anything is fought, what --skill refuses: fewer
// than two levels, a threshold out of range, a level that is no player of
// a scenario's ruleset. No levels is no axis, and no error.
func (a skillAxis) check(scs ...*scenarios.Scenario) error {
	switch t := a.points(); {
	case len(a.Levels) == 0:
		return nil
	case len(a.Levels) < 2:
		return fmt.Errorf("levels %q: name two players or more, weakest first (e.g. greedy,search:1k)", a.Levels)
	case !(t >= 0 && t <= 100):
		return fmt.Errorf("threshold %g: allowed: a number of points from 0 to 100", t)
	}
	for _, sc := range scs {
		if err := skill.Check(sc, a.Levels); err != nil {
			return err
		}
	}
	return nil
}

// flags are the axis's flags on the command line that reproduces it.
func (a skillAxis) flags() command {
	if len(a.Levels) == 0 {
		return nil
	}
	out := command{"--skill", strings.Join(a.Levels, ",")}
	if a.Threshold != nil {
		out = append(out, "--skill-threshold", strconv.FormatFloat(*a.Threshold, 'g', -1, 64))
	}
	return out
}

// skillRequest asks whether the odds of the page's scenario are the
// players' skill, as `crucible run FILE --skill L1,L2` asks it: the
// scenario re-fought with each level's players, weakest first.
type skillRequest struct {
	jobRequest
	// Builtin is the built-in the page opened, as the odds' request has
	// it: the command shown names it while the text is still its own.
	Builtin string `json:"builtin"`
	skillAxis
}

// skillCall starts a skill-axis job of the tab: each level's fight is
// announced on the tab's stream as it starts, and the answer — the skill
// field of `crucible run --skill … --format json`, its verdict in words
// and its table — sent when the last level is played.
func (s *Server) skillCall(w http.ResponseWriter, r *http.Request) {
	var req skillRequest
	t, sc, ok := s.jobOf(w, r, &req, &req.jobRequest)
	if !ok {
		return
	}
	run := analysis.Run{Seed: uint64(req.Seed), Trials: req.Trials, Workers: s.cfg.Workers, Version: s.cfg.Version}
	run.Trials = run.TrialsOf(sc)
	if err := s.checkSkill(sc, req, run.Trials); err != nil {
		fail(w, err)
		return
	}
	cmd := append(s.command(oddsRequest{jobRequest: req.jobRequest, Builtin: req.Builtin}, run), req.flags()...)
	j, err := s.start(t, req.Job, func(ctx context.Context, j *job) { s.fightSkill(ctx, t, j, sc, req.skillAxis, run, cmd) })
	if err != nil {
		fail(w, err)
		return
	}
	reply(w, map[string]any{"job": j.id, "command": cmd})
}

// checkSkill refuses, before anything is fought, what `crucible run
// --skill` refuses, and a job past the trial cap.
func (s *Server) checkSkill(sc *scenarios.Scenario, req skillRequest, trials int64) error {
	switch {
	case len(req.Levels) < 2:
		return fmt.Errorf("levels %q: name two players or more, weakest first (e.g. greedy,search:1k)", req.Levels)
	case req.Trials < 0:
		return fmt.Errorf("%d trials: allowed: 1 to %d, or 0 for the scenario's own", req.Trials, s.cfg.MaxTrials)
	case trials > s.cfg.MaxTrials/int64(len(req.Levels)):
		return s.tooMany("%d levels of %d trials", len(req.Levels), trials)
	}
	return req.check(sc)
}

// fightSkill is a skill-axis job.
func (s *Server) fightSkill(ctx context.Context, t *tab, j *job, sc *scenarios.Scenario, axis skillAxis, run analysis.Run, cmd command) {
	run.Progress = s.progress(t, j, "skill-progress")
	ax, err := skill.Run(ctx, run, sc, axis.Levels, axis.points()/100)
	if err != nil {
		t.failed(j, s.unfinished(ctx, err, "stopped: the skill axis needs every level played"))
		return
	}
	axes := []*skill.Axis{ax}
	ev, err := answer(j, cmd, func(w io.Writer) error { return formats.WriteIndented(w, formats.Object{skillreport.Field(axes)}) },
		skillWords(ax), func(w io.Writer) error { return skillreport.WriteTable(w, axes) })
	if err != nil {
		t.failed(j, err)
		return
	}
	t.send(event{"skill", ev})
}

// skillWords is the axis's verdict in words (skillreport.Line), its
// note (skill.Axis.Note), then each level's shares by side name, after
// the first mover's on a mirrored battle's axis.
func skillWords(a *skill.Axis) []string {
	out := []string{skillreport.Line(a)}
	if note := a.Note(); note != "" {
		out = append(out, "note: "+note)
	}
	for _, l := range a.Levels {
		how, first := "", ""
		if l.Exact {
			how = " (exact)"
		}
		if f := l.FirstMover; f != nil {
			first = fmt.Sprintf("the first mover wins %.2f %% (%.2f to %.2f %%); ", 100*f.Value, 100*f.Lo, 100*f.Hi)
		}
		out = append(out, fmt.Sprintf("with %s: %s%s wins %.2f %%, %s wins %.2f %%%s", l.Policy, first, a.Labels[0], 100*l.Win[0].Value, a.Labels[1], 100*l.Win[1].Value, how))
	}
	return out
}

// answerWithAxes is the answer event of a command's JSON object, words
// and table (answer) with its skill axes, as the command line writes them
// with --skill: in the object (--format json), after the table, and each
// axis's verdict after the words.
func answerWithAxes(j *job, cmd command, obj json.Marshaler, words []string, table func(io.Writer) error, axes []*skill.Axis) (map[string]any, error) {
	for _, ax := range axes {
		words = append(words, skillreport.Line(ax))
		if note := ax.Note(); note != "" {
			words = append(words, "note: "+note)
		}
	}
	return answer(j, cmd, func(w io.Writer) error { return formats.WriteIndented(w, skillreport.With(obj, axes)) }, words,
		func(w io.Writer) error {
			if err := table(w); err != nil || len(axes) == 0 {
				return err
			}
			return skillreport.WriteTable(w, axes)
		})
}

// players lists the players a scenario's ruleset offers a skill axis:
// the values both sides may take, the rungs of its ladder of skill first,
// weakest first, each with its rung (0 for a style of play). A ruleset
// without built-in policies offers none, and the note says why.
func (s *Server) players(w http.ResponseWriter, r *http.Request) {
	id := r.URL.Query().Get("ruleset")
	if _, err := rules.Lookup(id); err != nil {
		fail(w, err)
		return
	}
	fields, err := ladder.FieldsOf(id)
	if err != nil {
		reply(w, map[string]any{"players": []any{}, "note": err.Error()})
		return
	}
	type player struct {
		Name string `json:"name"`
		Rung int    `json:"rung"`
	}
	out := []player{}
	for _, v := range append(fields[0].Rungs(), fields[0].Values...) {
		if _, both := fields[1].Value(v.Name); both && !slices.ContainsFunc(out, func(p player) bool { return p.Name == v.Name }) {
			out = append(out, player{v.Name, v.Rung})
		}
	}
	reply(w, map[string]any{"players": out})
}
