package emojispace

// Band is one of a ship's three bands, and the subsystem of the same name
// (§9, §13): weapon, defense, engine.
type Band uint8

const (
	Weapon Band = iota
	Defense
	Engine
	noBand Band = 255 // a module with no numeric bonus (§6)
)

// bandNames are the bands' names as ship_state writes them
// (degradation_state keys, §3).
var bandNames = [3]string{"weapon", "defense", "engine"}

func (b Band) String() string {
	if b < 3 {
		return bandNames[b]
	}
	return "none"
}

// Frame is a hull's frame (§4).
type Frame uint8

const (
	frameCIV Frame = iota
	frameFRG
	frameMIL
	frameXA
	frameXB
	frameXC
	frameALN
	numFrames
)

var frameNames = [numFrames]string{"CIV", "FRG", "MIL", "XA", "XB", "XC", "ALN"}

func (f Frame) String() string { return frameNames[f] }

// frameHullBias is the frame hull bias of §4 (contract §6).
var frameHullBias = [numFrames]int{frameCIV: 0, frameFRG: 3, frameMIL: 2, frameXA: 0, frameXB: -2, frameXC: 4, frameALN: 1}

// Experimental reports whether the frame carries ship:trait_experimental
// (§4: XA, XB, XC), which decides the prototype secondary (§7).
func (f Frame) Experimental() bool { return f == frameXA || f == frameXB || f == frameXC }

// Alien reports whether the frame carries ship:trait_alien (§4: ALN), which
// decides the alien secondary (§7).
func (f Frame) Alien() bool { return f == frameALN }

// Rarity is a hull's or module's rarity (§5, §6).
type Rarity uint8

const (
	rarityCommon Rarity = iota
	rarityUncommon
	rarityRare
	rarityUnique
)

var rarityNames = [...]string{"common", "uncommon", "rare", "unique"}

func (r Rarity) String() string { return rarityNames[r] }

// Slot is a slot type (§5): the three typed ones and untyped.
type Slot uint8

const (
	slotWeapon Slot = iota
	slotDefense
	slotUtility
	slotUntyped
)

var slotNames = [...]string{"weapon", "defense", "utility", "untyped"}

func (s Slot) String() string { return slotNames[s] }

// availability says where a hull is sold (§5 flags); the generator does not
// consult it (§19 step 3).
type availability uint8

const (
	sold availability = iota
	missionOnly
	eventOnly
)

// bandBaseline and hullBaseline are the tier baselines of §4, indexed by
// tier (1–5).
var (
	bandBaseline = [6]int{0, 1, 1, 2, 2, 3}
	hullBaseline = [6]int{0, 8, 10, 12, 15, 18}
)

// Hull is one row of the hull catalogue (§5, from data/hulls.json). Its
// `bias.hull` field is ignored by the game (§22 row 2), so it is not kept.
type Hull struct {
	ID     string
	Tier   int
	Frame  Frame
	Rarity Rarity
	// Slots are the weapon, defense, utility and untyped slots.
	Slots [4]int
	// Bias is the band bias per hull for weapon, defense, engine (§22 row 1).
	Bias    [3]int
	CrewCap int
	avail   availability
}

// TotalSlots returns the number of slots of all four types.
func (h *Hull) TotalSlots() int { return h.Slots[0] + h.Slots[1] + h.Slots[2] + h.Slots[3] }

