package emojispace

import "testing"

// TestLabels: reports name the ships as the scenario does, and tell two
// that read the same apart by their sides.
func TestLabels(t *testing.T) {
	for _, c := range []struct {
		src  string
		want [2]string
	}{
		{"a: {ship: p3}\nb: {ship: N3b}\n", [2]string{"P3", "N3b"}},
		{"a: {ship: P1}\nb: {ship: P1}\n", [2]string{"P1 (a)", "P1 (b)"}},
		{"a: {ship: {hull_id: mil_t3_mantis, module_instances: []}}\nb: {npc: {subtype: pirate_raider, population: 3}}\n", [2]string{"mil_t3_mantis", "pirate_raider"}},
		{"a: {npc: {subtype: alien_vessel, population: 1}}\nb: {npc: {subtype: alien_vessel, population: 5}}\n", [2]string{"alien_vessel (a)", "alien_vessel (b)"}},
	} {
		if got := battle(t, c.src).Spec().Labels; got != c.want {
			t.Errorf("%s: labels %q, want %q", c.src, got, c.want)
		}
	}
}
