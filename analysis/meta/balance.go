package meta

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/crucible-sim/crucible/analysis"
)

// DefaultBalanceMatrices bounds a balance search's work: the matrices it
// fights, each every cell of the roster.
const DefaultBalanceMatrices = 400

// BalanceChange is one entry whose field the search changed: Path is the
// entry's field as a designer writes it (blueprints[Sniper
// Cruiser].computer for blueprints[*].computer), From "" where the base's
// text does not write it (the ruleset's default).
type BalanceChange struct {
	Entry, Path, From, To string
}

// BalanceRefusal is a value of the grid an entry's field cannot take, and
// the rules' reason (a part needing more energy than its blueprint makes).
type BalanceRefusal struct {
	Entry, Path, Value, Why string
}

// BalanceResult is what a balance search found: the changes, the roster's
// analysis before and after them, and the after one fought again on fresh
// streams.
type BalanceResult struct {
	Options      BalanceOptions
	Start, Final *Analysis
	Changes      []BalanceChange
	Balanced     bool // every entry has MinShare in Final's equilibrium
	Matrices     int  // the matrices fought
	Why          string
	// Refused lists the values of the grid an entry's field cannot take
	// (the rules refuse the design), which the search passed by.
	Refused        []BalanceRefusal
	Recheck        *Analysis // nil when every cell of Final is exact
	RecheckHolds   bool      // the re-check finds every entry at MinShare too
	RecheckStreams string
}

// Balance searches for values of o.Path, one per entry on o.Values, that
// bring every entry into the equilibrium's support with at least
// o.MinShare as side a and as side b, changing few entries: greedily, a
// step tries every entry at every other value of the grid and makes the
// one change that puts the most entries at MinShare (then brings the
// most mass toward it, then leaves the least regret), as long as a change
// improves on the last; every candidate is a whole matrix fought as Run
// fights one, on the base's streams, so the search compares like with
// like. It stops balanced, when no move improves, or after o.Matrices
// matrices. The answer is then fought again on fresh streams (the
// search's lucky draws are not the answer's: a re-check as tune's), unless
// every cell is exact.
//
// Its checkpoint (Run.Save, Run.Resume) holds a section for each matrix
// fought (analysis.Sections: "matrix 1", "matrix 2", … in the order the
// search fights them, and "re-check"), each as Run saves one: a search
// resumed from it fights again only what the interrupted one had not, and
// gives the answer of an uninterrupted search.
func Balance(ctx context.Context, r analysis.Run, m *Meta, mo Options, o BalanceOptions, margin bool) (*BalanceResult, error) {
	f, err := m.balanceField(o)
	if err != nil {
		return nil, err
	}
	refused, err := m.fits(f, o.Values)
	if err != nil {
		return nil, err
	}
	sections, err := r.Sections("a balance search of " + m.Name)
	if err != nil {
		return nil, err
	}
	s := &balanceSearch{ctx: ctx, sections: sections, mo: mo, o: o, margin: margin, f: f, refused: refused, out: &BalanceResult{Options: o, Refused: refused}}
	out := s.out
	cur, err := s.fight(m)
	if err != nil {
		return nil, err
	}
	out.Start, out.Final = cur, cur
	values := f.values(m)
	for !balanced(cur, o.MinShare) && out.Why == "" {
		best, bestEntry, bestValue, bestMeta, err := s.bestChange(m, cur, values)
		if err != nil {
			return nil, err
		}
		if bestMeta == nil {
			if out.Why == "" {
				out.Why = fmt.Sprintf("no one change of %s brings more entries to %s or any nearer it", o.Path, pctWords(o.MinShare))
			}
			break
		}
		out.Changes = append(out.Changes, BalanceChange{Entry: m.Entries[bestEntry], Path: f.named[bestEntry], From: values[bestEntry], To: bestValue})
		values[bestEntry], cur = bestValue, best
		out.Final = cur
	}
	out.Changes = squash(out.Changes)
	out.Balanced = balanced(out.Final, o.MinShare)
	start, err := out.Start.Matrix.Analyse(ctx, margin)
	if err != nil {
		return nil, err
	}
	final := start
	if out.Final != out.Start {
		if final, err = out.Final.Matrix.Analyse(ctx, margin); err != nil {
			return nil, err
		}
	}
	out.Start, out.Final = start, final
	return out, recheckBalance(ctx, sections.Section("re-check"), out, mo, margin)
}

