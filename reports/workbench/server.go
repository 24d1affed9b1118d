package workbench

import (
	"context"
	"embed"
	"log"
	"sync"
	"time"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
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
	// MaxConns is the most connections Serve holds open at once (each tab
	// holds one for its event stream).
	MaxConns int
	// ReadTimeout bounds the reading of a request, WriteTimeout the
	// writing of an answer (but an event stream's, which lasts as long as
	// its tab), IdleTimeout how long an idle connection is kept (Serve).
	ReadTimeout, WriteTimeout, IdleTimeout time.Duration
	// Token, if set, is the secret a browser must show: the page's address
	// with ?token=TOKEN, once, which sets a cookie every later request
	// carries (as notebook servers do). crucible serve draws one at start.
	Token string
	// Log is where the server reports what no page is told: a request's
	// or a job's panic, with its stack (nil: the standard logger).
	Log *log.Logger
}

// The caps of a Config that leaves them zero.
const (
	DefaultMaxTrials    = 10_000_000
	DefaultMaxJobs      = 32
	DefaultMaxTabJobs   = 3
	DefaultMaxBody      = 1 << 20
	DefaultMaxConns     = 64
	DefaultReadTimeout  = 15 * time.Second
	DefaultWriteTimeout = 30 * time.Second
	DefaultIdleTimeout  = 60 * time.Second
)

// Server serves the workbench page and its API.
type Server struct {
	cfg Config
	dir Dir
	// slots holds one token per job running on the server (MaxJobs).
	slots chan struct{}
	// running counts the goroutines of the jobs and bounded work that
	// run, which Serve waits for.
	running sync.WaitGroup
	mu      sync.Mutex
	tabs    map[string]*tab
	// answerAfterJobs makes a request for a job wait for the job to end,
	// and its events to be sent, before it is answered: the order in
	// which a job that ends at once reaches a page (a test's setting).
	answerAfterJobs bool
	// exact keeps the exact answers of the scenarios solved last.
	exact *exactCache
	// solveHeadlineFirst is analysis.SolveHeadlineFirst, or a test's
	// solver that keeps on after its cancel.
	solveHeadlineFirst func(context.Context, *scenarios.Scenario, func(*rules.Exact)) (*rules.Exact, error)
	// holdAtMost is the longest an odds job's run yields to its solve
	// (yielding).
	holdAtMost time.Duration
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
	setDefault(&cfg.MaxConns, DefaultMaxConns)
	setDefault(&cfg.ReadTimeout, DefaultReadTimeout)
	setDefault(&cfg.WriteTimeout, DefaultWriteTimeout)
	setDefault(&cfg.IdleTimeout, DefaultIdleTimeout)
	if cfg.Log == nil {
		cfg.Log = log.Default()
	}
	s := &Server{cfg: cfg, slots: make(chan struct{}, cfg.MaxJobs), tabs: map[string]*tab{}, exact: newExactCache(maxExactCached),
		solveHeadlineFirst: analysis.SolveHeadlineFirst, holdAtMost: holdAtMost}
	if cfg.Dir != "" {
		d, err := OpenDir(cfg.Dir)
		if err != nil {
			return nil, err
		}
		s.dir = d
	}
	return s, nil
}

// setDefault sets *v to def when it is zero or less.
func setDefault[T int | time.Duration](v *T, def T) {
	if *v <= 0 {
		*v = def
	}
}

// Jobs returns the number of jobs running on the server.
func (s *Server) Jobs() int { return len(s.slots) }
