package assign

// assignKillable is §6 `largest-killable-first` (and `priority` with the
// side's priority order): dice by #H asc then damage desc; each die goes to
// the first ship in priority order that it hits and that the unassigned dice
// hitting it (this die included) can still kill; else to the first ship in
// priority order it hits. Priority order: size rank desc (or priority list
// position), then current rem asc, then canonical index.
func assignKillable(prio bool, classes []DieClass, targets []Target, to []int8, s *Scratch) {
	for lt := range s.avail {
		s.avail[lt] = 0
	}
	for i := range classes {
		c := &classes[i]
		for lt := range MaxPerSide {
			if c.Hits&(1<<lt) != 0 {
				s.avail[lt] += int32(c.N) * int32(c.Dmg)
			}
		}
	}
	// better reports whether ship j precedes ship k in priority order.
	better := func(j, k int) bool {
		tj, tk := &targets[j], &targets[k]
		if prio {
			if tj.Prio != tk.Prio {
				return tj.Prio < tk.Prio
			}
		} else if tj.Rank != tk.Rank {
			return tj.Rank > tk.Rank
		}
		if s.rem[j] != s.rem[k] {
			return s.rem[j] < s.rem[k]
		}
		return j < k
	}
	for _, ci := range s.ord[:len(classes)] {
		c := &classes[ci]
		d := c.Dmg
		for u := int16(0); u < c.N; u++ {
			first, kill := -1, -1
			for j := range targets {
				if s.rem[j] <= 0 || !c.hits(&targets[j]) {
					continue
				}
				if first < 0 || better(j, first) {
					first = j
				}
				if s.avail[targets[j].Type] >= int32(s.rem[j]) && (kill < 0 || better(j, kill)) {
					kill = j
				}
			}
			pick := first
			if kill >= 0 {
				pick = kill
			}
			to[int(s.off[ci])+int(u)] = int8(pick)
			if pick >= 0 {
				s.rem[pick] -= d
			}
			for lt := range MaxPerSide {
				if c.Hits&(1<<lt) != 0 {
					s.avail[lt] -= int32(d)
				}
			}
		}
	}
}
