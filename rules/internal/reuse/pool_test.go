package reuse

import (
	"runtime"
	"testing"
	"time"
)

// The last value put outlives collections until Keep passes; a value put
// while one is kept goes to the pool; a stale timer lets a newer value be.
func TestLastIsKept(t *testing.T) {
	p := &Pool[[64]int]{Keep: time.Hour}
	if v := p.Get(); v != nil {
		t.Fatalf("an empty pool gave %p", v)
	}
	first, second := new([64]int), new([64]int)
	p.Put(first)
	p.Put(second) // one is kept already: this one goes to the pool
	runtime.GC()
	runtime.GC() // the pool keeps a victim cache for one collection
	if v := p.Get(); v != first {
		t.Fatalf("after two collections Get gave %p, want the kept %p", v, first)
	}
	p.Put(first)
	gen := p.gen
	p.unkeep(gen - 1) // a timer armed before the last keep
	if p.last != first {
		t.Fatal("a stale timer let go of the value kept since")
	}
	p.unkeep(gen)
	if p.last != nil {
		t.Error("Keep passed and the value is still kept")
	}
	p.Empty()
	if v := p.Get(); v != nil {
		t.Errorf("an emptied pool gave %p", v)
	}
}

// A Pool with Keep 0 keeps nothing strongly: values go to the pool.
func TestZeroKeepsNothing(t *testing.T) {
	var p Pool[[64]int]
	p.Put(new([64]int))
	if p.last != nil {
		t.Error("a Pool with Keep 0 kept a value")
	}
}

// The timer hands the kept value to the pool when Keep passes.
func TestKeepPasses(t *testing.T) {
	p := &Pool[[64]int]{Keep: time.Millisecond}
	p.Put(new([64]int))
	deadline := time.Now().Add(10 * time.Second)
	for {
		p.mu.Lock()
		kept := p.last != nil
		p.mu.Unlock()
		if !kept {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the value is still kept long after Keep passed")
		}
		time.Sleep(time.Millisecond)
	}
}
