package workbench

import (
	"context"
	"errors"
	"io/fs"
	"net"
	"net/http"
	"sync"
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

// Handler returns the server's routes behind its guard: the page, its
// assets and the API.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	static, _ := fs.Sub(assets, "assets")
	mux.Handle("GET /assets/", http.StripPrefix("/assets/", http.FileServerFS(static)))
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		http.ServeFileFS(w, r, static, "index.html")
	})
	mux.HandleFunc("GET /api/catalogue", s.catalogue)
	mux.HandleFunc("GET /api/scenario", s.scenario)
	mux.HandleFunc("POST /api/validate", s.validate)
	mux.HandleFunc("GET /api/reference", s.reference)
	mux.HandleFunc("POST /api/edit", s.edit)
	mux.HandleFunc("POST /api/fields", s.fields)
	mux.HandleFunc("POST /api/define", s.define)
	mux.HandleFunc("GET /api/events", s.events)
	mux.HandleFunc("POST /api/odds", s.odds)
	mux.HandleFunc("POST /api/stop", s.stop)
	mux.HandleFunc("POST /api/replay", s.replay)
	mux.HandleFunc("POST /api/sweep", s.sweep)
	mux.HandleFunc("POST /api/tune", s.tune)
	mux.HandleFunc("POST /api/compare", s.compare)
	mux.HandleFunc("POST /api/spread", s.spread)
	mux.HandleFunc("POST /api/meta", s.metaCall)
	mux.HandleFunc("POST /api/skill", s.skillCall)
	mux.HandleFunc("GET /api/players", s.players)
	return s.guard(mux)
}

// capListener is a listener that holds at most n connections at once: it
// accepts the next only once one of those it gave has closed (the ones
// beyond wait in the system's queue).
type capListener struct {
	net.Listener
	slots  chan struct{}
	closed chan struct{}
	once   sync.Once
}

func limitListener(ln net.Listener, n int) net.Listener {
	return &capListener{Listener: ln, slots: make(chan struct{}, n), closed: make(chan struct{})}
}

func (l *capListener) Accept() (net.Conn, error) {
	select {
	case l.slots <- struct{}{}:
	case <-l.closed:
		return nil, net.ErrClosed
	}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.slots
		return nil, err
	}
	return &cappedConn{Conn: c, free: func() { <-l.slots }}, nil
}

// cappedConn frees its listener's slot when first closed.
type cappedConn struct {
	net.Conn
	once sync.Once
	free func()
}

func (c *cappedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.free)
	return err
}

// Close closes the listener, and ends an Accept waiting for a slot.
func (l *capListener) Close() error {
	l.once.Do(func() { close(l.closed) })
	return l.Listener.Close()
}
