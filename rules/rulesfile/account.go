package rulesfile

import (
	"fmt"
	"io"
	"strings"
)

// account writes the readable account of a replayed battle, in the file's
// own names: its sides, units, weapons and tracks. Only Replay makes one,
// so Fight allocates nothing for it.
type account struct {
	w     io.Writer
	b     *Battle
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
	fmt.Fprintf(a.w, "%s\n", b.file.Title)
	for s := range 2 {
		fmt.Fprintf(a.w, "side %s, %s: %s (targeting %s)\n", sideLetters[s], b.sides[s].label, b.sideWords(s), b.sides[s].policyName)
	}
}

// unit names a unit: its side's label, its type, its number among its
// type's units when there are several, and its hit points left.
func (a *account) unit(u int32) string {
	b := a.b
	ui := b.units[u]
	ut := b.types[ui.typ]
	name := ut.name
	if ut.count > 1 {
		name = fmt.Sprintf("%s %d", ut.name, int(u)-ut.first+1)
	}
	return fmt.Sprintf("%s %s", b.sides[ui.side].label, name)
}

func (a *account) face(v int64) { a.faces = append(a.faces, v) }

// volley writes a type's volley of one weapon: the faces and the hits.
func (a *account) volley(ut *unitType, w *weaponC, hits []hit) {
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
		n += h.n
		if h.crit {
			crits++
		}
	}
	extra := ""
	if crits > 0 {
		extra = fmt.Sprintf(", %d critical", crits)
	}
	fmt.Fprintf(a.w, "  %s %s fire %s: %d dice [%s]: %d hits%s\n", a.b.sides[ut.side].label, ut.name, w.decl.Name, len(faces), strings.Join(faces, " "), n, extra)
}

func (a *account) step(what string, face int32, ok bool) {
	res := "fails"
	if ok {
		res = "succeeds"
	}
	if what == "save" {
		res = "saves"
		if ok {
			res = "does not save"
		}
	}
	fmt.Fprintf(a.w, "    %s roll %d: %s\n", what, face+1, res)
}

func (a *account) damage(u int32, d int32) {
	fmt.Fprintf(a.w, "    %d damage to %s\n", d, a.unit(u))
}

func (a *account) rolled(rc *rollC, n, total int32) {
	if rc.src == nil || !rc.src.IsDice() {
		return
	}
	fmt.Fprintf(a.w, "    rolls %d dice: %d\n", n, total)
}

func (a *account) contest(self int32, rs int32, other int32, ro int32) {
	fmt.Fprintf(a.w, "  contest: %s %d against %s %d\n", a.unit(self), rs, a.unit(other), ro)
}
