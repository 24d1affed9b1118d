// Package ladderreport writes a ladder of players (analysis/ladder): the
// table a terminal shows, its JSON, and the report directory's page with
// the ratings' figure.
//
// Files, each above the ones it uses:
//
//	page.go  HTML: the ladder's page and its Elo figure
//	text.go  the ladder for people (WriteTable) and for machines (WriteJSON)
package ladderreport
