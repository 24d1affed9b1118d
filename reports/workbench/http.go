package workbench

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"runtime/debug"
	"time"
)

// Serve answers the workbench's requests on ln until ctx ends, then
// stops: every tab's event stream closes, which cancels its jobs, and
// Serve returns once the last job has ended. It holds at most MaxConns
// connections at once, and bounds the time to read a request, write an
// answer and keep an idle connection (Config's timeouts); an event
// stream, which lasts as long as its tab, lifts its own.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	srv := &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: min(10*time.Second, s.cfg.ReadTimeout),
		ReadTimeout:       s.cfg.ReadTimeout,
		WriteTimeout:      s.cfg.WriteTimeout,
		IdleTimeout:       s.cfg.IdleTimeout,
		BaseContext:       func(net.Listener) context.Context { return ctx },
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(limitListener(ln, s.cfg.MaxConns)) }()
	var err error
	select {
	case err = <-served:
	case <-ctx.Done():
		// The requests' contexts derive from ctx: the streams end at once,
		// and a request still reading its body has a second to finish.
		stop, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		if srv.Shutdown(stop) != nil {
			srv.Close()
		}
	}
	s.running.Wait()
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return err
}

// refusal is an error a request gets as its answer, with its HTTP status.
type refusal struct {
	status int
	msg    string
}

func (e *refusal) Error() string { return e.msg }

func refuse(status int, format string, args ...any) error {
	return &refusal{status, fmt.Sprintf(format, args...)}
}

// reply writes v as the JSON answer of a request.
func reply(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v)
}

// fail answers a request with err: its status for a refusal, 400 for
// anything else (an input the request carried), as {"error": message}.
func fail(w http.ResponseWriter, err error) {
	status := http.StatusBadRequest
	var ref *refusal
	if errors.As(err, &ref) {
		status = ref.status
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]string{"error": err.Error()})
}

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

// decodeOfTab decodes a request of a tab into v, whose ticket tk names the
// tab once decoded, and returns the tab; or answers the error and returns
// false.
func (s *Server) decodeOfTab(w http.ResponseWriter, r *http.Request, v any, tk *ticket) (*tab, bool) {
	if err := s.decode(w, r, v); err != nil {
		fail(w, err)
		return nil, false
	}
	t, err := s.tabOf(tk.Tab)
	if err != nil {
		fail(w, err)
		return nil, false
	}
	return t, true
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
