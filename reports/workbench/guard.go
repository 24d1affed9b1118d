package workbench

import (
	"crypto/subtle"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"runtime/debug"
)

// guard answers only requests addressed to the server itself and turns a
// panic in one of them into that request's error.
//
// A page on another site can make the browser send requests to a local
// server, either directly (its Origin gives it away) or by pointing a DNS
// name of its own at 127.0.0.1 (DNS rebinding: the Host header then names
// that site). So a request is served only when its Host is this server —
// an IP address or localhost, at the port the connection came in on — and
// its Origin, if it has one, is the same.
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.cfg.Log.Printf("crucible serve: %s %s: internal error: %v\n%s", r.Method, r.URL.Path, v, debug.Stack())
				fail(w, refuse(http.StatusInternalServerError, "internal error: %v", v))
			}
		}()
		if err := ownRequest(r); err != nil {
			http.Error(w, err.Error(), http.StatusForbidden)
			return
		}
		if s.cfg.Token != "" && !s.tokenShown(w, r) {
			return
		}
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("X-Frame-Options", "DENY")
		next.ServeHTTP(w, r)
	})
}

// tokenShown reports whether the request carries the server's token, in
// its cookie; a request for the page with ?token=TOKEN sets the cookie and
// is sent to the page without it (the address crucible serve prints). A
// request without is answered 403, and false returned.
//
// A token keeps out whoever else can reach the port: another user of the
// machine, or anyone on the network when --addr listens beyond loopback.
// The cookie is named after the port, so that two servers on one machine
// keep theirs apart.
func (s *Server) tokenShown(w http.ResponseWriter, r *http.Request) bool {
	name := "crucible-token"
	if a, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok {
		if _, port, err := net.SplitHostPort(a.String()); err == nil {
			name += "-" + port
		}
	}
	if c, err := r.Cookie(name); err == nil && sameSecret(c.Value, s.cfg.Token) {
		return true
	}
	if r.Method == http.MethodGet && r.URL.Path == "/" && sameSecret(r.URL.Query().Get("token"), s.cfg.Token) {
		http.SetCookie(w, &http.Cookie{Name: name, Value: s.cfg.Token, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode})
		http.Redirect(w, r, "/", http.StatusSeeOther)
		return false
	}
	http.Error(w, "forbidden: open the workbench at the address crucible serve printed, which carries its token (?token=…)", http.StatusForbidden)
	return false
}

// sameSecret compares a secret in constant time.
func sameSecret(given, want string) bool {
	return subtle.ConstantTimeCompare([]byte(given), []byte(want)) == 1
}

// ownRequest refuses a request whose Host or Origin is not the server.
func ownRequest(r *http.Request) error {
	port := ""
	if a, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok {
		_, port, _ = net.SplitHostPort(a.String())
	}
	if !ownHost(r.Host, port) {
		return fmt.Errorf("forbidden: the request is addressed to %q, not to this server (an IP address or localhost at port %s)", r.Host, port)
	}
	if o := r.Header.Get("Origin"); o != "" {
		u, err := url.Parse(o)
		if err != nil || u.Scheme != "http" || u.Host != r.Host {
			return fmt.Errorf("forbidden: a request from the page of %q, not this server's", o)
		}
	}
	return nil
}

// ownHost reports whether host (a Host header) names the server listening
// at port: an IP address or localhost, at that port. A DNS name other than
// localhost is what DNS rebinding uses, and the server has none.
func ownHost(host, port string) bool {
	h, p, err := net.SplitHostPort(host)
	if err != nil || p != port {
		return false
	}
	return h == "localhost" || net.ParseIP(h) != nil
}
