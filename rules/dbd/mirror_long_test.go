//go:build long

package dbd

import (
	"context"
	"fmt"
	"testing"

	"github.com/crucible-sim/crucible/rules/rulestest"
)

// mirrorTOSTGames is the games of each equivalence test: with them, a
// player that favours no colour passes the two one-sided tests at ±1 point
// and α = 0.01 with chance 0.99 and more (issue 29 asks for 10⁵ games,
// with which it passes only 60 % of the time: the standard error of the
// edge of a decisive game is then 0.32 point, and the 98 % interval
// ±0.74 point leaves room for an estimate of only ±0.26).
const mirrorTOSTGames = 250_000

// On every mirrored built-in, random and greedy on both sides with the
// first move alternating give BLUE − RED within ±1 point: two one-sided
// tests at α = 0.01, 250,000 games each (about 20 minutes of CPU in
// all). Rollout plays with its smallest search, which runs the code of
// every budget (the candidates' order, common random numbers, the choice)
// at 1/20 of the cost, on 100,000 games of two samples, one turned and
// one reflected, and is held to ±1.5 points; the search levels cost too
// much for games by the hundred thousand and are checked decision by
// decision (TestDecisionsMirrorLong).
func TestMirroredBuiltinsEvenLong(t *testing.T) {
	type play struct {
		sample, player, options string
		games                   int64
		margin                  float64
	}
	var plays []play
	for _, s := range []string{"cavalry_hammer", "symmetric_double_line", "symmetric_screen", "symmetric_wings"} {
		for _, p := range []string{"random", "greedy"} {
			plays = append(plays, play{s, p, "", mirrorTOSTGames, 0.01})
		}
	}
	for _, s := range []string{"cavalry_hammer", "symmetric_wings"} {
		plays = append(plays, play{s, "rollout", `, rollout: "1,1,1"`, 100_000, 0.015})
	}
	for _, p := range plays {
		t.Run(p.sample+"/"+p.player, func(t *testing.T) {
			b := loadBattle(t, p.sample, fmt.Sprintf("policies: {blue: %s, red: %s}\noptions: {first-side: alternate%s}\n", p.player, p.player, p.options))
			if b.Mirror() == "" {
				t.Fatal("not mirrored")
			}
			e, err := rulestest.MirrorPlay{Scenario: p.sample, Player: p.player, Mirror: b.Mirror(), Battle: b}.Edge(context.Background(), 29, p.games)
			if err != nil {
				t.Fatal(err)
			}
			lo, hi := e.Interval(0.02)
			t.Logf("BLUE − RED %+.2f points, 98 %% interval [%+.2f, %+.2f], %d games", 100*e.Edge, 100*lo, 100*hi, e.N)
			if !e.Within(p.margin, 0.01) {
				t.Errorf("BLUE − RED is %+.2f points, 98 %% interval [%+.2f, %+.2f]: not shown within ±%.1f points", 100*e.Edge, 100*lo, 100*hi, 100*p.margin)
			}
		})
	}
}

// The decisions of every player, the search levels included, are the same
// in distribution in a position and its mirror image, on more positions
// and with more seeds than TestDecisionsMirror.
func TestDecisionsMirrorLong(t *testing.T) {
	var positions []mirrored
	for _, s := range []string{"cavalry_hammer", "symmetric_double_line", "symmetric_screen", "symmetric_wings"} {
		for trial := range int64(2) {
			positions = append(positions, mirroredPositions(t, s, trial, 2, 6, 10)...)
		}
	}
	equivariance(t, positions, []PolicyKind{PolicyRandom, PolicyGreedy}, "", 2000, 0.01)
	equivariance(t, positions, []PolicyKind{PolicyRollout}, "", 100, 0.01)
	equivariance(t, positions[:16], []PolicyKind{PolicySearch250, PolicySearch1k}, "", 100, 0.01)
}
