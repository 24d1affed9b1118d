package stratfight

import "testing"

// TestSection6Table checks the derived values of every built-in fighter
// against the table of rules §6 (no armor, S1/S3 defaults).
func TestSection6Table(t *testing.T) {
	// Copied from §6: id, STR/DEX/DIS/TRN, weapon, cp3, Attack, Defense, Initiative pool.
	table := []struct {
		id                          string
		str, dex, dis, trn          int
		weapon                      string
		cp3, attack, defense, init_ int
	}{
		{"thug", 7, 2, 2, 2, "fisticuffs", 20, 6, 8, 4},
		{"guard", 4, 2, 3, 3, "broadsword", 15, 5, 7, 3},
		{"jorah", 3, 2, 6, 6, "broadsword", 23, 7, 9, 6},
		{"arya", 1, 5, 6, 6, "broadsword", 24, 8, 13, 9},
		{"mountain", 9, 3, 4, 4, "broadsword", 24, 8, 11, 5},
		{"samwell", 2, 3, 4, 3, "broadsword", 14, 4, 7, 4},
		{"cat", 0, 9, 1, 5, "claws", 24, 8, 17, 14},
		{"arya_vue", 1, 6, 0, 6, "broadsword", 25, 8, 14, 10},
	}
	if len(table) != len(builtinFighters) {
		t.Fatalf("%d built-in fighters, §6 lists %d", len(builtinFighters), len(table))
	}
	none, _ := findArmor("none")
	for _, want := range table {
		s, ok := findFighter(want.id)
		if !ok {
			t.Fatalf("no built-in fighter %q", want.id)
		}
		if s.str != want.str || s.dex != want.dex || s.dis != want.dis || s.trn != want.trn || s.weapon != want.weapon {
			t.Errorf("%s: attributes %d/%d/%d/%d %s, §6 says %d/%d/%d/%d %s", want.id,
				s.str, s.dex, s.dis, s.trn, s.weapon, want.str, want.dex, want.dis, want.trn, want.weapon)
		}
		w, _ := findWeapon(s.weapon)
		if got := combatPoints3(s.str, s.dex, s.trn, w); got != want.cp3 {
			t.Errorf("%s: cp3 = %d, §6 says %d", want.id, got, want.cp3)
		}
		atk, def := abilities(s.str, s.dex, s.trn, w, none, defArmorCombatDex, false)
		ini := initiativePool(initSkillAgility, s.dex, s.trn, atk, w, none)
		if atk != want.attack || def != want.defense || ini != want.init_ {
			t.Errorf("%s: Attack/Defense/Initiative = %d/%d/%d, §6 says %d/%d/%d", want.id, atk, def, ini, want.attack, want.defense, want.init_)
		}
		// The same through Compile, as a scenario sees it.
		b := compileYAML(t, duel("", "{fighter: "+want.id+"}", "{fighter: thug}")).(*duelBattle)
		c := b.side[0]
		if c.attack != want.attack || c.defense != want.defense || c.initPool != want.init_ || c.lifeCoins != 30 || c.crippling != 0 {
			t.Errorf("%s compiled: %d/%d/%d coins %d crip %d", want.id, c.attack, c.defense, c.initPool, c.lifeCoins, c.crippling)
		}
	}
}

// TestWeaponAndArmorTables checks the §6 weapon table and the §4 armors.
func TestWeaponAndArmorTables(t *testing.T) {
	weapons := []struct {
		id                               string
		cats                             uint8
		damage, lethality, incap, weight int
	}{
		{"fisticuffs", catMelee | catBludgeoning, 4, 1, 0, 0},
		{"broadsword", catMelee | catEdged | catPiercing, 8, 4, 0, 2},
		{"rapier", catMelee | catEdged | catPiercing, 6, 3, 0, 1},
		{"battleaxe", catMelee | catEdged, 12, 6, 0, 3},
		{"longbow", catRanged | catPiercing, 4, 2, 0, 1},
		{"claws", catMelee | catEdged | catPiercing, 3, 10, 0, 0},
	}
	for _, want := range weapons {
		w, ok := findWeapon(want.id)
		if !ok || w.categories != want.cats || w.damage != want.damage || w.lethality != want.lethality || w.incap != want.incap || w.weight != want.weight {
			t.Errorf("weapon %s = %+v, want %+v", want.id, w, want)
		}
	}
	armors := []struct {
		id         string
		value, pen int
	}{{"none", 0, 0}, {"leather", 3, 1}, {"chainmail", 4, 2}, {"plate", 8, 4}}
	for _, want := range armors {
		a, ok := findArmor(want.id)
		if !ok || a.value != want.value || a.dexPenalty != want.pen {
			t.Errorf("armor %s = %+v, want %+v", want.id, a, want)
		}
	}
}

// TestAbilityOptions derives pools under the S1 and S3 alternatives by hand.
func TestAbilityOptions(t *testing.T) {
	fists, _ := findWeapon("fisticuffs")
	sword, _ := findWeapon("broadsword")
	none, _ := findArmor("none")
	plate, _ := findArmor("plate")
	cases := []struct {
		name                 string
		str, dex, trn        int
		w                    weapon
		a                    armor
		def                  s3Defense
		everywhere           bool
		init                 s1Initiative
		attack, defense, ini int
	}{
		// Thug in plate: Defense = floor((20 + 3·(8 + 2))/3) = 16; initiative 2 + 2 − 4 − 0 → 0.
		{"thug plate", 7, 2, 2, fists, plate, defArmorCombatDex, false, initSkillAgility, 6, 16, 0},
		// everywhere: dexterity 2 − 4 → 0; fisticuffs ignore DEX, so Attack stays 6; Defense = (20 + 24)/3 = 14.
		{"thug plate everywhere", 7, 2, 2, fists, plate, defArmorCombatDex, true, initSkillAgility, 6, 14, 0},
		// armor-combat: Defense = floor(20/3) = 6.
		{"thug armor-combat", 7, 2, 2, fists, none, defArmorCombat, false, initSkillAgility, 6, 6, 4},
		// Arya in plate, everywhere: DEX 5 − 4 = 1; cp3 = 18 + 1 + 1 = 20 → Attack 6; Defense = (20 + 27)/3 = 15;
		// initiative 6 + 5 − 4 − 2 = 5 (the penalty applies once).
		{"arya plate everywhere", 1, 5, 6, sword, plate, defArmorCombatDex, true, initSkillAgility, 6, 15, 5},
		{"arya attack-pool", 1, 5, 6, sword, none, defArmorCombatDex, false, initAttackPool, 8, 13, 8},
		{"arya coin", 1, 5, 6, sword, none, defArmorCombatDex, false, initCoin, 8, 13, 1},
	}
	for _, c := range cases {
		atk, def := abilities(c.str, c.dex, c.trn, c.w, c.a, c.def, c.everywhere)
		ini := initiativePool(c.init, c.dex, c.trn, atk, c.w, c.a)
		if atk != c.attack || def != c.defense || ini != c.ini {
			t.Errorf("%s: %d/%d/%d, want %d/%d/%d", c.name, atk, def, ini, c.attack, c.defense, c.ini)
		}
	}
}
