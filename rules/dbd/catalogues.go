package dbd

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/rules"
)

// catalogues returns the reference's catalogues, each built from the table
// the decoder and the battle read. A catalogue prints as a table within 80
// columns, so its columns are short and what sets an entry apart is said
// in the catalogue's text.
func catalogues() []rules.Catalogue {
	return []rules.Catalogue{unitTypeCatalogue(), qualityCatalogue(), terrainCatalogue(),
		boardCatalogue(), boardRowCatalogue(), profileCatalogue()}
}

// typeNotes say what sets each unit type apart (§4, §6, §7).
var typeNotes = [len(typeNames)]string{
	INF: "the line, slow and sturdy",
	CAV: "charges for +1 die (§7) and stops on entering WOODS or ROUGH",
	SKR: "moves and shoots, and when engaged may withdraw its full Move and then shoot",
	ARC: "moves or attacks, never both (option arc-move-then-melee)",
	GEN: "a unit next to a friendly general cancels retreats as a supported one does (§9), and generals do not limit activations",
}

func unitTypeCatalogue() rules.Catalogue {
	notes := make([]string, len(typeNames))
	for t, name := range typeNames {
		notes[t] = name + ": " + typeNotes[t]
	}
	c := rules.Catalogue{
		Name: "unit-types",
		Meaning: "The unit types a scenario's units[].type names (§4). Move is in movement points (§3). Melee and ranged " +
			"are an attack's dice before cover, flank and charge (§8); a unit shoots at exactly the distances of its range, " +
			"and only when not engaged (option skr-ranged-engaged). Max HP and value are for GREEN/REGULAR/VETERAN; " +
			"the value is what the greedy policy thinks the unit worth as a target. Standards are what its destroyer scores (§11). " +
			strings.Join(notes, "; ") + ".",
		Columns: []string{"type", "move", "melee", "ranged", "range", "max HP", "standards", "value"},
	}
	for t, name := range typeNames {
		s := stats[t]
		ranged, rng := "—", "—"
		if s.Ranged > 0 {
			ranged, rng = strconv.Itoa(int(s.Ranged)), strconv.Itoa(int(s.MinRange))
			if s.MaxRange != s.MinRange {
				rng += "–" + strconv.Itoa(int(s.MaxRange))
			}
		}
		var hp, value [len(qualityNames)]string
		for q := range qualityNames {
			hp[q] = strconv.Itoa(MaxHP(UnitType(t), Quality(q)))
			value[q] = strconv.FormatFloat(unitValue[t][q], 'g', -1, 64)
		}
		c.Rows = append(c.Rows, []string{name, strconv.Itoa(int(s.Move)), strconv.Itoa(int(s.Melee)), ranged, rng,
			strings.Join(hp[:], "/"), strconv.Itoa(standardsFor(UnitType(t))), strings.Join(value[:], "/")})
	}
	return c
}

func qualityCatalogue() rules.Catalogue {
	c := rules.Catalogue{
		Name: "qualities",
		Meaning: "The qualities a scenario's units[].quality names (§4). Quality sets a unit's max HP, from its type's base HP, " +
			"and how many of the RETREAT results rolled against it the unit cancels (§9 step 3): with no friend next to it, " +
			"with one, with two or more (generals count as friends), and next to a friendly general that is not the unit itself.",
		Columns: []string{"quality", "max HP", "cancels alone", "1 friend", "2+ friends", "general"},
	}
	const many = 9 // more retreats than any quality cancels
	for q, name := range qualityNames {
		hp := "base"
		switch d := MaxHP(INF, Quality(q)) - int(stats[INF].BaseHP); {
		case d < 0:
			hp += fmt.Sprintf(" − %d", -d)
		case d > 0:
			hp += fmt.Sprintf(" + %d", d)
		}
		cancel := func(support int, gen bool) string { return strconv.Itoa(cancellations(Quality(q), support, gen, many)) }
		c.Rows = append(c.Rows, []string{name, hp, cancel(0, false), cancel(1, false), cancel(2, false), cancel(0, true)})
	}
	return c
}

