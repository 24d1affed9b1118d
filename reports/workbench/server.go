// Package workbench is the server behind `crucible serve`: a page on which a
// designer picks or writes a scenario, sees it validated as they type, and
// watches its odds tighten as trials stream in, with the exact value where
// the ruleset's solver reaches. It is a presentation layer over the same
// pipeline as the command line (scenarios → analysis → reports): the
// numbers a page shows are those `crucible run` prints for the same text,
// seed and trials.
//
// The server is meant for the designer's own machine. It listens where it
// is told (loopback by default), answers only requests addressed to itself
// (guard), reads files only inside its directory (Dir), and bounds what one
// page can ask of it (Config's caps).
package workbench

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"path/filepath"
	"sync"
)

//go:embed assets
var assets embed.FS

// Config is how a Server is set up: where it reads files and what it
// allows one page.
type Config struct {
	// Dir is the directory whose scenario files the page may open ("" for
	// none); nothing outside it is read.
	Dir string
	// Version is the crucible version written into every result.
	Version string
	// MaxTrials is the most trials one job may fight.
	MaxTrials int64
	// MaxJobs is the most jobs the server runs at once; MaxTabJobs the most
	// one tab runs at once.
	MaxJobs, MaxTabJobs int
	// MaxBody is the largest request body read, in bytes.
	MaxBody int64
	// Workers is each job's pool of workers (0: one per core).
	Workers int
}

// The caps of a Config that leaves them zero.
const (
	DefaultMaxTrials  = 10_000_000
	DefaultMaxJobs    = 32
	DefaultMaxTabJobs = 3
	DefaultMaxBody    = 1 << 20
)

// Server serves the workbench page and its API.
type Server struct {
	cfg Config
	dir Dir
	// slots holds one token per job running on the server (MaxJobs).
	slots chan struct{}
	mu    sync.Mutex
	tabs  map[string]*tab
}

// New returns a server for cfg, its zero caps set to the defaults. A Dir
// that does not exist is an error.
func New(cfg Config) (*Server, error) {
	if cfg.MaxTrials <= 0 {
		cfg.MaxTrials = DefaultMaxTrials
	}
	if cfg.MaxJobs <= 0 {
		cfg.MaxJobs = DefaultMaxJobs
	}
	if cfg.MaxTabJobs <= 0 {
		cfg.MaxTabJobs = DefaultMaxTabJobs
	}
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = DefaultMaxBody
	}
	s := &Server{cfg: cfg, slots: make(chan struct{}, cfg.MaxJobs), tabs: map[string]*tab{}}
	if cfg.Dir != "" {
		d, err := OpenDir(cfg.Dir)
		if err != nil {
			return nil, err
		}
		s.dir = d
	}
	return s, nil
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
	mux.HandleFunc("GET /api/events", s.events)
	mux.HandleFunc("POST /api/odds", s.odds)
	mux.HandleFunc("POST /api/stop", s.stop)
	mux.HandleFunc("POST /api/replay", s.replay)
	mux.HandleFunc("POST /api/sweep", s.sweep)
	mux.HandleFunc("POST /api/tune", s.tune)
	mux.HandleFunc("POST /api/compare", s.compare)
	mux.HandleFunc("POST /api/spread", s.spread)
	return s.guard(mux)
}

// Jobs returns the number of jobs running on the server.
func (s *Server) Jobs() int { return len(s.slots) }

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

// decodeOfTab decodes a request of a tab into v, whose field id names the
// tab once decoded, and returns the tab; or answers the error and returns
// false.
func (s *Server) decodeOfTab(w http.ResponseWriter, r *http.Request, v any, id *string) (*tab, bool) {
	if err := s.decode(w, r, v); err != nil {
		fail(w, err)
		return nil, false
	}
	t, err := s.tabOf(*id)
	if err != nil {
		fail(w, err)
		return nil, false
	}
	return t, true
}

// within returns path relative to the server's directory, for messages.
func within(dir, path string) string {
	if rel, err := filepath.Rel(dir, path); err == nil {
		return rel
	}
	return path
}
