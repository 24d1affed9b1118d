package scenarios

import (
	"slices"
	"testing"
	"testing/fstest"
)

// Builtin keeps its list, but what it returns is the caller's: a caller
// that changes its slice changes no later answer, and a program that names
// its own built-ins (SetBuiltin) is not answered with crucible's.
func TestBuiltinListIsKeptAndOwned(t *testing.T) {
	fresh, err := listBuiltin()
	if err != nil {
		t.Fatal(err)
	}
	first, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	first[0].Name = "changed/by-the-caller"
	again, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(again, fresh) {
		t.Fatalf("Builtin after a caller changed its slice = %v…, want %v…", again[:1], fresh[:1])
	}

	defer func() {
		SetBuiltin(nil) // forgets the list
		builtin = embedded
	}()
	SetBuiltin(fstest.MapFS{"stratfight/own.yaml": {Data: []byte(ownScenario)}})
	own, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	if want := []Entry{{"stratfight/own", "a program's own duel"}}; !slices.Equal(own, want) {
		t.Fatalf("Builtin after SetBuiltin = %v, want %v", own, want)
	}
}

const ownScenario = `ruleset: stratfight
description: a program's own duel
`
