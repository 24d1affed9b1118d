package stratfight

import (
	"math"
	"strconv"
	"testing"

	"github.com/crucible-sim/crucible/rules"
)

// TestHighwater is the §2.4 example: Pain 0, hit for 4 → 4; hit for 2 → 4;
// hit for 6 → 6.
func TestHighwater(t *testing.T) {
	level := 0
	for i, c := range []struct{ dealt, want int }{{4, 4}, {2, 4}, {6, 6}, {5, 6}} {
		level = highwater(level, c.dealt)
		if level != c.want {
			t.Fatalf("hit %d for %d: level %d, want %d", i+1, c.dealt, level, c.want)
		}
	}
}

// TestCripplingCoins: §5 S6 both modes on the Crippling sequence 2, 1, 3
// from level 0 and 30 coins. highwater-increase removes the rises 2, 0, 1
// (3 coins); every-hit removes 2, 1, 3 (6 coins). The level is 3 either way.
func TestCripplingCoins(t *testing.T) {
	for _, c := range []struct {
		everyHit bool
		losses   []int
		coins    int
	}{{false, []int{2, 0, 1}, 27}, {true, []int{2, 1, 3}, 24}} {
		s := fstate{coins: 30}
		for i, dealt := range []int{2, 1, 3} {
			old := s.crip
			s.crip = highwater(s.crip, dealt)
			n := lethalCoins(old, s.crip, dealt, c.everyHit)
			if n != c.losses[i] {
				t.Errorf("everyHit=%v hit %d: loses %d coins, want %d", c.everyHit, i+1, n, c.losses[i])
			}
			loseCoins(&s, n)
		}
		if s.crip != 3 || s.coins != c.coins || s.coinsLost != int64(30-c.coins) || s.dead {
			t.Errorf("everyHit=%v: crip %d coins %d lost %d dead %v", c.everyHit, s.crip, s.coins, s.coinsLost, s.dead)
		}
	}
	// 0 Life Coins is death (§2.7, §2.8); coins never go negative.
	s := fstate{coins: 3}
	loseCoins(&s, 5)
	if s.coins != 0 || !s.dead || s.coinsLost != 3 {
		t.Errorf("losing 5 of 3 coins: %+v", s)
	}
}

// TestAttackPool: §7.3 / §5 S4 both modes, with the §2.5 and §2.7 examples.
func TestAttackPool(t *testing.T) {
	cases := []struct {
		base, pain, incap, crip int
		painOnly                bool
		eff                     int
		miss                    bool
	}{
		{10, 3, 0, 0, false, 7, false}, // §2.5: Attack 10, Pain 4, penalty roll 3 → 7 coins
		{10, 0, 0, 4, false, 6, false}, // §2.7: Attack 10, Crippling 4 → 6
		{10, 10, 0, 0, false, 0, true}, // §2.5: penalty ≥ Attack → automatic failure
		{10, 12, 0, 0, true, -2, true}, // pain-only: penalty ≥ Attack → automatic failure
		{10, 3, 4, 3, false, 0, true},  // total: effAtk 0 → miss
		{10, 3, 4, 3, true, 0, false},  // pain-only: 3 < 10, effAtk floored at 0, no automatic miss
		{10, 3, 5, 5, true, 0, false},  // pain-only: effAtk −3 floored at 0
		{0, 0, 0, 0, true, 0, true},    // Attack 0: penalty 0 ≥ 0 → fails
		{0, 0, 0, 0, false, 0, true},
		{2, 1, 0, 0, false, 1, false},
	}
	for _, c := range cases {
		eff, miss := attackPool(c.base, c.pain, c.incap, c.crip, c.painOnly)
		if eff != c.eff || miss != c.miss {
			t.Errorf("attackPool(%d, pain %d, incap %d, crip %d, painOnly %v) = %d, %v; want %d, %v",
				c.base, c.pain, c.incap, c.crip, c.painOnly, eff, miss, c.eff, c.miss)
		}
	}
}

