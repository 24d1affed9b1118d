package ec4x

import (
	"math/bits"
	"strconv"
)

// This file is the November 2025 test-suite generator of §5
// (tests/combat_generator.nim @ff897a4f): Nim's std/random reproduced bit
// for bit (§5.1), the fleet builder (§5.2) and the 11 scenario types
// (§5.3). Test i of generateTestSuite(base, n) depends on base and i only,
// so a suite of any size is a prefix of every larger one.

// NimRand is Nim 1.6's std/random generator, xoroshiro128+ (§5.1).
type NimRand struct{ a0, a1 uint64 }

// nimJump is the jump polynomial of Nim's skipRandomNumbers (§5.1).
var nimJump = [2]uint64{0xbeac0467eba5facb, 0xd86b048b86aa9922}

// Next returns the next 64-bit value (§5.1 next()).
func (r *NimRand) Next() uint64 {
	s0, s1 := r.a0, r.a1
	result := s0 + s1
	s1 ^= s0
	r.a0 = bits.RotateLeft64(s0, 55) ^ s1 ^ (s1 << 14)
	r.a1 = bits.RotateLeft64(s1, 36)
	return result
}

// jumpSlow is §5.1's Jump as Nim writes it: for each bit of the jump
// polynomial, fold the state into the result when the bit is set, and step.
func (r *NimRand) jumpSlow() {
	var t0, t1 uint64
	for _, w := range nimJump {
		for b := range 64 {
			if w&(1<<b) != 0 {
				t0 ^= r.a0
				t1 ^= r.a1
			}
			r.Next()
		}
	}
	r.a0, r.a1 = t0, t1
}

// jumpImage[k] is the jump of the state whose only set bit is bit k (bits
// 0-63 of a0, then 64-127 of a1). Next is linear over GF(2) — rotations,
// shifts and exclusive ors — and so is the jump, so the jump of any state
// is the exclusive or of the images of its set bits: a seed's 20-odd set
// bits instead of 128 steps (§5.1; TestJumpTable checks it against
// jumpSlow).
var jumpImage = func() (img [128][2]uint64) {
	for k := range 128 {
		var r NimRand
		if k < 64 {
			r.a0 = 1 << k
		} else {
			r.a1 = 1 << (k - 64)
		}
		r.jumpSlow()
		img[k] = [2]uint64{r.a0, r.a1}
	}
	return img
}()

// jump advances the state by 2^64 draws (§5.1 Jump), by the table.
func (r *NimRand) jump() {
	var t0, t1 uint64
	for w := r.a0; w != 0; w &= w - 1 {
		k := bits.TrailingZeros64(w)
		t0 ^= jumpImage[k][0]
		t1 ^= jumpImage[k][1]
	}
	for w := r.a1; w != 0; w &= w - 1 {
		k := 64 + bits.TrailingZeros64(w)
		t0 ^= jumpImage[k][0]
		t1 ^= jumpImage[k][1]
	}
	r.a0, r.a1 = t0, t1
}

// InitNimRand returns initRand(seed) (§5.1): 0 becomes 2147483647, the
// state is split from the seed, jumped, and one value is discarded.
func InitNimRand(seed int64) NimRand {
	if seed == 0 {
		seed = 2147483647
	}
	r := NimRand{a0: uint64(seed >> 16), a1: uint64(seed & 0xffff)}
	r.jump()
	r.Next()
	return r
}

// Max returns randMax(m) (§5.1): 0 without a draw when m is 0; otherwise
// draws until x ≤ M − (M mod m) — Nim's bound, mod m and not m + 1 — and
// returns x mod (m + 1).
func (r *NimRand) Max(m uint64) uint64 {
	if m == 0 {
		return 0
	}
	const maxU = ^uint64(0)
	limit := maxU - maxU%m
	if m < uint64(len(randLimits)) {
		limit = randLimits[m]
	}
	for {
		x := r.Next()
		if x <= limit {
			return modSmall(x, m+1)
		}
	}
}

// randLimits[m] is M − (M mod m) for the small bounds the generator uses,
// computed once: a division per draw is most of a fleet's cost.
var randLimits = func() (l [64]uint64) {
	const maxU = ^uint64(0)
	for m := uint64(1); m < uint64(len(l)); m++ {
		l[m] = maxU - maxU%m
	}
	return l
}()

