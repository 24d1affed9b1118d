package workbench

import (
	"context"
	"time"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
)

// AnswerAfterJobs makes s answer each request for a job only once the job
// has ended and its every event is on the wire: each job then "ends
// before the page knows it", the order a fast job (an exact tune) reaches
// a page in.
func AnswerAfterJobs(s *Server) { s.answerAfterJobs = true }

// ExactSolves is how many exact answers s has solved rather than taken
// from its cache.
func ExactSolves(s *Server) int {
	s.exact.mu.Lock()
	defer s.exact.mu.Unlock()
	return s.exact.solved
}

// SolveWith makes s solve its odds jobs' scenarios with solve.
func SolveWith(s *Server, solve func(context.Context, *scenarios.Scenario, func(*rules.Exact)) (*rules.Exact, error)) {
	s.solveHeadlineFirst = solve
}

// HoldAtMost sets how long s's odds jobs yield to their solves at most.
func HoldAtMost(s *Server, d time.Duration) { s.holdAtMost = d }

// OpenTabs is how many tabs have their event stream open on s.
func OpenTabs(s *Server) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.tabs)
}