// TestZeroAttackNeverHits: a fighter with Attack 0 misses automatically under
// both S4 modes, so it never hits.
func TestZeroAttackNeverHits(t *testing.T) {
	for _, mode := range []string{"total", "pain-only"} {
		b := compileYAML(t, duel("{s4-autofail: "+mode+", s8-helpless: off, round-cap: 50}",
			side(zero, "s10-concession: never"), side("guard", "s10-concession: never")))
		run(b, 1, 2000, func(o *rules.Outcome) {
			if h := counter(b, o, "a.hits"); h != 0 {
				t.Fatalf("%s: Attack 0 fighter hit %d times", mode, h)
			}
		})
	}
}

// TestInitiativeOneVersusZero: pools 1 and 0. A wins outright when its coin
// shows heads (½); otherwise 0–0 is a tie. Flip-Off: A wins ½ of ties, so
// P(A attacks) = ¾. Underdog: the tie goes to the side flipping fewer coins
// (B), so P(A attacks) = ½. With s1-initiative coin (pools 1 and 1) both
// rules give ½ by symmetry. z-tests at a fixed seed, false-alarm rate
// P(|Z| > 4) ≈ 6e-5 each.
func TestInitiativeOneVersusZero(t *testing.T) {
	const n = 40_000
	for _, c := range []struct {
		opts string
		p    float64
	}{
		{"tie-rule: flip-off", 0.75},
		{"tie-rule: underdog", 0.5},
		{"tie-rule: flip-off, s1-initiative: coin", 0.5},
		{"tie-rule: underdog, s1-initiative: coin", 0.5},
	} {
		b := compileYAML(t, duel("{"+c.opts+", round-cap: 1, s8-helpless: off}", side(one), side(zero)))
		var wins int64
		run(b, 3, n, func(o *rules.Outcome) { wins += counter(b, o, "a.init-wins") })
		if z := zTest(float64(wins)/n, c.p, c.p*(1-c.p), n); math.Abs(z) > zMax {
			t.Errorf("%s: P(A attacks) = %.4f, want %.4f (z = %.1f)", c.opts, float64(wins)/n, c.p, z)
		}
	}
}

// TestContestZeroZeroTie: Attack 1 against Defense 0. The attack hits when
// D2ROLL(1) = 1 (½); otherwise 0–0 is a tie (§5 S4). Flip-Off: P(hit) = ¾;
// underdog: the defender flips fewer coins, so P(hit) = ½.
func TestContestZeroZeroTie(t *testing.T) {
	const n = 60_000
	for _, c := range []struct {
		rule string
		p    float64
	}{{"flip-off", 0.75}, {"underdog", 0.5}} {
		b := compileYAML(t, duel("{tie-rule: "+c.rule+", round-cap: 1, s8-helpless: off}", side(one), side(zero)))
		var attacks, hits int64
		run(b, 4, n, func(o *rules.Outcome) {
			attacks += counter(b, o, "a.init-wins")
			hits += counter(b, o, "a.hits")
		})
		if z := zTest(float64(hits)/float64(attacks), c.p, c.p*(1-c.p), int(attacks)); math.Abs(z) > zMax {
			t.Errorf("%s: P(hit | attack) = %.4f, want %.2f (z = %.1f)", c.rule, float64(hits)/float64(attacks), c.p, z)
		}
	}
}

// TestPainOnlyFloorsAtZero: Attack 1 with carried Crippling 1 against
// Defense 0. Under total effAtk = 0 → automatic miss, never a hit. Under
// pain-only the penalty 0 < 1, effAtk is floored at 0, and the 0–0 tie goes
// to the Flip-Off: P(hit | attack) = ½.
func TestPainOnlyFloorsAtZero(t *testing.T) {
	const n = 40_000
	for _, c := range []struct {
		mode string
		p    float64
	}{{"total", 0}, {"pain-only", 0.5}} {
		b := compileYAML(t, duel("{s4-autofail: "+c.mode+", round-cap: 1, s8-helpless: off}", side(one, "crippling: 1"), side(zero)))
		var attacks, hits int64
		run(b, 5, n, func(o *rules.Outcome) {
			attacks += counter(b, o, "a.init-wins")
			hits += counter(b, o, "a.hits")
		})
		got := float64(hits) / float64(attacks)
		if c.p == 0 && hits != 0 || c.p > 0 && math.Abs(zTest(got, c.p, c.p*(1-c.p), int(attacks))) > zMax {
			t.Errorf("%s: P(hit | attack) = %.4f, want %.2f", c.mode, got, c.p)
		}
	}
}

