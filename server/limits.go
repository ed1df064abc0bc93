package server

import (
	"flag"
	"fmt"
	"net"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/net/netutil"
	"golang.org/x/time/rate"

	"skald/ai"
)

// Limits bounds every resource a client can ask of a Server. Each has a
// default (DefaultLimits), a flag of `skald serve` of the same name
// (Limits.Flags), and a request over a limit is refused with an error
// that names the limit and its value and changes nothing.
type Limits struct {
	// Bot bounds each bot's budget (flags bot-iters, bot-time,
	// bot-depth): a seat asking for more is refused when the match is
	// created, and a stored match whose bot asks for more (a limit
	// lowered since) fails rather than runs it.
	Bot ai.Limits
	// BotSearches is how many bots may think at once across all matches;
	// the others wait their turn. The default leaves one core for the
	// people's actions: the number of cores less one, at least one.
	BotSearches int
	// CreatesPerMinute is how many matches (rematches included) one
	// client address may create a minute, after a burst of CreateBurst.
	CreatesPerMinute int
	CreateBurst      int
	// Unstarted is the most matches, over all clients, that are being
	// played with no action stored yet.
	Unstarted int
	// UnstartedAge ends a match in which nobody acted for this long
	// after it was created.
	UnstartedAge time.Duration
	// IdleAge ends a started match in which nobody acted for this long.
	IdleAge time.Duration
	// OptionBytes bounds a match's options as stored: the bytes of their
	// names and values.
	OptionBytes int
	// Body bounds a request's body, in bytes.
	Body int64
	// Message bounds a WebSocket message, in bytes.
	Message int64
	// ConnsPerMatch and ConnsPerToken bound the WebSocket connections
	// to one match and through one seat's or spectator's link.
	ConnsPerMatch, ConnsPerToken int
	// Conns bounds the HTTP connections open at once, WebSockets
	// included; further connections wait to be accepted.
	Conns int
	// HeaderTimeout bounds the reading of a request's headers,
	// BodyTimeout of the whole request, WriteTimeout of the response and
	// IdleTimeout how long a keep-alive connection waits for the next
	// request. A WebSocket is exempt from the request timeouts once
	// upgraded: PingInterval and PingTimeout check that its peer is
	// there instead.
	HeaderTimeout, BodyTimeout, WriteTimeout, IdleTimeout time.Duration
	PingInterval, PingTimeout                             time.Duration
}

// DefaultLimits returns the limits of a server whose Config sets none.
func DefaultLimits() Limits {
	return Limits{
		Bot:         ai.Limits{MaxIterations: 20000, MaxTime: 5 * time.Second, MaxDepth: 1000},
		BotSearches: max(1, runtime.GOMAXPROCS(0)-1), // a core left for people

		CreatesPerMinute: 30,
		CreateBurst:      10,
		Unstarted:        1000,
		UnstartedAge:     24 * time.Hour,
		IdleAge:          30 * 24 * time.Hour,
		OptionBytes:      16 << 10,
		Body:             64 << 10,
		Message:          8 << 10,
		ConnsPerMatch:    64,
		ConnsPerToken:    16,
		Conns:            4096,
		HeaderTimeout:    10 * time.Second,
		BodyTimeout:      30 * time.Second,
		WriteTimeout:     60 * time.Second,
		IdleTimeout:      120 * time.Second,
		PingInterval:     30 * time.Second,
		PingTimeout:      15 * time.Second,
	}
}

// limit describes one field of Limits: its flag's name and help, and where
// it is.
type limit struct {
	name, help string
	// shown is the default as the documentation gives it, when it is not
	// one number on every machine.
	shown string
	int   *int
	int64 *int64
	dur   *time.Duration
}

// table lists l's fields; every use of a limit's name comes from here.
func (l *Limits) table() []limit {
	return []limit{
		{name: "bot-iters", help: "the most iterations a bot may search per choice", int: &l.Bot.MaxIterations},
		{name: "bot-time", help: "the most time a bot may think per choice", dur: &l.Bot.MaxTime},
		{name: "bot-depth", help: "the longest playout a bot may ask for before it judges a position", int: &l.Bot.MaxDepth},
		{name: "bot-searches", help: "bots thinking at once, over all matches; the others wait", int: &l.BotSearches, shown: "cores − 1 (at least 1)"},
		{name: "creates-per-minute", help: "matches one client address may create a minute", int: &l.CreatesPerMinute},
		{name: "create-burst", help: "matches one client address may create at once before the rate applies", int: &l.CreateBurst},
		{name: "unstarted", help: "matches with no action yet, over all clients", int: &l.Unstarted},
		{name: "unstarted-age", help: "a match nobody acted in is ended after this long", dur: &l.UnstartedAge},
		{name: "idle-age", help: "a started match nobody acted in for this long is ended", dur: &l.IdleAge},
		{name: "max-options", help: "bytes of a match's options (a battlefield's or a deck's text included)", int: &l.OptionBytes},
		{name: "max-body", help: "bytes of a request's body", int64: &l.Body},
		{name: "max-message", help: "bytes of a WebSocket message", int64: &l.Message},
		{name: "conns-per-match", help: "WebSocket connections to one match", int: &l.ConnsPerMatch},
		{name: "conns-per-token", help: "WebSocket connections through one invitation or spectator link", int: &l.ConnsPerToken},
		{name: "conns", help: "HTTP connections open at once; more wait to be accepted", int: &l.Conns},
		{name: "header-timeout", help: "time to read a request's headers", dur: &l.HeaderTimeout},
		{name: "body-timeout", help: "time to read a whole request", dur: &l.BodyTimeout},
		{name: "write-timeout", help: "time to write a response", dur: &l.WriteTimeout},
		{name: "idle-timeout", help: "time a keep-alive connection waits for its next request", dur: &l.IdleTimeout},
		{name: "ping-interval", help: "time between pings of a WebSocket", dur: &l.PingInterval},
		{name: "ping-timeout", help: "time a WebSocket's peer has to answer a ping", dur: &l.PingTimeout},
	}
}

