package analysis

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/crucible-sim/crucible/scenarios"
)

// refusals remembers the solves a solver refused for its budget. A
// solver's budgets count states and steps, not time, so a refusal is a
// pure function of what solveKey covers: a scenario refused once is
// refused again at once. The memory lasts the process — one command, or
// a workbench's session, where an edited file is another key — and keeps
// the maxRefusals latest.
var refusals = refusalMemo{errs: map[string]error{}}

// maxRefusals bounds the refusals remembered: a key and an error each.
const maxRefusals = 1024

// solverRuns counts the solves handed to a solver (tests watch the memo).
var solverRuns atomic.Int64

// refusalMemo is a bounded map from solve keys to refusals, the oldest
// forgotten first.
type refusalMemo struct {
	mu    sync.Mutex
	order []string
	errs  map[string]error
}

func (m *refusalMemo) get(key string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.errs[key]
}

func (m *refusalMemo) put(key string, err error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.errs[key]; ok {
		return
	}
	if len(m.order) == maxRefusals {
		delete(m.errs, m.order[0])
		m.order = m.order[1:]
	}
	m.order = append(m.order, key)
	m.errs[key] = err
}

// solveKey identifies everything a solve depends on: the ruleset, the
// scenario's document (its hash), the bytes of every file it includes —
// which the document names but does not hold — and whether exact
// fractions are asked.
func solveKey(sc *scenarios.Scenario, rational bool) string {
	h := sha256.New()
	for _, s := range []string{sc.Ruleset, sc.Hash(), strconv.FormatBool(rational)} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	for _, f := range sc.Files() {
		h.Write([]byte(f.Field + "\x00" + f.Ref + "\x00" + strconv.Itoa(len(f.Src)) + "\x00"))
		h.Write(f.Src)
	}
	return hex.EncodeToString(h.Sum(nil))
}
