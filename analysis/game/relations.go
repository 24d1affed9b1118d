package game

// Dominated lists, for each row, the rows that dominate it: a row k
// dominates row i when better[k][i][j] holds for every column j — k does at
// least as well as i against every opponent — and strictly for at least one
// (strictly[k][i][j]). The relations come from the caller, who decides
// what "at least as well" means for estimates with intervals.
func Dominated(atLeast, strictly func(k, i, j int) bool, rows, cols int) [][]int {
	out := make([][]int, rows)
	for i := range rows {
		for k := range rows {
			if k == i {
				continue
			}
			all, some := true, false
			for j := range cols {
				if !atLeast(k, i, j) {
					all = false
					break
				}
				some = some || strictly(k, i, j)
			}
			if all && some {
				out[i] = append(out[i], k)
			}
		}
	}
	return out
}

// Cycles returns the non-transitive triples of a "beats" relation: i beats
// j, j beats k and k beats i, each cycle once, starting from its smallest
// entry, in order. These are what no rating can express: any order of the
// three puts one of them above an entry it loses to.
func Cycles(beats func(i, j int) bool, n int) [][3]int {
	var out [][3]int
	for i := range n {
		for j := i + 1; j < n; j++ {
			for k := i + 1; k < n; k++ {
				if k != j && beats(i, j) && beats(j, k) && beats(k, i) {
					out = append(out, [3]int{i, j, k})
				}
			}
		}
	}
	return out
}