// TestUnderdogTie: the SF2 rule (§2.3) with no draws when the pools differ
// and one coin when they are equal.
func TestUnderdogTie(t *testing.T) {
	b := compileYAML(t, duel("{tie-rule: underdog}", "{fighter: thug}", "{fighter: guard}")).(*duelBattle)
	f := b.NewFighter().(*duelFighter)
	r, ref := rules.NewRand(7, 7), rules.NewRand(7, 7)
	if !f.tie(r, 3, 5, 0, nil) {
		t.Error("3 coins against 5: the first player (fewer coins) must win")
	}
	if f.tie(r, 5, 3, 1, nil) {
		t.Error("5 coins against 3: the second player (fewer coins) must win")
	}
	if r.Uint64() != ref.Uint64() {
		t.Error("unequal pools must not draw")
	}
	for range 100 {
		if got, want := f.tie(r, 4, 4, 0, nil), ref.Coin(); got != want {
			t.Fatalf("equal pools: got %v, the coin says %v", got, want)
		}
	}
	if f.flipoffs != 102 {
		t.Errorf("flipoffs = %d, want 102 ties resolved", f.flipoffs)
	}
}

// TestLifeCheckDeath: one Life Coin makes a check every round and dies with
// probability ½ each (§2.9), so death comes in round k with probability 2^−k.
// Neither fighter can hit (Attack 0). Chi-square, false-alarm rate 0.1 %.
func TestLifeCheckDeath(t *testing.T) {
	b := compileYAML(t, duel("{s8-helpless: off, round-cap: 1000}", side(zero, "life_coins: 1", "s10-concession: never"), side(zero, "s10-concession: never")))
	obs := make([]int64, 31)
	prob := make([]float64, 31)
	for k := 1; k <= 30; k++ {
		prob[k] = math.Ldexp(1, -k)
	}
	prob[30] *= 2 // P(rounds ≥ 30)
	run(b, 6, 50_000, func(o *rules.Outcome) {
		if endName(b, o) != "death" || o.Winner != rules.B || counter(b, o, "a.coins-lost-check") != 1 || counter(b, o, "a.coins") != 0 || counter(b, o, "b.coins-lost-check") != 0 {
			t.Fatalf("outcome %+v", o)
		}
		obs[min(o.Rounds, 30)]++
	})
	if p := chiSquare(t, obs[1:], prob[1:]); p < alpha {
		t.Errorf("rounds to death with 1 coin: %v, chi-square p = %.2g", obs[1:8], p)
	}
	// Two coins: Geometric(¼) then Geometric(½) rounds, mean 4 + 2 = 6,
	// variance 12 + 2 = 14. z-test, false-alarm rate 6e-5.
	b = compileYAML(t, duel("{s8-helpless: off, round-cap: 100000}", side(zero, "life_coins: 2", "s10-concession: never"), side(zero, "s10-concession: never")))
	var sum float64
	const n = 50_000
	run(b, 7, n, func(o *rules.Outcome) { sum += float64(o.Rounds) })
	if z := zTest(sum/n, 6, 14, n); math.Abs(z) > zMax {
		t.Errorf("two coins: mean rounds to death %.3f, want 6 (z = %.1f)", sum/n, z)
	}
}

// TestLifeCheckThreshold: a fighter with more coins than the threshold never
// checks (§2.9: 16 or more coins ignore Life checks at the default 15).
func TestLifeCheckThreshold(t *testing.T) {
	for _, c := range []struct {
		threshold, coins int
		checks           bool
	}{{1, 2, false}, {2, 2, true}, {15, 16, false}, {16, 16, true}, {15, 15, true}, {0, 1, false}} {
		b := compileYAML(t, duel("{s8-helpless: off, round-cap: 20, life-check-threshold: "+itoa(c.threshold)+"}",
			side(zero, "life_coins: "+itoa(c.coins), "s10-concession: never"), side(zero, "s10-concession: never")))
		runF(b, 8, 200, func(o *rules.Outcome, f rules.Fighter) {
			st := f.(*duelFighter).st
			if c.checks && st[0].checks == 0 || !c.checks && (st[0].checks != 0 || o.Rounds != 20) {
				t.Fatalf("threshold %d, %d coins: %d checks in %d rounds", c.threshold, c.coins, st[0].checks, o.Rounds)
			}
			if st[1].checks != 0 {
				t.Fatalf("30 coins must not check")
			}
		})
	}
}