// modSmall returns x mod n, by a constant divisor (a multiplication) for the
// n the generator's ranges and samples use (§5.2, §5.3).
func modSmall(x, n uint64) uint64 {
	switch n {
	case 2:
		return x % 2
	case 3:
		return x % 3
	case 4:
		return x % 4
	case 5:
		return x % 5
	case 6:
		return x % 6
	case 41:
		return x % 41
	}
	return x % n
}

// Range returns rand(a..b) = randMax(b − a) + a (§5.1).
func (r *NimRand) Range(a, b int) int { return int(r.Max(uint64(b-a))) + a }

// fleetConfig is one generator configuration of §5.2.
type fleetConfig struct {
	classes        []Class
	minSq, maxSq   int
	minEsc, maxEsc int
}

// The four configurations of §5.2.
var (
	cfgDefault      = fleetConfig{[]Class{Fighter, Destroyer, Cruiser, Battleship}, 1, 5, 1, 4}
	cfgFighterHeavy = fleetConfig{[]Class{Fighter, Carrier}, 3, 8, 1, 4}
	cfgCapital      = fleetConfig{[]Class{Cruiser, HeavyCruiser, Battleship, Dreadnought}, 1, 5, 2, 5}
	cfgRaider       = fleetConfig{[]Class{Raider, Scout}, 2, 4, 1, 4}
)

func (c fleetConfig) withMax(maxSq int) fleetConfig { c.maxSq = maxSq; return c }

// SuiteTypes are the scenario types of §5.3, indexed by i mod 11.
var SuiteTypes = [11]string{
	"balanced", "asymmetric", "fighter_vs_capital", "raider_ambush",
	"multi_faction_3", "multi_faction_4", "multi_faction_6", "multi_faction_12",
	"tech_mismatch", "home_defense", "merged_fleet",
}

// multiFactionSizes gives the task forces of types 4-7 (§5.3).
var multiFactionSizes = [4]int{3, 4, 6, 12}

// Generator bounds: the most the §5 configurations can make.
const (
	genMaxSquadrons = 12 * 4 // 12 TFs of at most 4; fighterHeavy makes 8, merged_fleet 5
	genMaxShips     = genMaxSquadrons * 5
)

// houseLetters are the multi-faction houses house-A … house-L (§5.3).
var houseLetters = [12]string{"house-A", "house-B", "house-C", "house-D", "house-E", "house-F",
	"house-G", "house-H", "house-I", "house-J", "house-K", "house-L"}

// DefaultBaseSeed and DefaultSuiteCount are generateTestSuite(12345, 500)'s
// arguments, the fixture's suite (§6).
const (
	DefaultBaseSeed   = 12345
	DefaultSuiteCount = 500
)

// Suite is a generated suite (§2.3 `suite:`, §5): trial i plays test i.
type Suite struct {
	BaseSeed int64
	// Count is the suite's size: the trials a run plays by default. Test i
	// is the same battle whatever the size, so a run may play more.
	Count int64
}

// Test says which battle test i of a suite is (§5.3).
type Test struct {
	Index int64
	Type  int // index in SuiteTypes
	Seed  int64
}

// Test returns test i (0-based) of the suite.
func (s *Suite) Test(i int64) Test {
	return Test{Index: i, Type: int(i % int64(len(SuiteTypes))), Seed: s.BaseSeed + 1000*i}
}

// Name is the test's name, `{type}_{i+1}` (§5.3).
func (t Test) Name() string { return SuiteTypes[t.Type] + "_" + strconv.FormatInt(t.Index+1, 10) }

// TypeName is the test's scenario type.
func (t Test) TypeName() string { return SuiteTypes[t.Type] }

// generated is the scratch space the generator fills for one test, so that
// a suite trial allocates nothing: the task forces, their squadrons and
// the escorts' classes.
type generated struct {
	tfs   [MaxTaskForces]TaskForce
	sqs   [genMaxSquadrons]Squadron
	esc   [genMaxShips]Class
	ntf   int
	nsq   int
	nesc  int
	ships *Table
}

// TaskForces returns the generated task forces.
func (g *generated) TaskForces() []TaskForce { return g.tfs[:g.ntf] }