func terrainCatalogue() rules.Catalogue {
	c := rules.Catalogue{
		Name: "terrain",
		Meaning: "The terrain words of a scenario's terrain mapping (§3); a hex the scenario does not name is CLEAR. " +
			"Cover is the dice an attacker loses when the defender stands there, in melee and shooting; the attacker's own hex " +
			"never matters, and there is no line of sight. Cavalry that enters WOODS or ROUGH stops there, no charge passes " +
			"through or ends on them (§7), and a heuristic retreat prefers them (§10). No unit enters WATER or stands on it.",
		Columns: []string{"terrain", "move cost", "melee cover", "ranged cover"},
	}
	for t, name := range terrainNames {
		cost := strconv.Itoa(int(moveCost[t]))
		if moveCost[t] == impassable {
			cost = "impassable"
		}
		c.Rows = append(c.Rows, []string{name, cost, strconv.Itoa(int(meleeCover[t])), strconv.Itoa(int(rangedCover[t]))})
	}
	return c
}

func boardCatalogue() rules.Catalogue {
	sb := boardShapes[0]
	start := sb.starts()
	mid := len(sb.rows) / 2
	last := len(sb.rows) - 1
	c := rules.Catalogue{
		Name: "boards",
		Meaning: fmt.Sprintf("The boards a scenario's board names (§2), each of %d hexes in %d rows; the templates need "+
			"options.board-templates: true. Hexes are numbered from 0 to %d row by row, from the top row down and from left "+
			"to right within a row (catalogue board-rows). Each row is centred on the one above, so a hex touches two hexes "+
			"above it, one on each side and two below (fewer at the edge). On %s the rows grow from %d hexes to %d in the "+
			"middle row (hexes %d to %d, with %d at the centre of the board) and shrink back to %d: hex 0 is the top left "+
			"corner, %d the top right, %d the bottom left and %d the bottom right. The sample scenarios put BLUE in the "+
			"bottom rows and RED in the top ones.",
			NumHexes, len(sb.rows), NumHexes-1, sb.name, sb.rows[0], sb.rows[mid], start[mid], start[mid+1]-1,
			start[mid]+sb.rows[mid]/2, sb.rows[last], start[1]-1, start[last], NumHexes-1),
		Columns: []string{"board", "hexes in each row, top to bottom", "allowed"},
	}
	for i, b := range boardShapes {
		allowed := "always"
		if i > 0 {
			allowed = optBoardTemplates
		}
		lens := make([]string, len(b.rows))
		for r, n := range b.rows {
			lens[r] = strconv.Itoa(n)
		}
		c.Rows = append(c.Rows, []string{b.name, strings.Join(lens, " "), allowed})
	}
	return c
}

func boardRowCatalogue() rules.Catalogue {
	c := rules.Catalogue{
		Name:    "board-rows",
		Meaning: "The hex ids of each row of each board (§2), first to last, from the top row (0) down.",
		Columns: []string{"row"},
	}
	for _, b := range boardShapes {
		c.Columns = append(c.Columns, b.name)
	}
	for r := range boardShapes[0].rows {
		row := []string{strconv.Itoa(r)}
		for _, b := range boardShapes {
			start := b.starts()[r]
			row = append(row, fmt.Sprintf("%d–%d", start, start+b.rows[r]-1))
		}
		c.Rows = append(c.Rows, row)
	}
	return c
}

func profileCatalogue() rules.Catalogue {
	c := rules.Catalogue{
		Name: "greedy-profiles",
		Meaning: "The temperaments of the greedy policy (options.greedy-profile; §14); each pair is for attacks/moves. " +
			"Its scores are multiplied by the scale and blurred by even noise of up to ± the noise; the biases are added when it " +
			"weighs its best attack against its best move. Focus is added to the score of an attack on a general; pass is the " +
			"chance that it gives up each activation after the first of a turn; it makes no attack that scores below the " +
			"least score (other units/generals).",
		Columns: []string{"profile", "scale", "noise", "bias", "focus", "pass", "least score"},
	}
	num := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	pair := func(a, m float64) string { return num(a) + "/" + num(m) }
	for _, p := range profiles {
		least := "none"
		if p.Threshold {
			least = pair(p.ThresholdUnit, p.ThresholdGen)
		}
		c.Rows = append(c.Rows, []string{p.Name, pair(p.AttackScale, p.MoveScale), pair(p.AttackNoise, p.MoveNoise),
			pair(p.AttackBias, p.MoveBias), num(p.GenFocus), num(p.PassChance), least})
	}
	return c
}