// TestLifeCheckTiming: §5 S7. B always hits A (Attack 40 against Defense 0,
// initiative 40 against 0) for Crippling D2ROLL(1), taking A from 16 to 15
// coins half the time, in round 1 of a one-round fight. end-of-round: A
// checks in the round it first drops to 15, so checks = Crippling level.
// start-of-round: the check comes before the blow, so A never checks.
func TestLifeCheckTiming(t *testing.T) {
	for _, mode := range []string{"end-of-round", "start-of-round"} {
		b := compileYAML(t, duel("{s7-life-check: "+mode+", round-cap: 1, s8-helpless: off}",
			side(zero, "life_coins: 16", "s10-concession: never"),
			side(strong, "weapon: {damage: 0, lethality: 1}", "s10-concession: never")))
		var dropped int
		runF(b, 9, 2000, func(o *rules.Outcome, f rules.Fighter) {
			st := f.(*duelFighter).st
			crip := counter(b, o, "a.crip")
			if counter(b, o, "b.hits") != 1 || crip != 16-counter(b, o, "a.coins")-counter(b, o, "a.coins-lost-check") {
				t.Fatalf("%s: outcome %+v", mode, o)
			}
			want := crip
			if mode == "start-of-round" {
				want = 0
			}
			if st[0].checks != want {
				t.Fatalf("%s: Crippling %d, %d Life checks, want %d", mode, crip, st[0].checks, want)
			}
			dropped += int(crip)
		})
		if dropped == 0 || dropped == 2000 {
			t.Fatalf("%s: the case never varied", mode)
		}
	}
	// With threshold 16 the start-of-round check comes in round 1.
	b := compileYAML(t, duel("{s7-life-check: start-of-round, life-check-threshold: 16, round-cap: 1, s8-helpless: off}",
		side(zero, "life_coins: 16", "s10-concession: never"), side(zero, "s10-concession: never")))
	runF(b, 10, 100, func(o *rules.Outcome, f rules.Fighter) {
		if f.(*duelFighter).st[0].checks != 1 {
			t.Fatal("16 coins, threshold 16: one check in round 1")
		}
	})
}

// TestHelpless: §5 S8. A Thug (Attack 6, Defense 8) carrying Crippling 8 is
// helpless at the end of round 1; carrying 7 it is not (Defense 8 − 7 > 0).
func TestHelpless(t *testing.T) {
	cases := []struct {
		opts, a, b string
		end        string
		winner     rules.Side
		rounds     int64
	}{
		{"{}", side("thug", "crippling: 8"), side("guard"), "helpless", rules.B, 1},
		{"{}", side("guard"), side("thug", "crippling: 8"), "helpless", rules.A, 1},
		{"{}", side("thug", "crippling: 8"), side("guard", "crippling: 7"), "helpless", rules.None, 1},
		// Guard (Attack 5, Defense 7) carrying 7 is helpless; Thug carrying 7 is not.
		{"{}", side("thug", "crippling: 7", "s10-concession: never"), side("guard", "crippling: 7"), "helpless", rules.A, 1},
		// s8-helpless off: the Thug never hits (6 − 8 < 0) and the Guard's
		// hits (Crippling ≤ 4 < 8) never cost coins: the round cap ends it.
		{"{s8-helpless: off, round-cap: 5}", side("thug", "crippling: 8", "s10-concession: never"), side("guard", "s10-concession: never"), "round-cap", rules.None, 5},
	}
	for i, c := range cases {
		b := compileYAML(t, duel(c.opts, c.a, c.b))
		run(b, 11, 500, func(o *rules.Outcome) {
			if endName(b, o) != c.end || o.Winner != c.winner || o.Rounds != c.rounds {
				t.Fatalf("case %d: end %s winner %s rounds %d; want %s %s %d", i, endName(b, o), o.Winner, o.Rounds, c.end, c.winner, c.rounds)
			}
		})
	}
}

