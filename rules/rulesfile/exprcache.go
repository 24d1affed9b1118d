package rulesfile

import (
	"encoding/binary"
	"reflect"
	"slices"
	"sync"

	"github.com/expr-lang/expr/vm"
)

// What the compile of formulas keeps, from one compile to the next and
// within one. A scenario is compiled again for every answer of `crucible
// exact`, every cell of a sweep and every probe of a tune, and most of a
// compile went to expr: building each context's environment type
// (reflect.StructOf), compiling each formula's program, and running the
// program at every point of its table, again for every context a formula
// stands in that reads the same (a pool of self.pain dice in a contest of
// each pair of types).

// envKey names an environment type by what builds it (compiler.envType).
type envKey struct {
	opt, unit, side reflect.Type
	reads           reads
	names           string // the registers' names, then the stats', each ended by a 0 byte
}

// envTypes keeps the environment types made, by envKey: few (one per
// scope a file's formulas stand in), and reflect keeps every struct type
// it made anyway.
var envTypes sync.Map

// programs keeps expr's programs by source, environment type and result
// across compiles: a program is read-only, safe to run from several
// goroutines at once. It is emptied past maxPrograms, so that a server
// whose designers edit their formulas for hours does not keep every
// version of them.
var programs struct {
	sync.Mutex
	m map[progKey]*vm.Program
}

const maxPrograms = 4096

// cachedProgram returns the program kept for k, or nil.
func cachedProgram(k progKey) *vm.Program {
	programs.Lock()
	defer programs.Unlock()
	return programs.m[k]
}

// keepProgram keeps program p for k.
func keepProgram(k progKey, p *vm.Program) {
	programs.Lock()
	defer programs.Unlock()
	if programs.m == nil || len(programs.m) >= maxPrograms {
		programs.m = map[progKey]*vm.Program{}
	}
	programs.m[k] = p
}

// tableKey names a tabulated formula by all that its table depends on:
// its program, the types in the roles it reads (their stats are static
// values), the side it reads from, the faces of the die, the stats of a
// check, the state values it reads with their ranges and slots, and the
// tracks laid out when it is compiled (a track's start and highest value
// are compiled while the tracks are laid out, and read the ranges of
// those before them). Options are the same throughout one compile.
type tableKey struct {
	prog  progKey
	laid  [2]int      // unit and side tracks laid out
	types [nRoles]int // −2 for a role the formula does not read
	side  int         // −1 when it reads no side
	die   string
	stats string
	vars  string
}

// tableKeyOf returns the key of formula prog in context c, which reads
// the roles and sides in used and the state values vars.
func (cp *compiler) tableKeyOf(prog progKey, c *context, used reads, vars []varRef) tableKey {
	k := tableKey{prog: prog, laid: [2]int{len(cp.b.unitTrk), len(cp.b.sideTrk)}, side: -1}
	for r := range nRoles {
		k.types[r] = -2
		if used&(readSelf<<r) != 0 {
			k.types[r] = c.types[r]
		}
	}
	if used&readSides != 0 {
		k.side = c.side
	}
	if c.reads&readFace != 0 {
		k.die = string(appendInts(nil, c.die...))
	}
	var b []byte
	if c.stats != nil {
		for _, s := range slices.Sorted(mapKeys(c.stats)) {
			b = appendInts(append(appendInts(b, int64(len(s))), s...), c.stats[s])
		}
		k.stats = string(b)
	}
	b = b[:0]
	for _, v := range vars {
		b = appendInts(b, int64(v.kind), int64(v.role), int64(v.which), int64(v.off), int64(v.slot), int64(v.lo), int64(v.n))
	}
	k.vars = string(b)
	return k
}

// appendInts appends xs to b, eight bytes each.
func appendInts(b []byte, xs ...int64) []byte {
	for _, x := range xs {
		b = binary.LittleEndian.AppendUint64(b, uint64(x))
	}
	return b
}

// again returns the formula tabulated once as ce for e, where e stands in
// another context that reads the same: its table and values shared (no
// one writes them), its source e's own (errors and descriptions point at
// e), and an entry of its own in the fighter's memo.
func (cp *compiler) again(ce *cexpr, e *Expr) *cexpr {
	c := *ce
	c.src = e
	if c.oneUnit {
		c.memo = int32(cp.b.nMemo)
		cp.b.nMemo++
	}
	return &c
}