// addTF starts a task force with the configuration's defaults (§5.2: tech
// 1, ROE 6, prestige 50).
func (g *generated) addTF(house string, prestige int) *TaskForce {
	tf := &g.tfs[g.ntf]
	g.ntf++
	*tf = TaskForce{House: house, ROE: 6, Prestige: prestige, ELI: 1, CLK: 1, Squadrons: g.sqs[g.nsq:g.nsq]}
	return tf
}

// fleet appends fleet(cfg, house, seed) (§5.2) to tf, its squadrons built
// at the given tech. The ids restart at 1 for every fleet: merged_fleet's
// two fleets repeat them (§5.3 notes).
func (g *generated) fleet(tf *TaskForce, cfg fleetConfig, seed int64, tech int) {
	r := InitNimRand(seed)
	n := r.Range(cfg.minSq, cfg.maxSq)
	pick := func() Class { return cfg.classes[r.Range(0, len(cfg.classes)-1)] }
	for k := 1; k <= n; k++ {
		flagship := pick()
		attempts := r.Range(cfg.minEsc, cfg.maxEsc)
		room := g.ships.Stats[flagship].CR
		start := g.nesc
		for range attempts {
			c := pick()
			if cc := g.ships.Stats[c].CC; cc <= room {
				room -= cc
				g.esc[g.nesc] = c
				g.nesc++
			}
		}
		g.sqs[g.nsq] = Squadron{K: k, Flagship: flagship, Escorts: g.esc[start:g.nesc:g.nesc], Tech: tech}
		g.nsq++
		tf.Squadrons = tf.Squadrons[:len(tf.Squadrons)+1]
	}
}

// simple adds a task force made of one fleet (§5.3 rows 0-3, 8, 9).
func (g *generated) simple(house string, cfg fleetConfig, seed int64, tech, prestige int, homeworld bool) {
	tf := g.addTF(house, prestige)
	tf.Homeworld = homeworld
	g.fleet(tf, cfg, seed, tech)
}

// Generate fills g with the task forces of test t (§5.3), with CC and CR
// from the ship table (§5.2).
func (g *generated) Generate(t Test, ships *Table) {
	g.ntf, g.nsq, g.nesc, g.ships = 0, 0, 0, ships
	s := t.Seed
	switch t.Type {
	case 0: // balanced
		g.simple("house-alpha", cfgDefault, s, 1, 50, false)
		g.simple("house-beta", cfgDefault, s+1, 1, 50, false)
	case 1: // asymmetric
		g.simple("house-alpha", cfgDefault.withMax(5), s, 1, 70, false)
		g.simple("house-beta", cfgDefault.withMax(2), s+1, 1, 30, false)
	case 2: // fighter_vs_capital
		g.simple("house-fighters", cfgFighterHeavy, s, 1, 50, false)
		g.simple("house-capitals", cfgCapital, s+1, 1, 50, false)
	case 3: // raider_ambush
		g.simple("house-raiders", cfgRaider, s, 1, 50, false)
		g.simple("house-target", cfgDefault, s+1, 1, 50, false)
	case 4, 5, 6, 7: // multi_faction_N
		r := InitNimRand(s)
		for j := range multiFactionSizes[t.Type-4] {
			tech := r.Range(0, 3)
			maxSq := r.Range(1, 4)
			prestige := r.Range(30, 70)
			g.simple(houseLetters[j], cfgDefault.withMax(maxSq), s+100*int64(j), tech, prestige, false)
		}
	case 8: // tech_mismatch
		g.simple("house-advanced", cfgDefault.withMax(2), s, 3, 80, false)
		g.simple("house-primitive", cfgDefault.withMax(5), s+1, 0, 40, false)
	case 9: // home_defense
		g.simple("house-invader", cfgDefault.withMax(4), s, 2, 60, false)
		g.simple("house-defender", cfgDefault.withMax(3), s+1, 1, 70, true)
	case 10: // merged_fleet
		r := InitNimRand(s)
		tech1 := r.Range(1, 2)
		alpha := g.addTF("house-alpha", 60)
		g.fleet(alpha, cfgDefault.withMax(3), s, tech1)
		tech2 := r.Range(1, 2)
		g.fleet(alpha, cfgDefault.withMax(2), s+100, tech2)
		techBeta := r.Range(0, 1)
		g.simple("house-beta", cfgDefault.withMax(4), s+200, techBeta, 50, false)
	}
}