// balanceSearch is Balance's search: what it fights matrices with, and
// the result it counts them in.
type balanceSearch struct {
	ctx      context.Context
	sections *analysis.Sections
	mo       Options
	o        BalanceOptions
	margin   bool
	f        balanceField
	refused  []BalanceRefusal // the values some entries' rules refuse, passed by
	out      *BalanceResult
}

// fight fights m's matrix in a section of its own. A candidate is judged
// by its equilibrium alone; the start and the answer are analysed whole
// at the end.
func (s *balanceSearch) fight(m *Meta) (*Analysis, error) {
	s.out.Matrices++
	mm, err := Run(s.ctx, s.sections.Section(fmt.Sprintf("matrix %d", s.out.Matrices)), m, s.mo)
	if err != nil {
		return nil, err
	}
	return mm.analyseEquilibrium(s.ctx, s.margin)
}

// bestChange fights every entry of m at every other value of the grid
// (values: the entries' values in cur) and returns the best of them if it is better
// than cur (else a nil bestMeta), stopping at the search's bound of
// matrices, which it then records as out.Why.
func (s *balanceSearch) bestChange(m *Meta, cur *Analysis, values []string) (best *Analysis, bestEntry int, bestValue string, bestMeta *Meta, err error) {
	best = cur
	for k := range m.Entries {
		for _, v := range s.o.Values {
			if v == values[k] || refuses(s.refused, m.Entries[k], v) {
				continue
			}
			if s.out.Matrices >= s.o.Matrices {
				s.out.Why = fmt.Sprintf("the search's bound of %d matrices was reached (--balance-matrices)", s.o.Matrices)
				return best, bestEntry, bestValue, bestMeta, nil
			}
			cand, err := s.f.with(cur.Meta, k, v)
			if err == nil {
				err = cand.compileCells()
			}
			if err != nil {
				return nil, 0, "", nil, err
			}
			a, err := s.fight(cand)
			if err != nil {
				return nil, 0, "", nil, err
			}
			if better(a, best, s.o.MinShare) {
				best, bestEntry, bestValue, bestMeta = a, k, v, cand
			}
		}
	}
	return best, bestEntry, bestValue, bestMeta, nil
}

// recheckBalance fights the answer again on fresh streams.
func recheckBalance(ctx context.Context, r analysis.Run, out *BalanceResult, mo Options, margin bool) error {
	if allExact(out.Final.Matrix) {
		out.RecheckHolds = out.Balanced
		return nil
	}
	m := *out.Final.Meta
	m.Streams = out.Final.Meta.Streams + "/balance recheck"
	out.RecheckStreams = m.Streams
	mm, err := Run(ctx, r, &m, mo)
	if err != nil {
		return err
	}
	if out.Recheck, err = mm.Analyse(ctx, margin); err != nil {
		return err
	}
	out.RecheckHolds = balanced(out.Recheck, out.Options.MinShare)
	return nil
}

// fits finds, before any matrix is fought, the values of the grid each
// entry's field cannot take: each is set in the entry and its cell against
// itself compiled. A design the rules refuse (a part that needs more energy
// than its blueprint makes) is passed by, listed in the answer; a value no
// entry takes (a misspelt name, a number out of range) is refused with the
// first entry's error, located, naming what the field takes.
func (m *Meta) fits(f balanceField, values []string) ([]BalanceRefusal, error) {
	var refused []BalanceRefusal
	for _, v := range values {
		var first error
		taken := false
		for k := range m.entries {
			err := m.takes(f, k, v)
			if err == nil {
				taken = true
				continue
			}
			if first == nil {
				first = err
			}
			refused = append(refused, BalanceRefusal{Entry: m.Entries[k], Path: f.named[k], Value: v, Why: err.Error()})
		}
		if !taken {
			return nil, first
		}
	}
	slices.SortStableFunc(refused, func(a, b BalanceRefusal) int {
		return slices.Index(m.Entries, a.Entry) - slices.Index(m.Entries, b.Entry)
	})
	return refused, nil
}