// Hulls is the hull catalogue of §5 in its order, which the NPC generator
// walks (§19 step 3).
var Hulls = [...]Hull{
	{"civ_t1_midge", 1, frameCIV, rarityCommon, [4]int{1, 2, 1, 0}, [3]int{0, 0, 0}, 0, sold},
	{"civ_t1_gnat", 1, frameCIV, rarityUncommon, [4]int{1, 2, 1, 0}, [3]int{0, 0, 1}, 1, sold},
	{"civ_t2_fly", 2, frameCIV, rarityCommon, [4]int{1, 2, 2, 0}, [3]int{0, 0, 0}, 1, sold},
	{"civ_t2_fruitfly", 2, frameCIV, rarityUncommon, [4]int{1, 2, 2, 0}, [3]int{0, 1, -1}, 1, sold},
	{"civ_t3_mosquito", 3, frameCIV, rarityUncommon, [4]int{2, 2, 2, 0}, [3]int{0, 0, 1}, 2, sold},
	{"civ_t3_crane_fly", 3, frameCIV, rarityRare, [4]int{2, 2, 2, 0}, [3]int{0, 1, 0}, 3, sold},
	{"civ_t4_firefly", 4, frameCIV, rarityUncommon, [4]int{2, 2, 3, 0}, [3]int{0, 1, 1}, 3, sold},
	{"civ_t4_lightning_bug", 4, frameCIV, rarityRare, [4]int{2, 2, 3, 0}, [3]int{0, 2, 0}, 4, sold},
	{"civ_t5_cicada", 5, frameCIV, rarityRare, [4]int{3, 2, 3, 0}, [3]int{1, 2, 1}, 4, sold},
	{"civ_t5_katydid", 5, frameCIV, rarityUnique, [4]int{3, 2, 3, 0}, [3]int{1, 1, 2}, 5, sold},
	{"frg_t1_ant", 1, frameFRG, rarityCommon, [4]int{1, 1, 2, 0}, [3]int{-1, 0, -1}, 1, sold},
	{"frg_t1_carpenter_ant", 1, frameFRG, rarityUncommon, [4]int{1, 1, 2, 0}, [3]int{-1, 0, 0}, 2, sold},
	{"frg_t2_cricket", 2, frameFRG, rarityCommon, [4]int{1, 1, 3, 0}, [3]int{-1, 0, -1}, 2, sold},
	{"frg_t2_mole_cricket", 2, frameFRG, rarityUncommon, [4]int{1, 1, 3, 0}, [3]int{-1, 1, -1}, 2, sold},
	{"frg_t3_beetle", 3, frameFRG, rarityUncommon, [4]int{1, 2, 3, 0}, [3]int{-1, 0, -1}, 3, sold},
	{"frg_t3_stag_beetle", 3, frameFRG, rarityRare, [4]int{1, 2, 3, 0}, [3]int{-1, 1, -2}, 3, sold},
	{"frg_t4_grasshopper", 4, frameFRG, rarityUncommon, [4]int{1, 2, 4, 0}, [3]int{-1, 1, -1}, 4, sold},
	{"frg_t4_locust", 4, frameFRG, rarityRare, [4]int{1, 2, 4, 0}, [3]int{-2, 1, 0}, 4, sold},
	{"frg_t5_scarab", 5, frameFRG, rarityRare, [4]int{1, 2, 5, 0}, [3]int{-1, 2, -1}, 5, sold},
	{"frg_t5_rhino_beetle", 5, frameFRG, rarityUnique, [4]int{1, 2, 5, 0}, [3]int{-1, 3, -2}, 5, sold},
	{"mil_t1_wasp", 1, frameMIL, rarityCommon, [4]int{2, 1, 1, 0}, [3]int{1, 0, -1}, 1, sold},
	{"mil_t1_paper_wasp", 1, frameMIL, rarityUncommon, [4]int{2, 1, 1, 0}, [3]int{2, -1, -1}, 2, sold},
	{"mil_t2_hornet", 2, frameMIL, rarityCommon, [4]int{3, 1, 1, 0}, [3]int{2, 0, -1}, 2, sold},
	{"mil_t2_murder_hornet", 2, frameMIL, rarityUncommon, [4]int{3, 1, 1, 0}, [3]int{3, -1, -1}, 2, sold},
	{"mil_t3_mantis", 3, frameMIL, rarityUncommon, [4]int{3, 2, 1, 0}, [3]int{3, 1, -1}, 3, sold},
	{"mil_t3_orchid_mantis", 3, frameMIL, rarityRare, [4]int{3, 2, 1, 0}, [3]int{3, 0, 0}, 3, sold},
	{"mil_t4_scorpion", 4, frameMIL, rarityUncommon, [4]int{3, 3, 1, 0}, [3]int{4, 2, -1}, 4, sold},
	{"mil_t4_emperor_scorpion", 4, frameMIL, rarityRare, [4]int{3, 3, 1, 0}, [3]int{5, 1, -1}, 4, sold},
	{"mil_t5_dragonfly", 5, frameMIL, rarityRare, [4]int{4, 3, 1, 0}, [3]int{5, 3, -1}, 5, sold},
	{"mil_t5_hawker", 5, frameMIL, rarityUnique, [4]int{4, 3, 1, 0}, [3]int{5, 2, 0}, 5, sold},
	{"xa_t1_nova", 1, frameXA, rarityUncommon, [4]int{1, 1, 3, 0}, [3]int{0, 0, 1}, 1, missionOnly},
	{"xa_t2_comet", 2, frameXA, rarityUncommon, [4]int{1, 1, 4, 0}, [3]int{0, 0, 2}, 2, missionOnly},
	{"xa_t3_nebula", 3, frameXA, rarityRare, [4]int{2, 1, 4, 0}, [3]int{0, 1, 3}, 3, missionOnly},
	{"xa_t4_pulsar", 4, frameXA, rarityUnique, [4]int{2, 2, 4, 0}, [3]int{1, 1, 4}, 4, missionOnly},
	{"xa_t5_quasar", 5, frameXA, rarityUnique, [4]int{2, 2, 5, 0}, [3]int{2, 2, 5}, 5, missionOnly},
	{"xb_t1_flare", 1, frameXB, rarityUncommon, [4]int{3, 1, 1, 0}, [3]int{2, 0, -1}, 1, missionOnly},
	{"xb_t2_eclipse", 2, frameXB, rarityUncommon, [4]int{3, 1, 2, 0}, [3]int{3, 0, -1}, 2, missionOnly},
	{"xb_t3_magnetar", 3, frameXB, rarityRare, [4]int{4, 1, 2, 0}, [3]int{4, 0, -1}, 3, missionOnly},
	{"xb_t4_supernova", 4, frameXB, rarityUnique, [4]int{4, 2, 2, 0}, [3]int{5, 1, -1}, 4, missionOnly},
	{"xb_t5_cataclysm", 5, frameXB, rarityUnique, [4]int{5, 2, 2, 0}, [3]int{6, 2, -1}, 5, missionOnly},
	{"xc_t1_aegis", 1, frameXC, rarityUncommon, [4]int{1, 3, 1, 0}, [3]int{0, 2, -1}, 1, missionOnly},
	{"xc_t2_bastion", 2, frameXC, rarityUncommon, [4]int{1, 3, 2, 0}, [3]int{0, 3, -1}, 2, missionOnly},
	{"xc_t3_bulwark", 3, frameXC, rarityRare, [4]int{2, 3, 2, 0}, [3]int{0, 4, -1}, 3, missionOnly},
	{"xc_t4_citadel", 4, frameXC, rarityUnique, [4]int{2, 4, 2, 0}, [3]int{1, 5, -1}, 4, missionOnly},
	{"xc_t5_sentinel", 5, frameXC, rarityUnique, [4]int{3, 4, 2, 0}, [3]int{2, 6, -1}, 5, missionOnly},
	{"aln_t1_trilobite", 1, frameALN, rarityRare, [4]int{1, 1, 1, 1}, [3]int{0, 0, 1}, 0, eventOnly},
	{"aln_t2_tardigrade", 2, frameALN, rarityRare, [4]int{1, 1, 2, 1}, [3]int{0, 1, 1}, 1, eventOnly},
	{"aln_t3_nautiloid", 3, frameALN, rarityUnique, [4]int{1, 1, 2, 2}, [3]int{1, 1, 2}, 2, eventOnly},
	{"aln_t4_axolotl", 4, frameALN, rarityUnique, [4]int{2, 1, 2, 2}, [3]int{2, 2, 3}, 3, eventOnly},
	{"aln_t5_coelacanth", 5, frameALN, rarityUnique, [4]int{2, 1, 2, 3}, [3]int{3, 3, 4}, 4, eventOnly},
}

// maxSlots is the most slots of any hull (9); maxModules the most modules a
// valid ship can hold, two compact modules per slot (§7).
const (
	maxSlots   = 9
	maxModules = 2 * maxSlots
)

// HullIndex returns the index in Hulls of the hull with the given id, or -1.
func HullIndex(id string) int {
	for i := range Hulls {
		if Hulls[i].ID == id {
			return i
		}
	}
	return -1
}

func hullIDs() []string {
	ids := make([]string, len(Hulls))
	for i := range Hulls {
		ids[i] = Hulls[i].ID
	}
	return ids
}
