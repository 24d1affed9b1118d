package workbench

import (
	"net/http"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/scenarios"
)

// jobRequest is what every request for a job of the page's scenario
// carries: the tab that asks, the scenario, and the seed and trials.
type jobRequest struct {
	Tab string `json:"tab"`
	edit
	Seed uint64 `json:"seed"`
	// Trials is the run's count; 0 takes the scenario's (its trials field,
	// else analysis.DefaultTrials).
	Trials int64 `json:"trials"`
}

// jobOf reads a job's request into req (whose jobRequest is base) and
// returns the tab that asks and the page's scenario; ok is false when the
// request was answered with an error instead.
func (s *Server) jobOf(w http.ResponseWriter, r *http.Request, req any, base *jobRequest) (t *tab, sc *scenarios.Scenario, ok bool) {
	err := s.decode(w, r, req)
	if err == nil {
		t, err = s.tabOf(base.Tab)
	}
	if err == nil {
		sc, err = load(base.edit)
	}
	if err != nil {
		fail(w, err)
		return nil, nil, false
	}
	return t, sc, true
}

// failed tells the tab that job j failed with err.
func (t *tab) failed(j *job, err error) {
	t.send(event{"failed", map[string]any{"job": j.id, "error": err.Error()}})
}

// progress returns the Progress that announces each stage of job j on the
// tab's stream as an event of the given kind.
func (t *tab) progress(j *job, kind string) analysis.Progress {
	return func(st analysis.Stage) (func(int64), func()) {
		t.send(event{kind, map[string]any{"job": j.id, "name": st.Name, "step": st.Step, "steps": st.Steps, "trials": st.Trials}})
		return nil, func() {}
	}
}

// tooMany is the refusal of a job of more than MaxTrials trials.
func (s *Server) tooMany(what string, args ...any) error {
	return refuse(http.StatusBadRequest, what+": the workbench fights at most %d trials a job (crucible serve --max-trials)", append(args, s.cfg.MaxTrials)...)
}
