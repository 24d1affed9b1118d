package fight

import (
	"fmt"
	"io"
	"strings"

	"github.com/crucible-sim/crucible/rules/rulesfile/program"
)

// account writes the readable account of a replayed battle, in the file's
// own names: its sides, units, weapons and tracks. Only Replay makes one,
// so Fight allocates nothing for it.
type account struct {
	w     io.Writer
	b     *program.Battle
	faces []int64 // the faces of the volley being rolled
}

func (a *account) printf(format string, args ...any) { fmt.Fprintf(a.w, format, args...) }

func (a *account) line(s string) {
	if a != nil {
		fmt.Fprintln(a.w, s)
	}
}

// header says what each side fields.
func (a *account) header() {
	b := a.b
	fmt.Fprintf(a.w, "%s\n", b.File.Title)
	for s := range 2 {
		fmt.Fprintf(a.w, "side %s, %s: %s (targeting %s)\n", program.SideLetters[s], b.Sides[s].Label, b.SideWords(s), b.Sides[s].PolicyName)
	}
}

// unit names a unit: its side's label, its type, and its number among its
// type's units when there are several.
func (a *account) unit(u int32) string {
	b := a.b
	ui := b.AllUnits[u]
	ut := b.Types[ui.Typ]
	name := ut.Name
	if ut.Count > 1 {
		name = fmt.Sprintf("%s %d", ut.Name, int(u)-ut.First+1)
	}
	return fmt.Sprintf("%s %s", b.Sides[ui.Side].Label, name)
}

func (a *account) face(v int64) { a.faces = append(a.faces, v) }

// volley writes a type's volley of one weapon: the faces and the hits.
func (a *account) volley(ut *program.UnitType, w *program.Weapon, hits []Hit) {
	faces := make([]string, len(a.faces))
	for i, f := range a.faces {
		faces[i] = fmt.Sprint(f)
	}
	a.faces = a.faces[:0]
	if len(faces) == 0 {
		return
	}
	crits, n := 0, int32(0)
	for _, h := range hits {
		n += h.N
		if h.Crit {
			crits++
		}
	}
	extra := ""
	if crits > 0 {
		extra = fmt.Sprintf(", %d critical", crits)
	}
	fmt.Fprintf(a.w, "  %s %s fire %s: %d dice [%s]: %d hits%s\n", a.b.Sides[ut.Side].Label, ut.Name, w.Decl.Name, len(faces), strings.Join(faces, " "), n, extra)
}

// step writes a wound or save roll of a hit, on the hit's line.
// volleyOf writes a type's volley of one weapon that scored n hits.
func (a *account) volleyOf(ut *program.UnitType, w *program.Weapon, n int32) {
	faces := make([]string, len(a.faces))
	for i, f := range a.faces {
		faces[i] = fmt.Sprint(f)
	}
	a.faces = a.faces[:0]
	if len(faces) > 0 {
		fmt.Fprintf(a.w, "  %s %s fire %s: %d dice [%s]: %d hits\n", a.b.Sides[ut.Side].Label, ut.Name, w.Decl.Name, len(faces), strings.Join(faces, " "), n)
	}
}

func (a *account) step(what string, face int32, ok bool) {
	res := "wounds,"
	switch {
	case what == "wound" && !ok:
		res = "no wound"
	case what == "save" && ok:
		res = "not saved,"
	case what == "save":
		res = "saved"
	}
	fmt.Fprintf(a.w, " %s roll %d, %s", what, face+1, res)
}

func (a *account) damage(u int32, d int32) {
	fmt.Fprintf(a.w, "    %d damage to %s\n", d, a.unit(u))
}

// rolled writes a roll of dice by unit u (−1: none): the faces and the
// result.
func (a *account) rolled(rc *program.Roll, u int32, total int32) {
	faces := make([]string, len(a.faces))
	for i, f := range a.faces {
		faces[i] = fmt.Sprint(f)
	}
	a.faces = a.faces[:0]
	if rc.Src == nil || !rc.Src.IsDice() {
		return
	}
	who := "the battle"
	if u >= 0 {
		who = a.unit(u)
	}
	fmt.Fprintf(a.w, "    %s rolls %s: [%s] = %d\n", who, program.RollWords(*rc.Src), strings.Join(faces, " "), total)
}

func (a *account) contest(self int32, rs int32, other int32, ro int32) {
	res := "a tie"
	switch {
	case rs > ro:
		res = a.unit(self) + " wins it"
	case rs < ro:
		res = a.unit(other) + " wins it"
	}
	fmt.Fprintf(a.w, "  contest: %s %d against %s %d: %s\n", a.unit(self), rs, a.unit(other), ro, res)
}
