package assign

// The bounds of a volley, which are the bounds of a battle's state: package
// eclipse sizes its State by them.
const (
	MaxPerSide = 4                     // types per side: one per hull / NPC kind
	MaxShips   = 14                    // ships per type (14 Ancients)
	MaxTargets = MaxPerSide * MaxShips // enemy ships in one volley (bound)
	// MaxHP bounds a ship's hit points (hull + 1).
	MaxHP = 64
	// MaxClasses bounds the classes of one volley: colours × distinct
	// hit-sets (at most 5) fits.
	MaxClasses = 4 * 6
)

// DieClass is a group of identical hitting dice (§6 inputs, §8.2): each does
// Dmg damage and hits exactly the enemy ships whose local type is in Hits.
// Hit-sets of the classes of one volley are nested (a higher face hits a
// superset), so two classes with the same damage differ in #H.
type DieClass struct {
	Dmg  int16
	Hits uint8
	N    int16 // dice in the class (damage units, with the antimatter splitter)
}

// Target is one enemy ship in the battle, in canonical order: enemy type in
// scenario order, then most damage first (§6). Rem is HP − damage.
type Target struct {
	Type uint8 // enemy local type index
	Rank int8  // size rank (§4.5)
	Prio int8  // position of its type in the firing side's priority order
	Rem  int16
}

// Scratch is the scratch space Assign and Roster.GreedyOrder need; the
// zero value is ready.
type Scratch struct {
	ord   [MaxClasses]int8
	nh    [MaxClasses]int16
	off   [MaxClasses]int16
	left  [MaxClasses]int16
	used  [MaxClasses]int16
	rem   [MaxTargets]int16
	tord  [MaxTargets]int8
	avail [MaxPerSide]int32
	canon bool            // targets in canonical order
	hi    [MaxPerSide]int // canonical order: the end of each type's run, 0 if none
}

func (c DieClass) hits(t *Target) bool { return c.Hits&(1<<t.Type) != 0 }

// Offsets returns, for each class, the index in the per-die output of its
// first die: class i's dice are to[off[i] : off[i]+N].
func Offsets(classes []DieClass, off []int16) int {
	n := 0
	for i, c := range classes {
		off[i] = int16(n)
		n += int(c.N)
	}
	return n
}

const (
	byDamageThenH = iota // damage desc, then #H asc
	byHThenDamage        // #H asc, then damage desc
)

// sortClasses orders s.ord (insertion sort; a handful of classes).
func sortClasses(classes []DieClass, s *Scratch, key int) {
	if len(classes) < 2 {
		return
	}
	less := func(a, b int8) bool {
		ca, cb := &classes[a], &classes[b]
		if key == byDamageThenH {
			if ca.Dmg != cb.Dmg {
				return ca.Dmg > cb.Dmg
			}
			if s.nh[a] != s.nh[b] {
				return s.nh[a] < s.nh[b]
			}
		} else {
			if s.nh[a] != s.nh[b] {
				return s.nh[a] < s.nh[b]
			}
			if ca.Dmg != cb.Dmg {
				return ca.Dmg > cb.Dmg
			}
		}
		return a < b
	}
	ord := s.ord[:len(classes)]
	for i := 1; i < len(ord); i++ {
		x := ord[i]
		j := i
		for j > 0 && less(x, ord[j-1]) {
			ord[j] = ord[j-1]
			j--
		}
		ord[j] = x
	}
}
