// Package words holds the designer's words every report shares: the sides
// by their names ("Attackers wins", "Defenders ended by rout"), a metric
// named as the designer would say it, numbers as percentages and points,
// the units rounds are counted in.
//
// Files, each above the ones it uses (none uses another but for the
// names of sides):
//
//	metric_words.go   a metric, a sweep's level and a tune's spec in words
//	sides.go          Names: the sides of a battle in its own words
//	numbers.go        percentages, points, intervals, units
//	digits.go         a share never written 0 or 100 unless it is
package words
