package workbench

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
