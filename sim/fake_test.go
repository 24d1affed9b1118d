package sim

import (
	"io"
	"runtime"

	"github.com/crucible-sim/crucible/rules"
)

// coinBattle is a small battle for testing the engine: each round side A
// wins with probability 1/4, side B with 1/4, and the fight goes on
// otherwise, up to a cap of 40 rounds (a draw). Its distribution is known in
// closed form, and it exercises every part of an Outcome.
type coinBattle struct{ panicAt int64 }

func (coinBattle) Spec() rules.Spec {
	return rules.Spec{Ends: []string{"decided", "round-cap"}, Counters: []rules.Counter{{Name: "flips"}, {Name: "heads"}}, RoundsUnit: "rounds"}
}

func (b coinBattle) NewFighter() rules.Fighter { return &coinFighter{b: b} }

type coinFighter struct {
	b     coinBattle
	count int64
}

func (f *coinFighter) Fight(_ int64, r *rules.Rand, o *rules.Outcome) {
	f.count++
	if f.b.panicAt > 0 && f.count == f.b.panicAt {
		panic("coin battle broke")
	}
	for round := int64(1); round <= 40; round++ {
		x := r.Uint64()
		o.Counters[0] += 2
		o.Counters[1] += int64(x&1 + x>>1&1)
		switch x & 3 {
		case 0:
			o.Winner, o.Rounds = rules.A, round
			return
		case 3:
			o.Winner, o.Rounds = rules.B, round
			return
		}
	}
	o.Winner, o.Rounds, o.End = rules.None, 40, 1
}

func (f *coinFighter) Replay(i int64, r *rules.Rand, o *rules.Outcome, w io.Writer) { f.Fight(i, r, o) }

// nullBattle does nothing: it measures the engine's own cost per trial.
type nullBattle struct{}

func (nullBattle) Spec() rules.Spec                                      { return rules.Spec{Ends: []string{"none"}} }
func (nullBattle) NewFighter() rules.Fighter                             { return nullFighter{} }
func (nullFighter) Fight(int64, *rules.Rand, *rules.Outcome)             {}
func (nullFighter) Replay(int64, *rules.Rand, *rules.Outcome, io.Writer) {}

type nullFighter struct{}

// spinBattle burns a fixed amount of CPU per trial drawing random numbers,
// for measuring how the pool scales with workers.
type spinBattle struct{}

func (spinBattle) Spec() rules.Spec          { return rules.Spec{Ends: []string{"done"}} }
func (spinBattle) NewFighter() rules.Fighter { return spinFighter{} }

type spinFighter struct{}

func (spinFighter) Fight(_ int64, r *rules.Rand, o *rules.Outcome) {
	var x uint64
	for range 200 {
		x += r.Uint64()
	}
	o.Rounds = int64(x & 7)
}
func (spinFighter) Replay(i int64, r *rules.Rand, o *rules.Outcome, _ io.Writer) {
	spinFighter{}.Fight(i, r, o)
}

// cancellingBattle plays coinBattle and calls cancel once one of its
// fighters has fought `after` trials, to interrupt a run at a known point;
// that fighter then waits for the run's stop, which the engine raises
// from another goroutine, so that the run ends at that trial (which the
// run discards, as a trial during which the stop was raised) however
// busy the machine is.
type cancellingBattle struct {
	coinBattle
	after  int64
	cancel func()
}

func (b cancellingBattle) NewFighter() rules.Fighter {
	return &cancellingFighter{coinFighter: coinFighter{b: b.coinBattle}, after: b.after, cancel: b.cancel}
}

type cancellingFighter struct {
	coinFighter
	after  int64
	cancel func()
	stop   *rules.Stop
}

func (f *cancellingFighter) SetStop(s *rules.Stop) { f.stop = s }

func (f *cancellingFighter) Fight(i int64, r *rules.Rand, o *rules.Outcome) {
	f.coinFighter.Fight(i, r, o)
	if f.count == f.after {
		f.cancel()
		for !f.stop.Requested() {
			runtime.Gosched()
		}
	}
}

// endlessBattle plays coinBattle, except that trial `at` never ends until
// the run's stop is raised: a Stoppable battle whose one trial is longer
// than any run. started is called as that trial begins.
type endlessBattle struct {
	at      int64
	started func()
}

func (b endlessBattle) Spec() rules.Spec { return coinBattle{}.Spec() }

func (b endlessBattle) NewFighter() rules.Fighter {
	return &endlessFighter{coinFighter: coinFighter{}, b: b}
}

type endlessFighter struct {
	coinFighter
	b    endlessBattle
	stop *rules.Stop
}

func (f *endlessFighter) SetStop(s *rules.Stop) { f.stop = s }

// Replay plays as Fight does: trial at never ends until the stop.
func (f *endlessFighter) Replay(i int64, r *rules.Rand, o *rules.Outcome, _ io.Writer) {
	f.Fight(i, r, o)
}

func (f *endlessFighter) Fight(i int64, r *rules.Rand, o *rules.Outcome) {
	if i == f.b.at {
		f.b.started()
		for !f.stop.Requested() {
			runtime.Gosched()
		}
		o.Winner = rules.A // unfinished: an outcome the run must not tally
		return
	}
	f.coinFighter.Fight(i, r, o)
}