// TestConcession: §5 S10 parsing and effect.
func TestConcession(t *testing.T) {
	good := map[string]concession{
		"never":                  never,
		"crippling>=3":           {crip: 3, coins: -1},
		"coins<=15":              {crip: -1, coins: 15},
		"crippling>=3,coins<=15": {crip: 3, coins: 15},
		"coins<=15,crippling>=3": {crip: 3, coins: 15},
		"crippling>=0, coins<=0": {crip: 0, coins: 0},
		" never ":                never,
	}
	for s, want := range good {
		c, err := parseConcession(s)
		if err != nil || c != want {
			t.Errorf("parseConcession(%q) = %+v, %v; want %+v", s, c, err, want)
		}
	}
	for _, s := range []string{"", "always", "crippling>3", "crippling>=", "crippling>=-1", "coins<=x",
		"coins<=1,coins<=2", "never,coins<=3", "crippling>=1,coins<=2,crippling>=3", "coins<=1001", "Crippling>=3"} {
		if _, err := parseConcession(s); err == nil {
			t.Errorf("parseConcession(%q) accepted", s)
		}
	}
	if got := (concession{crip: 3, coins: 15}).String(); got != defaultConcede {
		t.Errorf("String() = %q", got)
	}
	// Effect: coins<=30 and crippling>=0 concede at the end of round 1.
	for _, c := range []struct {
		a, b   string
		winner rules.Side
	}{
		{"coins<=30", "never", rules.B},
		{"never", "crippling>=0", rules.A},
		{"coins<=30", "crippling>=0", rules.None},
	} {
		b := compileYAML(t, duel("", side("thug", "s10-concession: '"+c.a+"'"), side("guard", "s10-concession: '"+c.b+"'")))
		run(b, 12, 200, func(o *rules.Outcome) {
			if endName(b, o) != "concession" || o.Winner != c.winner || o.Rounds != 1 {
				t.Fatalf("%s vs %s: %s winner %s after %d", c.a, c.b, endName(b, o), o.Winner, o.Rounds)
			}
		})
	}
}

// TestRoundCap: nobody can hit, concede or become helpless → round-cap.
func TestRoundCap(t *testing.T) {
	b := compileYAML(t, duel("{s8-helpless: off, round-cap: 37}", side(zero, "s10-concession: never"), side(zero, "s10-concession: never")))
	run(b, 13, 100, func(o *rules.Outcome) {
		if endName(b, o) != "round-cap" || o.Winner != rules.None || o.Rounds != 37 {
			t.Fatalf("%+v", o)
		}
	})
}

// TestMarginToPain: §5 S5. A weapon with damage 0 deals Pain only through
// the heads margin. B always hits (Attack 40 against Defense 0, so the
// margin is D2ROLL(40) ≥ 1).
func TestMarginToPain(t *testing.T) {
	for _, margin := range []string{"false", "true"} {
		b := compileYAML(t, duel("{s5-margin-to-pain: "+margin+", round-cap: 1, s8-helpless: off}",
			side(zero, "s10-concession: never"), side(strong, "weapon: {damage: 0, lethality: 0}")))
		run(b, 14, 500, func(o *rules.Outcome) {
			pain := counter(b, o, "a.pain")
			if counter(b, o, "b.hits") != 1 || margin == "false" && pain != 0 || margin == "true" && (pain < 1 || pain > 40) {
				t.Fatalf("margin %s: Pain %d", margin, pain)
			}
		})
	}
}