// Flags defines a flag for each limit in fs, with l's values as defaults.
func (l *Limits) Flags(fs *flag.FlagSet) {
	for _, f := range l.table() {
		switch {
		case f.int != nil:
			fs.IntVar(f.int, f.name, *f.int, "limit: "+f.help)
		case f.int64 != nil:
			fs.Int64Var(f.int64, f.name, *f.int64, "limit: "+f.help)
		default:
			fs.DurationVar(f.dur, f.name, *f.dur, "limit: "+f.help)
		}
	}
}

// Check returns an error naming the first limit that is not positive.
func (l *Limits) Check() error {
	for _, f := range l.table() {
		switch {
		case f.int != nil && *f.int <= 0, f.int64 != nil && *f.int64 <= 0, f.dur != nil && *f.dur <= 0:
			return fmt.Errorf("limit %s=%s: want a positive value", f.name, f.value())
		}
	}
	return nil
}

// withDefaults returns l with every zero field set to its default.
func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	dt := d.table()
	for i, f := range l.table() {
		switch {
		case f.int != nil && *f.int == 0:
			*f.int = *dt[i].int
		case f.int64 != nil && *f.int64 == 0:
			*f.int64 = *dt[i].int64
		case f.dur != nil && *f.dur == 0:
			*f.dur = *dt[i].dur
		}
	}
	return l
}

func (f limit) value() string {
	switch {
	case f.int != nil:
		return strconv.Itoa(*f.int)
	case f.int64 != nil:
		return strconv.FormatInt(*f.int64, 10)
	}
	return f.dur.String()
}

// String lists the limits as name=value, one a line, in the order of the
// flags.
func (l *Limits) String() string {
	var b strings.Builder
	for _, f := range l.table() {
		fmt.Fprintf(&b, "%s=%s\n", f.name, f.value())
	}
	return b.String()
}

// Markdown returns the limits as a Markdown table of flag, value and
// meaning, for the documentation; docs/STATUS.md holds the defaults'.
func (l *Limits) Markdown() string {
	var b strings.Builder
	b.WriteString("| flag | default | what it bounds |\n|---|---|---|\n")
	for _, f := range l.table() {
		v := f.value()
		if f.shown != "" {
			v = f.shown
		}
		fmt.Fprintf(&b, "| `--%s` | %s | %s |\n", f.name, v, f.help)
	}
	return b.String()
}

// limited returns the error of a request over the limit called name.
func (l *Limits) limited(name, format string, args ...any) *Error {
	for _, f := range l.table() {
		if f.name == name {
			return &Error{Code: ELIMITED, Message: fmt.Sprintf(format, args...) + fmt.Sprintf(" (limit %s=%s)", f.name, f.value())}
		}
	}
	return &Error{Code: ELIMITED, Message: fmt.Sprintf(format, args...)}
}

// HTTPServer returns an http.Server for s whose timeouts are s's limits.
func (s *Server) HTTPServer() *http.Server {
	l := s.limits
	return &http.Server{
		Handler:           s,
		ReadHeaderTimeout: l.HeaderTimeout,
		ReadTimeout:       l.BodyTimeout,
		WriteTimeout:      l.WriteTimeout,
		IdleTimeout:       l.IdleTimeout,
		MaxHeaderBytes:    16 << 10,
		ErrorLog:          nil,
	}
}

// Listener returns ln bounded to the limit of connections open at once.
func (s *Server) Listener(ln net.Listener) net.Listener {
	return netutil.LimitListener(ln, s.limits.Conns)
}

// creators limits how fast each client address creates matches.
type creators struct {
	mu    sync.Mutex
	every rate.Limit
	burst int
	by    map[string]*creator
}

type creator struct {
	lim  *rate.Limiter
	seen time.Time
}

func newCreators(perMinute, burst int) *creators {
	return &creators{every: rate.Limit(float64(perMinute) / 60), burst: burst, by: map[string]*creator{}}
}

// allow reports whether addr may create a match now, and counts it if so.
func (c *creators) allow(addr string, now time.Time) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.by) >= 10000 {
		// Forget the addresses whose bucket has filled up again.
		full := time.Duration(float64(c.burst)/float64(c.every)*float64(time.Second)) + time.Second
		for a, cr := range c.by {
			if now.Sub(cr.seen) > full {
				delete(c.by, a)
			}
		}
	}
	cr := c.by[addr]
	if cr == nil {
		cr = &creator{lim: rate.NewLimiter(c.every, c.burst)}
		c.by[addr] = cr
	}
	cr.seen = now
	return cr.lim.AllowN(now, 1)
}

// clientAddr returns the address a request comes from, without its port.
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
