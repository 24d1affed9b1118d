// Package reuse hands a solver's grown memory on to its next solve.
package reuse

import (
	"sync"
	"time"
)

// Pool is a pool of *T that holds the last value put strongly for Keep
// before the value joins the others, which garbage collections may drop.
//
// An exact solver fills megabytes of arrays, maps and tables, and
// allocating, zeroing and faulting them in again was a large part of a
// solve. A sync.Pool alone loses them at the collections that run between
// two solves (a claim's Monte Carlo, the workbench's estimates between a
// designer's edits, the garbage of a rules file's compile), so every
// answer was a cold solve. The last value is kept for Keep (a designer's
// pause); a value put while one is kept goes to the pool. Nothing a solve
// worked out is kept, only the memory: the caller resets what it gets.
//
// A Pool must not be copied after first use.
type Pool[T any] struct {
	// Keep is how long the last value put stays out of the collector's
	// reach; 0 keeps nothing strongly.
	Keep time.Duration

	mu   sync.Mutex
	last *T
	gen  uint64 // moved at every keep, so that a stale timer lets a newer value be
	pool sync.Pool
}

// Get returns the value kept last, else one from the pool, else nil.
func (p *Pool[T]) Get() *T {
	p.mu.Lock()
	v := p.last
	p.last = nil
	p.mu.Unlock()
	if v == nil {
		v, _ = p.pool.Get().(*T)
	}
	return v
}

// Put keeps v for Keep, or puts it in the pool if a value is kept already
// (or Keep is 0). v must no longer be used, nor anything of it its
// results did not copy.
func (p *Pool[T]) Put(v *T) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.last != nil || p.Keep <= 0 {
		p.pool.Put(v)
		return
	}
	p.last = v
	p.gen++
	gen := p.gen
	time.AfterFunc(p.Keep, func() { p.unkeep(gen) })
}

// unkeep hands the kept value to the pool if it is still the one kept at
// gen.
func (p *Pool[T]) unkeep(gen uint64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.gen == gen && p.last != nil {
		p.pool.Put(p.last)
		p.last = nil
	}
}

// Empty forgets every value p holds, so that the next Get returns nil; for
// tests that compare a solve with a fresh one. Not while p is in use.
func (p *Pool[T]) Empty() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.last = nil
	p.pool = sync.Pool{}
}
