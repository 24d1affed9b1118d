package workbench

import (
	"container/list"
	"sync"
)

// exactCache keeps the exact answers of the last scenarios solved, by the
// scenario's content: a solve depends on nothing else (not the seed, not
// the trials), so a designer who steps back to a fleet they tried, or
// changes the seed, sees its exact value at once instead of after a
// second solve (fleet-mirror-upgraded's takes about half a second of a
// core).
type exactCache struct {
	mu    sync.Mutex
	max   int
	order *list.List // of exactEntry, the most recently used first
	byKey map[string]*list.Element
	// solved counts the answers put in: the solves the cache did not spare.
	solved int
}

// exactEntry is one cached answer: an exact event's result.
type exactEntry struct {
	key    string
	result []byte
}

// maxExactCached is how many answers the cache keeps: a designer's recent
// steps, at a few kilobytes each.
const maxExactCached = 64

func newExactCache(max int) *exactCache {
	return &exactCache{max: max, order: list.New(), byKey: map[string]*list.Element{}}
}

// get returns the answer cached for key.
func (c *exactCache) get(key string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.byKey[key]
	if !ok {
		return nil, false
	}
	c.order.MoveToFront(e)
	return e.Value.(exactEntry).result, true
}

// has says whether an answer is cached for key, without using it.
func (c *exactCache) has(key string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.byKey[key] != nil
}

// put keeps an answer, dropping the least recently used beyond max.
func (c *exactCache) put(key string, result []byte) {
	e := exactEntry{key: key, result: result}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.solved++
	if old, ok := c.byKey[e.key]; ok {
		old.Value = e
		c.order.MoveToFront(old)
		return
	}
	c.byKey[e.key] = c.order.PushFront(e)
	for c.order.Len() > c.max {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.byKey, last.Value.(exactEntry).key)
	}
}