// takes returns why entry k's field cannot take value v, nil if it can.
func (m *Meta) takes(f balanceField, k int, v string) error {
	c, err := f.with(m, k, v)
	if err != nil {
		return err
	}
	sc, err := c.Cell(k, k)
	if err == nil {
		_, err = sc.Compile()
	}
	return err
}

// refuses reports whether refused lists value v for entry.
func refuses(refused []BalanceRefusal, entry, v string) bool {
	return slices.ContainsFunc(refused, func(r BalanceRefusal) bool { return r.Entry == entry && r.Value == v })
}

// mass is entry k's least mass in the equilibrium, over its two sides.
func mass(a *Analysis, k int) float64 {
	return min(a.Equilibrium.Row[k], a.Equilibrium.Col[k])
}

func balanced(a *Analysis, minShare float64) bool {
	return inSupport(a, minShare) == len(a.Meta.Entries)
}

func inSupport(a *Analysis, minShare float64) int {
	n := 0
	for k := range a.Meta.Entries {
		if mass(a, k) >= minShare {
			n++
		}
	}
	return n
}

// leastMass is the entry with the least mass (the first of equals).
func leastMass(a *Analysis) int {
	k := 0
	for i := range a.Meta.Entries {
		if mass(a, i) < mass(a, k) {
			k = i
		}
	}
	return k
}

// better says that a improves on b: more entries at minShare, else more
// mass toward it (each entry's mass counted up to minShare), else less
// regret.
func better(a, b *Analysis, minShare float64) bool {
	na, nb := inSupport(a, minShare), inSupport(b, minShare)
	if na != nb {
		return na > nb
	}
	if ta, tb := toward(a, minShare), toward(b, minShare); math.Abs(ta-tb) > 1e-9 {
		return ta > tb
	}
	return regret(a) < regret(b)-1e-9
}

// regret is how far the entries the equilibrium leaves out are from
// joining it: over both sides, each entry's payoff short of the game's
// value against the other side's mixture. It is 0 when every entry is a
// best response, and it falls as a change brings the strong and the weak
// nearer, which lets the search climb where the equilibrium is one entry
// alone and no single change moves its support.
func regret(a *Analysis) float64 {
	eq, n := a.Equilibrium, len(a.Meta.Entries)
	total := 0.0
	for k := range n {
		var asA, asB float64
		for j := range n {
			asA += a.Payoff(a.Cells[k][j].Estimate) * eq.Col[j]
			asB += a.Payoff(a.Cells[j][k].Estimate) * eq.Row[j]
		}
		total += max(0, eq.Value-asA) + max(0, asB-eq.Value)
	}
	return total
}

// toward is the entries' mass counted up to minShare each: how near the
// equilibrium is to holding every entry at minShare.
func toward(a *Analysis, minShare float64) float64 {
	t := 0.0
	for k := range a.Meta.Entries {
		t += min(mass(a, k), minShare)
	}
	return t
}

// squash folds the changes of one entry into one, from its first value to
// its last, dropping an entry moved back to where it began.
func squash(cs []BalanceChange) []BalanceChange {
	var out []BalanceChange
	at := map[string]int{}
	for _, c := range cs {
		if i, ok := at[c.Entry]; ok {
			out[i].To = c.To
			continue
		}
		at[c.Entry] = len(out)
		out = append(out, c)
	}
	kept := out[:0]
	for _, c := range out {
		if c.From != c.To {
			kept = append(kept, c)
		}
	}
	return kept
}

func allExact(mm *Matrix) bool {
	for _, row := range mm.Cells {
		for _, c := range row {
			if !c.Exact {
				return false
			}
		}
	}
	return true
}

func pctWords(x float64) string { return fmt.Sprintf("%g %%", 100*x) }
