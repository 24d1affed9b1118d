package rulesfile_test

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/rules"
	_ "github.com/crucible-sim/crucible/rules/all"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// Benchmarks of the Monte Carlo battle of a rules file against the Go
// ruleset it re-expresses (results are recorded in bench/rulesfile.txt):
//
//	go test -run '^$' -bench Versus -benchtime 20x -count 5 ./rules/rulesfile/
//
// Each iteration fights a block of battles of one, then a block of the
// other, alternately, on one core, and the ratio is of the two sums of
// time: a load that comes and goes falls on both alike.

// compiled loads and compiles a built-in scenario.
func compiled(tb testing.TB, name string) rules.Battle {
	tb.Helper()
	sc, err := scenarios.Load(name)
	if err != nil {
		tb.Fatal(err)
	}
	b, err := sc.Compile()
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// block fights n battles of f from seed words (9, i…) and returns the time.
func block(f rules.Fighter, o *rules.Outcome, r *rules.Rand, first uint64, n int) time.Duration {
	start := time.Now()
	for i := range uint64(n) {
		r.Seed(9, first+i)
		o.Reset()
		f.Fight(0, r, o)
	}
	return time.Since(start)
}

func versus(b *testing.B, goName, fileName string) {
	gb, fb := compiled(b, goName), compiled(b, fileName)
	gf, ff := gb.NewFighter(), fb.NewFighter()
	gout, fout := sim.NewOutcome(gb.Spec()), sim.NewOutcome(fb.Spec())
	r := rules.NewRand(0, 0)
	n := 2000
	if strings.HasPrefix(goName, "stratfight") {
		n = 200 // a duel of 80 rounds costs fifty fleet battles' worth
	}
	block(gf, gout, r, 0, n) // warm up both
	block(ff, fout, r, 0, n)
	var tg, tf time.Duration
	seed := uint64(0)
	b.ReportAllocs()
	for b.Loop() {
		tg += block(gf, gout, r, seed, n)
		tf += block(ff, fout, r, seed, n)
		seed += uint64(n)
	}
	battles := float64(b.N) * float64(n)
	b.ReportMetric(float64(tg.Nanoseconds())/battles, "go-ns/battle")
	b.ReportMetric(float64(tf.Nanoseconds())/battles, "file-ns/battle")
	b.ReportMetric(float64(tf)/float64(tg), "file/go")
}

func BenchmarkVersusFleetMirror(b *testing.B) {
	versus(b, "eclipse/fleet-mirror", "rulesfile/fleet-mirror")
}

// BenchmarkVersusSecondDawn is the Eclipse rules file proper
// (second-dawn.rules.yaml) against rules/eclipse on fleet-mirror.
func BenchmarkVersusSecondDawn(b *testing.B) {
	versus(b, "eclipse/fleet-mirror", "rulesfile/eclipse-fleet-mirror")
}

// BenchmarkVersusThugVsGuard measures contests and effects against
// rules/stratfight on thug-vs-guard, with its twin of
// strategic-fighting.rules.yaml.
func BenchmarkVersusThugVsGuard(b *testing.B) {
	versus(b, "stratfight/thug-vs-guard", "rulesfile/stratfight-thug-vs-guard")
}

// BenchmarkVersusEmojiSpace measures the EmojiSpace duel against
// rules/emojispace on p3-vs-n3b.
func BenchmarkVersusEmojiSpace(b *testing.B) {
	versus(b, "emojispace/p3-vs-n3b", "rulesfile/emojispace-p3-vs-n3b")
}

// BenchmarkFight is the rules file's battle alone, for allocations per
// battle.
func BenchmarkFight(b *testing.B) {
	for _, name := range []string{"rulesfile/duel2d6", "rulesfile/skirmish", "rulesfile/risk", "rulesfile/fleet-mirror", "rulesfile/eclipse-fleet-mirror",
		"rulesfile/stratfight-thug-vs-guard", "rulesfile/emojispace-p3-vs-n3b"} {
		b.Run(name, func(b *testing.B) {
			bt := compiled(b, name)
			f := bt.NewFighter()
			o := sim.NewOutcome(bt.Spec())
			r := rules.NewRand(0, 0)
			block(f, o, r, 0, 1000)
			b.ReportAllocs()
			i := uint64(0)
			for b.Loop() {
				r.Seed(9, i)
				i++
				o.Reset()
				f.Fight(0, r, o)
			}
		})
	}
}

// A battle of dice compared in pairs allocates nothing once its fighter
// has grown its pools (the count of allocations does not depend on the
// machine's speed).
func TestPairsAllocateNothing(t *testing.T) {
	bt := compiled(t, "rulesfile/risk")
	f := bt.NewFighter()
	o := sim.NewOutcome(bt.Spec())
	r := rules.NewRand(0, 0)
	block(f, o, r, 0, 100)
	seed := uint64(100)
	if n := testing.AllocsPerRun(200, func() { block(f, o, r, seed, 1); seed++ }); n != 0 {
		t.Errorf("a RISK battle allocates %v times", n)
	}
}

// TestVersusInstructions fights a fixed number of battles of one of the
// scenarios named by the environment (RULESFILE_VERSUS=go or file), for a
// count of instructions under callgrind, which the load of a shared
// machine does not move:
//
//	go test -c -o /tmp/rf.test ./rules/rulesfile/
//	RULESFILE_VERSUS=go valgrind --tool=callgrind /tmp/rf.test -test.run VersusInstructions
func TestVersusInstructions(t *testing.T) {
	which := os.Getenv("RULESFILE_VERSUS")
	if which == "" {
		t.Skip("set RULESFILE_VERSUS=go or file, and run under callgrind")
	}
	names := map[string]string{"go": "eclipse/fleet-mirror", "file": "rulesfile/fleet-mirror", "file-second-dawn": "rulesfile/eclipse-fleet-mirror",
		"go-stratfight": "stratfight/thug-vs-guard", "file-stratfight": "rulesfile/stratfight-thug-vs-guard"}
	bt := compiled(t, names[which])
	f := bt.NewFighter()
	o := sim.NewOutcome(bt.Spec())
	n := 20000
	if strings.HasSuffix(which, "stratfight") {
		n = 2000 // a duel of 80 rounds
	}
	if s := os.Getenv("RULESFILE_VERSUS_N"); s != "" {
		n, _ = strconv.Atoi(s) // 0 measures the start: the binary's and the compile's
	}
	block(f, o, rules.NewRand(0, 0), 0, n)
}
