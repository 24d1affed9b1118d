package rulesfile

import (
	"os"
	"testing"

	"github.com/crucible-sim/crucible/rules/rulesfile/enumerate"
	"github.com/crucible-sim/crucible/rules/rulesfile/exactmodel"
)

// The packed fire keys tell apart exactly the fires the byte keys
// (fireKey) tell apart, over every state of a fleet battle (types whose
// weapons are plain, counted by the units left): a side's outcomes and
// volleys are kept by one as by the other.
func TestPackedFireKeysAreFireKeys(t *testing.T) {
	src, err := os.ReadFile("../../scenarios/builtin/rulesfile/fleet.rules.yaml")
	if err != nil {
		t.Fatal(err)
	}
	b := compileOf(t, string(src), `
a: {units: {Interceptor: 3, Cruiser: 2}}
b: {units: {Interceptor: 2, Cruiser: 1, Dreadnought: 1}}
`)
	m, err := b.Model()
	if err != nil {
		t.Fatal(err)
	}
	s := enumerate.NewEnumerator[float64, exactmodel.Floats](m, exactmodel.Floats{}, enumerate.StepOptions{})
	if !s.Pack.OK {
		t.Fatal("the battle's states do not pack")
	}
	var queue []uint64
	seen := map[uint64]bool{}
	add := func(_ float64, o *enumerate.Outcome) {
		if o.Pos < 0 {
			return
		}
		k := o.Key
		if !o.Keyed {
			k = s.Pack.Key(o.Pos, o.State)
		}
		if !seen[k] {
			seen[k] = true
			queue = append(queue, k)
		}
	}
	if err := s.Root(add); err != nil {
		t.Fatal(err)
	}
	type packed struct {
		what string
		k    enumerate.PackedFireKey
	}
	byBytes := map[string]enumerate.PackedFireKey{}
	byPacked := map[packed]string{}
	same := func(what string, bk string, pk enumerate.PackedFireKey) {
		if old, ok := byBytes[what+bk]; ok && old != pk {
			t.Fatalf("%s %q: packed %v and %v", what, bk, old, pk)
		}
		if old, ok := byPacked[packed{what, pk}]; ok && old != bk {
			t.Fatalf("%s packed %v: %q and %q", what, pk, old, bk)
		}
		byBytes[what+bk], byPacked[packed{what, pk}] = pk, bk
	}
	fires, plain := 0, 0
	for len(queue) > 0 {
		key := queue[0]
		queue = queue[1:]
		pos, st := s.Pack.Decode(key, nil)
		stp := &m.StepList[pos]
		s.Key = key &^ (1<<s.Pack.PosBits - 1)
		for side := range 2 {
			if stp.Fire == nil || !stp.Fires[side] || !s.Masks[pos][side].Ok {
				continue
			}
			all, own := s.PackedFireKeys(pos, stp, side, st)
			buf := s.FireKey(nil, pos, stp, side, st)
			same("all", string(buf), all)
			same("own", string(buf[:s.OwnLen]), own)
			fires++
			if all.X>>1 != 0 {
				plain++
			}
		}
		if err := s.StepKey(key, add); err != nil {
			t.Fatal(err)
		}
	}
	if fires < 100 || plain == 0 || len(byPacked) < 20 {
		t.Errorf("%d fires compared, %d with plain weapons, %d keys: too few", fires, plain, len(byPacked))
	}
}
