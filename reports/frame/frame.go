package frame

import (
	"html/template"
	"io"
	"math"
	"strconv"
	"sync"
)

// Style is the style sheet every report page shares (and any page that
// means to look like one, such as a command's own page): a fluid column
// that uses the window up to a readable width, sans-serif text, tables
// that scroll sideways in a narrow window rather than squash, and numbers
// that never wrap and line up in their columns. Nothing is fetched: the
// fonts are the reader's own.
const Style = `:root{--ink:#1f2328;--muted:#59636e;--line:#d1d9e0;--head:#f6f8fa;--warn:#b3261e;--pass:#1a7f37}
*{box-sizing:border-box}
body{margin:0;color:var(--ink);background:#fff;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Liberation Sans",sans-serif}
main{width:100%;max-width:92rem;margin:0 auto;padding:1.25rem clamp(.75rem,2.5vw,2.5rem) 3rem}
h1{font-size:1.6rem;margin:.2em 0 .4em}h2{font-size:1.25rem;margin:1.6em 0 .5em;padding-top:.4em;border-top:1px solid var(--line)}h3{font-size:1.05rem;margin:1.2em 0 .4em}
p,li{max-width:60rem}
table{display:block;max-width:100%;overflow-x:auto;border-collapse:collapse;margin:.5em 0 1.5em;font-size:.93rem}
td,th{border:1px solid var(--line);padding:.3em .65em;text-align:right;vertical-align:top;white-space:nowrap;font-variant-numeric:tabular-nums}
th{background:var(--head);font-weight:600;white-space:normal;vertical-align:bottom;min-width:4em}
td:first-child,th:first-child,td.text,th.text{text-align:left}
td.text{white-space:normal;min-width:14em;max-width:36em}
small{color:var(--muted)}.meta{color:var(--muted)}
code{background:var(--head);padding:0 .25em;border-radius:3px;font-size:.92em;overflow-wrap:anywhere}
#verdicts td:nth-child(2),#verdicts td:nth-child(3){text-align:left}#verdicts td:nth-child(3){white-space:normal;min-width:18em}
.warn{color:var(--warn);font-weight:600}tr.FAIL td:first-child{color:var(--warn);font-weight:600}tr.PASS td:first-child{color:var(--pass)}
img,object{max-width:100%;height:auto}
figure{margin:.5em 0 1.5em}figcaption{color:var(--muted);font-size:.9rem;max-width:60rem}
.plots{display:flex;flex-wrap:wrap;gap:1rem 1.5rem;align-items:flex-start}
.plots figure{margin:0;max-width:100%}
details{margin:.5em 0 1em}summary{cursor:pointer;color:var(--muted)}
nav.toc{columns:16rem;font-size:.93rem}nav.toc a{display:block}
`

// Template is a report page, parsed the first time it is written: a
// command that writes no page does not pay, as it starts, for parsing every
// page (each carrying the style sheet).
type Template struct {
	parsed func() *template.Template
}

// Execute writes the page for data to w, parsing it first if it is the
// page's first use (a template that does not parse panics then, as
// template.Must would have at start-up; the tests write every page).
func (t *Template) Execute(w io.Writer, data any) error { return t.parsed().Execute(w, data) }

// Page returns body as a report page inside the frame every page shares:
// the doctype, the head with title (itself template text, e.g. "crucible
// sweep {{.S.Sweep.Name}}") and Style followed by the page's own style,
// and a <main> around body. funcs are the functions body and title call.
func Page(name, title, style string, funcs template.FuncMap, body string) *Template {
	return &Template{parsed: sync.OnceValue(func() *template.Template {
		return template.Must(template.New(name).Funcs(funcs).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>` + title + `</title>
<style>
` + Style + style + `</style></head><body><main>
` + body + `</main></body></html>
`))
	})}
}

// HumanTime writes a time in seconds in the unit that fits it: years,
// days, hours, minutes or seconds (a lifespan of 2·10⁹ seconds reads as
// 68.05 years, not as a ten-digit number).
func HumanTime(v any) string {
	var s float64
	switch x := v.(type) {
	case float64:
		s = x
	case int64:
		s = float64(x)
	}
	for _, u := range []struct {
		name string
		size float64
	}{{"years", 31557600}, {"days", 86400}, {"hours", 3600}, {"minutes", 60}} {
		if math.Abs(s) >= u.size {
			return strconv.FormatFloat(s/u.size, 'g', 4, 64) + " " + u.name
		}
	}
	return strconv.FormatFloat(s, 'g', 4, 64) + " seconds"
}