// TestCripplingCoinsInFight: §5 S6 over whole fights. Under
// highwater-increase the coins lost to Crippling equal the rise of the
// Crippling level exactly (so with 30 coins nobody reaches 15 and makes Life
// checks, §5); under every-hit they are at least that, and more in some
// fights.
func TestCripplingCoinsInFight(t *testing.T) {
	for _, mode := range []string{"highwater-increase", "every-hit"} {
		b := compileYAML(t, duel("{s6-crippling-coins: "+mode+"}", side("guard", "s10-concession: never"), side("thug", "crippling: 1", "s10-concession: never")))
		more := 0
		run(b, 15, 3000, func(o *rules.Outcome) {
			lost := counter(b, o, "b.coins-lost") - counter(b, o, "b.coins-lost-check")
			rise := counter(b, o, "b.crip") - 1
			if mode == "highwater-increase" && counter(b, o, "b.coins-lost-check") != 0 || counter(b, o, "b.coins-lost")+counter(b, o, "b.coins") != 30 {
				t.Fatalf("%s: %+v", mode, o)
			}
			switch {
			case mode == "highwater-increase" && lost != rise, mode == "every-hit" && lost < rise:
				t.Fatalf("%s: lost %d coins, Crippling rose by %d", mode, lost, rise)
			case lost > rise:
				more++
			}
		})
		if mode == "every-hit" && more == 0 {
			t.Errorf("every-hit never removed more than the rise")
		}
	}
}

// TestBothStrike: §5 S2. A's initiative pool is 0 against 40, so A (almost)
// never wins initiative; under one-blow it never attacks, under both-strike
// it strikes back every round. Both have Attack 40 and Defense 40
// (s3-defense armor-combat).
func TestBothStrike(t *testing.T) {
	a := side("{strength: 60, dexterity: 0, training: 0, weapon: fisticuffs}", "s10-concession: never")
	// fisticuffs: cp3 = 60·2 = 120 → Attack 40; B: training 40 → Attack 40.
	for _, mode := range []string{"one-blow", "both-strike"} {
		b := compileYAML(t, duel("{s2-exchange: "+mode+", s3-defense: armor-combat, round-cap: 10}", a, side(strong, "s10-concession: never")))
		var hitsA, attacksB int64
		run(b, 16, 2000, func(o *rules.Outcome) {
			if counter(b, o, "a.init-wins") != 0 {
				t.Fatalf("A won initiative")
			}
			hitsA += counter(b, o, "a.hits")
			attacksB += counter(b, o, "b.init-wins")
		})
		if mode == "one-blow" && hitsA != 0 || mode == "both-strike" && hitsA == 0 {
			t.Errorf("%s: A hit %d times in %d rounds", mode, hitsA, attacksB)
		}
	}
}

// TestOpeningsPick: §5 S9 selection. A fighter sees max(1, D2ROLL(training))
// moves, uniformly without replacement, and takes the best seen, the first
// listed on ties.
func TestOpeningsPick(t *testing.T) {
	f := &duelFighter{perm: make([]int, 8)}
	// All seen (D2ROLL(200) ≥ 4 but for 2^−190 odds): the best is index 1,
	// the first listed of the tied 3s, and no IntN draw is made.
	r, ref := rules.NewRand(1, 2), rules.NewRand(1, 2)
	for range 100 {
		best, roll, seen := f.pick(r, 200, []int{1, 3, 3, 2})
		ref.Heads(200)
		if best != 1 || seen != 4 || roll < 4 {
			t.Fatalf("all seen: best %d seen %d roll %d", best, seen, roll)
		}
	}
	if r.Uint64() != ref.Uint64() {
		t.Fatal("seeing every move must draw only D2ROLL(training)")
	}
	// Exact probabilities of taking the better of two moves (scores 0, 5):
	// training 0 or 1 → one move seen, uniform: ½. Training 2 → D2ROLL(2) is
	// 0, 1, 2 with ¼, ½, ¼, so one move is seen with ¾ and both with ¼:
	// ¾·½ + ¼ = 5/8. z-tests, false-alarm rate 6e-5 each.
	const n = 60_000
	for _, c := range []struct {
		training int
		p        float64
	}{{0, 0.5}, {1, 0.5}, {2, 0.625}} {
		r := rules.NewRand(3, uint64(c.training))
		var good int
		for range n {
			if best, _, _ := f.pick(r, c.training, []int{0, 5}); best == 1 {
				good++
			}
		}
		if z := zTest(float64(good)/n, c.p, c.p*(1-c.p), n); math.Abs(z) > zMax {
			t.Errorf("training %d: P(best) = %.4f, want %.4f", c.training, float64(good)/n, c.p)
		}
	}
	// The seen sets are uniform: with 4 moves and exactly 2 seen, each of
	// the 6 pairs has probability 1/6. Chi-square, false-alarm rate 0.1 %.
	r = rules.NewRand(4, 4)
	obs := make([]int64, 16)
	var pairs int
	for pairs < 60_000 {
		_, _, seen := f.pick(r, 3, []int{0, 0, 0, 0})
		if seen == 2 {
			obs[1<<f.perm[0]|1<<f.perm[1]]++
			pairs++
		}
	}
	var o6 []int64
	for m, c := range obs {
		if bitsSet(m) == 2 {
			o6 = append(o6, c)
		} else if c != 0 {
			t.Fatalf("seen set %b", m)
		}
	}
	if p := chiSquare(t, o6, []float64{1. / 6, 1. / 6, 1. / 6, 1. / 6, 1. / 6, 1. / 6}); p < alpha {
		t.Errorf("pairs seen %v, chi-square p = %.2g", o6, p)
	}
}

