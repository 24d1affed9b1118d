// Package skillreport writes a verdict's skill axis (analysis/skill): the
// answer at each level of skill asked for, and the flag when the top two
// levels disagree — as text, as JSON beside a command's own, and as the
// section a report page shows beside its headline.
//
// Files, each above the ones it uses (no arrow runs back up):
//
//	page.go   the section of a report page
//	cells.go  many axes at once: a tune's or meta's cells summed up and listed
//	json.go   the axis beside a command's own JSON
//	text.go   the table, one axis's line, the axes of one verdict
package skillreport
