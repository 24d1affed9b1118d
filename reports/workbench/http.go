package workbench

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"runtime/debug"
)

// decode reads a request's JSON body into v, at most MaxBody bytes of it.
func (s *Server) decode(w http.ResponseWriter, r *http.Request, v any) error {
	r.Body = http.MaxBytesReader(w, r.Body, s.cfg.MaxBody)
	err := json.NewDecoder(r.Body).Decode(v)
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return refuse(http.StatusRequestEntityTooLarge, "the request is larger than %d bytes, the most the workbench reads (crucible serve --max-body)", s.cfg.MaxBody)
	}
	if err != nil {
		return fmt.Errorf("a malformed request: %v", err)
	}
	return nil
}

// bounded runs work, the costly part of a request (the validation of a
// text of up to MaxBody bytes), on one of the server's job slots, so that
// no more than MaxJobs such parts and jobs run at once; it returns when
// work ends or the request's client leaves (work, which cannot stop
// midway, then ends on its own and frees its slot). A panic in work is
// its error.
func bounded[T any](s *Server, ctx context.Context, work func() T) (T, error) {
	var zero T
	select {
	case s.slots <- struct{}{}:
	default:
		return zero, s.busy()
	}
	done := make(chan T, 1)
	failed := make(chan error, 1)
	s.running.Add(1)
	go func() {
		defer s.running.Done()
		v, err := recovered(s, work)
		// The slot is free before the answer is: a client that sends its
		// next request on the answer must find the slot this one held.
		<-s.slots
		if err != nil {
			failed <- err
			return
		}
		done <- v
	}()
	select {
	case v := <-done:
		return v, nil
	case err := <-failed:
		return zero, err
	case <-ctx.Done():
		return zero, ctx.Err()
	}
}

// recovered returns work's value, or a panic in work as an internal error
// (logged with its stack).
func recovered[T any](s *Server, work func() T) (v T, err error) {
	defer func() {
		if p := recover(); p != nil {
			s.cfg.Log.Printf("crucible serve: internal error: %v\n%s", p, debug.Stack())
			err = refuse(http.StatusInternalServerError, "internal error: %v", p)
		}
	}()
	return work(), nil
}

// busy is the refusal of work when every slot of the server is taken.
func (s *Server) busy() error {
	return refuse(http.StatusServiceUnavailable, "the server already runs %d jobs, the most it runs at once (crucible serve --max-jobs): try again when one ends", s.cfg.MaxJobs)
}