func bitsSet(m int) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

// TestOpeningsMods: under openings the attack move's attack_mod adds to
// Attack before penalties; a single move with attack_mod −100 makes every
// attack an automatic miss. Under generic the listed moves are unused.
func TestOpeningsMods(t *testing.T) {
	a := side("thug", "s10-concession: never", "moves: {attack: [{name: flail, attack_mod: -100}]}")
	for _, mode := range []string{"generic", "openings"} {
		b := compileYAML(t, duel("{s9-moves: "+mode+", round-cap: 30}", a, side("guard", "s10-concession: never")))
		var hits int64
		run(b, 17, 500, func(o *rules.Outcome) { hits += counter(b, o, "a.hits") })
		if mode == "openings" && hits != 0 || mode == "generic" && hits == 0 {
			t.Errorf("%s: %d hits", mode, hits)
		}
		// generic: a's moves are unused; openings: a lists no defense, b no moves.
		if want := map[string]int{"generic": 1, "openings": 2}[mode]; len(b.Spec().Notes) != want {
			t.Errorf("%s: notes %q", mode, b.Spec().Notes)
		}
	}
	// A defense move's defense_mod adds to Defense: +100 makes A unhittable
	// unless a tie... Attack 5 can never reach 100+ heads.
	b := compileYAML(t, duel("{s9-moves: openings, round-cap: 30}",
		side("thug", "s10-concession: never", "moves: {defense: [{name: turtle, defense_mod: 100}]}"), side("guard", "s10-concession: never")))
	run(b, 18, 500, func(o *rules.Outcome) {
		if counter(b, o, "b.hits") != 0 {
			t.Fatal("defense_mod 100 was hit")
		}
	})
	// Damage profile of the move replaces the weapon's: lethality 0 → no Crippling.
	b = compileYAML(t, duel("{s9-moves: openings, round-cap: 30}",
		side("guard", "s10-concession: never", "moves: {attack: [{name: flat of the blade, lethality: 0}]}"), side("thug", "s10-concession: never")))
	var hits int64
	run(b, 19, 500, func(o *rules.Outcome) {
		hits += counter(b, o, "a.hits")
		if counter(b, o, "b.crip") != 0 {
			t.Fatal("a lethality-0 move crippled")
		}
	})
	if hits == 0 {
		t.Fatal("no hits")
	}
}

