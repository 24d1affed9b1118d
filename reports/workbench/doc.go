// Package workbench is the server behind `crucible serve`: a page on which a
// designer picks or writes a scenario, sees it validated as they type, and
// watches its odds tighten as trials stream in, with the exact value where
// the ruleset's solver reaches. It is a presentation layer over the same
// pipeline as the command line (scenarios → analysis → reports): the
// numbers a page shows are those `crucible run` prints for the same text,
// seed and trials.
//
// The server is meant for the designer's own machine. It listens where it
// is told (loopback by default), answers only requests addressed to itself
// (guard), reads files only inside its directory (Dir), and bounds what one
// page can ask of it (Config's caps).
//
// Files, each above the ones it uses (no arrow runs back up):
//
//	serve.go         Serve, Handler: the listener, its connection limit, the routes
//	guard.go         only requests addressed to the server; a panic is its request's error
//	sweep.go         the sweep card
//	tune.go          the tune card
//	compare.go       the compare card
//	meta.go          the metagame card, on a roster built in the page
//	spread.go        the policy spread card
//	skill.go         the skill axis a card asks for, and the page's players
//	odds.go          the odds card: estimates streamed, the exact value beside them
//	replay.go        "show me a game": one trial's account
//	form_define.go   a design change tried on a copy ("upgrade", "make my own")
//	fields.go        the fields a sweep may vary and a tune search
//	jobs.go          a tab's jobs started, capped and stopped; its event stream
//	load.go          validate: the page's text read as a scenario
//	form.go          the form's tree of the text, and its edits
//	http.go          a request decoded, its costly part bounded to a job slot
//	catalogue.go     the picker's lists: built-ins and the directory's files
//	rulesfile.go     a rules file opened beside its scenario
//	server.go        Config, Server, New: the caps and the shared state
//	yielding.go      an odds job's estimate yields its core to the exact solve
//	tab.go           a page's tab, its events and its jobs
//	exactcache.go    the exact answers of the last scenarios solved
//	reproduce.go     the command line that reproduces a result, and its seed
//	dir.go           Dir: files read only inside the server's directory
//	reply.go         a request's answer: the JSON, an error, a refusal's status
package workbench
