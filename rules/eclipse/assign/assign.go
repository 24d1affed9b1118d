package assign

// Assign assigns every die of classes to a target and writes, for die u of
// class i, the target index (into targets) to to[off_i+u], or -1 when every
// ship the die hits is already doomed. targets is not modified. The result
// depends only on the classes' (damage, hit-set, count) and the targets.
func Assign(p Policy, classes []DieClass, targets []Target, to []int8, s *Scratch) {
	nc := len(classes)
	Offsets(classes, s.off[:nc])
	// Copy rem, and note whether the targets are in canonical order (types
	// ascending, rem ascending within a type) and where each type's run ends.
	rem := s.rem[:len(targets)]
	s.hi = [MaxPerSide]int{}
	// Canonical ⇔ the keys type·2¹⁶ + rem never decrease (0 < rem < 2¹⁶);
	// the sign of bad records a decrease.
	bad, prev := 0, 0
	for j := range targets {
		t, r := targets[j].Type, targets[j].Rem
		rem[j] = r
		s.hi[t&(MaxPerSide-1)] = j + 1
		key := int(t)<<16 | int(uint16(r))
		bad |= key - prev
		prev = key
	}
	s.canon = bad >= 0
	for i := range classes {
		s.ord[i] = int8(i)
		s.left[i] = classes[i].N
		s.used[i] = 0
	}
	if nc > 1 { // #H only orders classes
		s.countHits(classes, targets)
	}
	switch p {
	case NPC:
		sortClasses(classes, s, byDamageThenH)
		assignNPC(classes, targets, to, s)
	case KillGreedy:
		sortClasses(classes, s, byDamageThenH)
		assignKillGreedy(classes, targets, to, s)
	case LargestKillableFirst, Priority:
		sortClasses(classes, s, byHThenDamage)
		assignKillable(p == Priority, classes, targets, to, s)
	default:
		panic("assign: Assign called with policy " + p.String())
	}
}

// countHits sets s.nh[i] to #H of class i, the number of targets its dice
// hit, by which the policies order the classes. It counts the ships of each
// enemy type once, from the ends of the types' runs (s.hi) when the targets
// are in canonical order.
func (s *Scratch) countHits(classes []DieClass, targets []Target) {
	var per [MaxPerSide]int16
	if s.canon {
		end := 0
		for lt, h := range s.hi {
			if h > 0 {
				per[lt], end = int16(h-end), h
			}
		}
	} else {
		for j := range targets {
			per[targets[j].Type]++
		}
	}
	for i := range classes {
		n := int16(0)
		for lt, k := range per {
			if classes[i].Hits&(1<<lt) != 0 {
				n += k
			}
		}
		s.nh[i] = n
	}
}