// TestBoutsCarryOver: §5 S11. A hits every round (initiative 40 against 0,
// Attack 40 against Defense 0) with damage 60 and lethality 60; B has 1000
// coins; each bout lasts one round (round-cap 1). Crippling carries, so the
// coins lost equal the final (highest) level; Pain resets, so the final Pain
// is one D2ROLL(60) (mean 30, variance 15) and not the larger maximum of three.
func TestBoutsCarryOver(t *testing.T) {
	b := compileYAML(t, duel("{bouts: 3, round-cap: 1, s8-helpless: off}",
		side(strong, "weapon: {damage: 60, lethality: 60}", "s10-concession: never"),
		side(zero, "life_coins: 1000", "s10-concession: never")))
	const n = 20_000
	var painSum, cripSum float64
	run(b, 20, n, func(o *rules.Outcome) {
		if o.Rounds != 3 || endName(b, o) != "round-cap" || o.Winner != rules.None ||
			counter(b, o, "a.hits") != 3 || counter(b, o, "a.bouts-won") != 0 ||
			counter(b, o, "b.coins-lost") != counter(b, o, "b.crip") {
			t.Fatalf("%+v", o)
		}
		painSum += float64(counter(b, o, "b.pain"))
		cripSum += float64(counter(b, o, "b.crip"))
	})
	if z := zTest(painSum/n, 30, 15, n); math.Abs(z) > zMax {
		t.Errorf("final Pain mean %.3f, want 30 (Pain must reset between bouts), z = %.1f", painSum/n, z)
	}
	if cripSum/n < 31.5 { // E[max of three D2ROLL(60)] ≈ 32.3
		t.Errorf("final Crippling mean %.3f: Crippling must carry over", cripSum/n)
	}
	// The trial stops at the first death: B with 2 coins dies in bout 1.
	b = compileYAML(t, duel("{bouts: 3, round-cap: 1}",
		side(strong, "weapon: {damage: 60, lethality: 60}"), side(zero, "life_coins: 2")))
	run(b, 21, 500, func(o *rules.Outcome) {
		if o.Rounds != 1 || endName(b, o) != "death" || o.Winner != rules.A || counter(b, o, "a.bouts-won") != 1 {
			t.Fatalf("%+v", o)
		}
	})
	// Bout wins decide: B concedes every bout at the end of round 1.
	b = compileYAML(t, duel("{bouts: 3}", side("guard", "s10-concession: never"), side("thug", "s10-concession: 'crippling>=0'")))
	run(b, 22, 500, func(o *rules.Outcome) {
		if o.Rounds != 3 || endName(b, o) != "concession" || o.Winner != rules.A || counter(b, o, "a.bouts-won") != 3 || counter(b, o, "b.bouts-won") != 0 {
			t.Fatalf("%+v", o)
		}
	})
}

func itoa(i int) string { return strconv.Itoa(i) }

// TestDrawOrder derives one round by hand from the stream (§7, §10): A has
// initiative pool 40 and Attack 40, B pool 0 and Defense 0. The draws are
// D2ROLL(40) for A's initiative (B's D2ROLL(0) and A's pain D2ROLL(0) draw
// nothing), D2ROLL(40) for the attack, and the damage channels in the order
// Pain D2ROLL(3), Incapacitation D2ROLL(1), Crippling D2ROLL(2). Nobody has
// 15 coins or fewer, so no Life check draws.
func TestDrawOrder(t *testing.T) {
	b := compileYAML(t, duel("{round-cap: 1, s8-helpless: off}",
		side(strong, "weapon: {damage: 3, lethality: 2, incap: 1}"), side(zero, "s10-concession: never")))
	f := b.NewFighter()
	o := &rules.Outcome{Counters: make([]int64, len(b.Spec().Counters))}
	for i := range uint64(300) {
		r, ref := rules.NewRand(41, i), rules.NewRand(41, i)
		init, hits := ref.Heads(40), ref.Heads(40)
		if init == 0 || hits == 0 {
			continue // 2^−40: a tie, not the case derived here
		}
		dp, di, dc := ref.Heads(3), ref.Heads(1), ref.Heads(2)
		o.Reset()
		f.Fight(0, r, o)
		if counter(b, o, "b.pain") != int64(dp) || counter(b, o, "b.incap") != int64(di) || counter(b, o, "b.crip") != int64(dc) ||
			counter(b, o, "b.coins") != int64(30-dc) || counter(b, o, "a.hits") != 1 || counter(b, o, "flipoffs") != 0 {
			t.Fatalf("trial %d: %+v, by hand Pain %d Incap %d Crip %d", i, o, dp, di, dc)
		}
		if r.Uint64() != ref.Uint64() {
			t.Fatalf("trial %d: the fight drew differently from §10's order", i)
		}
	}
}
