package turnplan

// catalogueTop is how many of greedy's best activations a mutation
// favours.
const catalogueTop = 8

// seedPopulation fills the population for a decision of turn: the plans
// of the turn's last decision that began with the activation just played,
// moved on by one gene; then greedy's best activations each followed by
// greedy's play; ending the turn; then random plans.
func (s *Search[A]) seedPopulation(turn Turn) {
	s.next = s.next[:0]
	if s.carried && s.turn == turn {
		for i := range s.pop {
			p := &s.pop[i]
			if p.Genes[0] != s.played {
				continue
			}
			q := Plan[A]{tie: s.rng.Uint64()}
			copy(q.Genes[:], p.Genes[1:])
			q.Genes[len(q.Genes)-1] = Gene[A]{Kind: GeneGreedy}
			s.rootGene(&q.Genes[0])
			if !has(s.next, &q) && len(s.next) < populationSize/2 {
				s.next = append(s.next, q)
			}
		}
	}
	for i := 0; i < len(s.cat) && len(s.next) < populationSize-2; i++ {
		q := Plan[A]{tie: s.rng.Uint64()}
		q.Genes[0] = Gene[A]{Kind: GeneAct, Act: s.cat[i]}
		q.Genes[1], q.Genes[2] = Gene[A]{Kind: GeneGreedy}, Gene[A]{Kind: GeneGreedy}
		if !has(s.next, &q) {
			s.next = append(s.next, q)
		}
	}
	for tries := 0; len(s.next) < populationSize && tries < 4*populationSize; tries++ {
		q := Plan[A]{tie: s.rng.Uint64()}
		for k := range q.Genes {
			q.Genes[k] = s.randomGene(k)
		}
		if !has(s.next, &q) {
			s.next = append(s.next, q)
		}
	}
	s.pop, s.next = s.next, s.pop
}

// rootGene makes a carried plan's first gene one the position allows: an
// activation of the new catalogue (the dice may have taken its target or
// blocked its hex), else greedy's best.
func (s *Search[A]) rootGene(gn *Gene[A]) {
	if gn.Kind == GeneAct {
		for _, a := range s.cat {
			if a.Same(gn.Act) {
				gn.Act = a
				return
			}
		}
	}
	*gn = Gene[A]{Kind: GeneAct, Act: s.cat[0]}
}

// catalogueRank is the place of gene gn's activation in the catalogue;
// the catalogue's length for greedy's choice.
func (s *Search[A]) catalogueRank(gn Gene[A]) int {
	if gn.Kind == GeneAct {
		for i, a := range s.cat {
			if a.Same(gn.Act) {
				return i
			}
		}
	}
	return len(s.cat)
}

// has reports whether plans holds a plan with p's genes.
func has[A Action[A]](plans []Plan[A], p *Plan[A]) bool {
	for i := range plans {
		if plans[i].Genes == p.Genes {
			return true
		}
	}
	return false
}

// randomGene draws gene k of a plan: an activation of the catalogue
// (mostly one of greedy's best), or, after the first, greedy's choice.
func (s *Search[A]) randomGene(k int) Gene[A] {
	r := s.rng.IntN(12)
	switch {
	case k > 0 && r < 4:
		return Gene[A]{Kind: GeneGreedy}
	case r < 8:
		return Gene[A]{Kind: GeneAct, Act: s.cat[s.rng.IntN(s.top)]}
	}
	return Gene[A]{Kind: GeneAct, Act: s.cat[s.rng.IntN(len(s.cat))]}
}

// breed replaces the worse half of the sorted population with children of
// the better half: each gene from either parent, then one gene mutated,
// and drawn again while the child repeats a plan of the population.
func (s *Search[A]) breed() {
	keep := len(s.pop) / 2
	for i := keep; i < len(s.pop); i++ {
		a, b := &s.pop[s.rng.IntN(keep)], &s.pop[s.rng.IntN(keep)]
		child := Plan[A]{tie: s.rng.Uint64()}
		for k := range child.Genes {
			child.Genes[k] = a.Genes[k]
			if s.rng.IntN(2) == 0 {
				child.Genes[k] = b.Genes[k]
			}
		}
		for tries := 0; tries < 4; tries++ {
			k := s.rng.IntN(len(child.Genes))
			child.Genes[k] = s.randomGene(k)
			if !has(s.pop[:i], &child) {
				break
			}
		}
		s.pop[i] = child
	}
}
