package program

import (
	"encoding/binary"
	"reflect"
	"sync"

	"github.com/expr-lang/expr/parser"
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

// progKey names a program of expr: its source, environment and result.
type progKey struct {
	src    string
	env    reflect.Type
	asBool bool
}

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

// trees keeps expr's parses by source across compiles, as programs does
// programs: a compile only walks a tree (references), never changes it.
// Parsing every formula again was a tenth of a compile's allocations.
var trees struct {
	sync.Mutex
	m map[string]*parser.Tree
}

// cachedTree returns the parse kept for src, or nil.
func cachedTree(src string) *parser.Tree {
	trees.Lock()
	defer trees.Unlock()
	return trees.m[src]
}

// keepTree keeps parse t of src, emptied past maxPrograms as programs is.
func keepTree(src string, t *parser.Tree) {
	trees.Lock()
	defer trees.Unlock()
	if trees.m == nil || len(trees.m) >= maxPrograms {
		trees.m = map[string]*parser.Tree{}
	}
	trees.m[src] = t
}

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

// tables keeps formulas tabulated, by tableKey, within a compile and
// across compiles, as programs does programs: a table is read-only once
// made. Emptied past maxTables formulas or maxTableEntries entries in
// all (a table may have up to TableBudget), so that it stays within
// 16 MB.
var tables struct {
	sync.Mutex
	m       map[tableKey]*Expr
	entries int
}

const (
	maxTables       = 4096
	maxTableEntries = 1 << 22
)

// cachedTable returns the formula kept for k, or nil.
func cachedTable(k tableKey) *Expr {
	tables.Lock()
	defer tables.Unlock()
	return tables.m[k]
}

// keepTable keeps formula ce, tabulated, for k.
func keepTable(k tableKey, ce *Expr) {
	tables.Lock()
	defer tables.Unlock()
	if tables.m == nil || len(tables.m) >= maxTables || tables.entries+len(ce.Table) > maxTableEntries {
		tables.m, tables.entries = map[tableKey]*Expr{}, 0
	}
	tables.m[k] = ce
	tables.entries += len(ce.Table)
}

// tableKey names a tabulated formula by all that its table depends on:
// its program, the static values it reads (refWalker.statics: the stats
// of the types in the roles it reads, options, side.start and the like;
// not the types themselves, so that two types alike in what it reads
// share a table), the faces of the die when it reads face, the state
// values it reads with their ranges and slots, and the tracks laid out
// when it is compiled (a track's start and highest value are compiled
// while the tracks are laid out, and read the ranges of those before
// them).
type tableKey struct {
	prog    progKey
	laid    [2]int // unit and side tracks laid out
	statics string
	die     string
	vars    string
}

// appendInts appends xs to b, eight bytes each.
func appendInts(b []byte, xs ...int64) []byte {
	for _, x := range xs {
		b = binary.LittleEndian.AppendUint64(b, uint64(x))
	}
	return b
}
