package rulesfile

import "testing"

// States and their changes in the designer's words: units by type with
// their hit points, equal ones counted once; a loss is said alone unless a
// survivor was hit too.
func TestDescribeStateAndChange(t *testing.T) {
	b := compileOf(t, `
title: troopers
units:
  trooper: {hp: 2}
round:
  - contest:
      roll: 2d6
      ties: reroll
      winner:
        - damage: 1
`, `
a: {units: {trooper: 3}}
b: {units: {trooper: 1}}
`)
	m, err := b.Model()
	if err != nil {
		t.Fatal(err)
	}
	start := m.Start()
	if got, want := m.DescribeState(start), "a: 3 trooper (2 hp ×3); b: 1 trooper (2 hp)"; got != want {
		t.Errorf("start %q, want %q", got, want)
	}
	hp := func(a0, a1, a2, b0 int32) []int32 {
		st := append([]int32(nil), start...)
		for i, v := range []int32{a0, a1, a2, b0} {
			st[b.AllUnits[i].Slot] = v
		}
		return st
	}
	for _, c := range []struct {
		from, to []int32
		want     string
	}{
		{hp(2, 2, 2, 2), hp(2, 2, 2, 2), "no change"},
		{hp(2, 2, 2, 2), hp(0, 2, 2, 1), "a loses 1 trooper, b's trooper: 2 hp → 1 hp"},
		{hp(1, 2, 2, 2), hp(0, 0, 1, 2), "a loses 2 trooper"},
		{hp(2, 2, 2, 2), hp(0, 0, 1, 2), "a loses 2 trooper (left: 1 hp)"},
		{hp(2, 2, 2, 2), hp(0, 0, 0, 0), "a loses 3 trooper, b loses 1 trooper"},
	} {
		if got := m.DescribeChange(c.from, c.to); got != c.want {
			t.Errorf("%v → %v: %q, want %q", c.from, c.to, got, c.want)
		}
	}
}
