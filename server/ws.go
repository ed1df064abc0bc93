package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"net"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"

	"net/http"

	"skald/engine"
)

// sendBuffer is how many frames may wait for a slow connection; past that
// the connection is closed and the client reconnects and resyncs.
const sendBuffer = 64

// writeTimeout bounds the writing of one frame.
const writeTimeout = 10 * time.Second

// conn is one WebSocket connection of a seat or a spectator to a match.
type conn struct {
	ws   *websocket.Conn
	raw  *corkConn
	seat engine.Seat
	send chan outgoing
	done chan struct{}
	once sync.Once
}

// outgoing is what is queued for a connection at once: a message, or two
// that go together (an action's ack and the frame of its step).
type outgoing struct{ first, second []byte }

// enqueue queues b for sending, closing a connection that cannot keep up.
func (c *conn) enqueue(b []byte) { c.enqueueTwo(b, nil) }

// enqueueTwo queues a, then b if not nil, as one.
func (c *conn) enqueueTwo(a, b []byte) {
	select {
	case c.send <- outgoing{a, b}:
	default:
		c.close()
	}
}

func (c *conn) close() { c.once.Do(func() { close(c.done) }) }

// maxGather is the most queued messages the writer sends in one write.
const maxGather = 32

// writer sends the queued frames until the connection is closed. The
// messages queued when it wakes (an ack and its frame, the frames of
// steps that came quickly) go out in one write to the socket rather than
// one each: the WebSocket library flushes every message it writes, and
// a write to a socket costs more than the frame it carries.
func (c *conn) writer() {
	for {
		select {
		case m := <-c.send:
			if err := c.write(m); err != nil {
				c.close()
				c.ws.CloseNow()
				return
			}
		case <-c.done:
			c.ws.Close(websocket.StatusGoingAway, "closed")
			return
		}
	}
}

// write sends m and whatever else is queued, up to maxGather messages.
func (c *conn) write(m outgoing) error {
	if c.raw == nil {
		ctx, cancel := context.WithTimeout(context.Background(), writeTimeout)
		defer cancel()
		if err := c.ws.Write(ctx, websocket.MessageText, m.first); err != nil {
			return err
		}
		if m.second != nil {
			return c.ws.Write(ctx, websocket.MessageText, m.second)
		}
		return nil
	}
	// Gathered in memory, the writes cannot block: the one write of the
	// whole has the deadline.
	c.raw.cork()
	ctx := context.Background()
	var err error
	for n := 0; err == nil; n++ {
		if err = c.ws.Write(ctx, websocket.MessageText, m.first); err == nil && m.second != nil {
			err = c.ws.Write(ctx, websocket.MessageText, m.second)
		}
		if n == maxGather {
			break
		}
		select {
		case m = <-c.send:
			continue
		default:
		}
		break
	}
	if ferr := c.raw.uncork(writeTimeout); err == nil {
		err = ferr
	}
	return err
}

// corkConn is the network connection under a WebSocket. While it is
// corked, what is written to it is gathered; uncork writes it at once.
// Writes from other goroutines (pings, the close handshake) go through
// the same lock, so nothing is written out of order.
type corkConn struct {
	net.Conn
	mu     sync.Mutex
	corked bool
	buf    []byte
	// deadline is the write deadline set on Conn: writes made at least
	// half a timeout before it are left under it, rather than setting a
	// deadline and clearing it around each one (two changes to the
	// runtime's timers a write).
	deadline time.Time
}

func (c *corkConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.corked {
		c.buf = append(c.buf, p...)
		return len(p), nil
	}
	c.armWrite(writeTimeout)
	return c.Conn.Write(p)
}

// armWrite makes sure that a write begun now has between timeout/2 and
// timeout to finish. c.mu is held.
func (c *corkConn) armWrite(timeout time.Duration) {
	now := time.Now()
	if c.deadline.Sub(now) >= timeout/2 {
		return
	}
	c.deadline = now.Add(timeout)
	c.Conn.SetWriteDeadline(c.deadline)
}

func (c *corkConn) cork() {
	c.mu.Lock()
	c.corked = true
	c.mu.Unlock()
}

// uncork writes what was gathered, within timeout.
func (c *corkConn) uncork(timeout time.Duration) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.corked = false
	if len(c.buf) == 0 {
		return nil
	}
	c.armWrite(timeout)
	_, err := c.Conn.Write(c.buf)
	if cap(c.buf) > 256<<10 {
		c.buf = nil // a large resync: do not keep its room
	} else {
		c.buf = c.buf[:0]
	}
	return err
}

// corkWriter hands the WebSocket library a corkConn when it takes the
// connection over.
type corkWriter struct {
	http.ResponseWriter
	conn *corkConn
}

func (w *corkWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	nc, brw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	w.conn = &corkConn{Conn: nc}
	// The library writes through the hijacked bufio.Writer: make it
	// write to the corkConn (net/http flushed the response's head
	// before handing it over; flush anyway, in order).
	if err := brw.Writer.Flush(); err != nil {
		nc.Close()
		return nil, nil, err
	}
	brw.Writer.Reset(w.conn)
	return w.conn, brw, nil
}

func (w *corkWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// pinger pings the peer every interval and closes the connection when a
// ping is not answered within timeout.
func (c *conn) pinger(interval, timeout time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-c.done:
			return
		case <-t.C:
			ctx, cancel := context.WithTimeout(context.Background(), timeout)
			err := c.ws.Ping(ctx)
			cancel()
			if err != nil {
				c.close()
				c.ws.CloseNow()
				return
			}
		}
	}
}

// reserve counts a WebSocket to match id through the token whose hash is
// token, or refuses it when the match or the token has as many as the
// limits allow. The returned function releases it.
func (s *Server) reserve(id, token string) (release func(), err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.matchConns == nil {
		s.matchConns = map[string]int{}
	}
	if s.matchConns[id] >= s.limits.ConnsPerMatch {
		return nil, s.limits.limited("conns-per-match", "match %s has %d connections open", id, s.matchConns[id])
	}
	if s.tokens[token] >= s.limits.ConnsPerToken {
		return nil, s.limits.limited("conns-per-token", "this link has %d connections open to the match", s.tokens[token])
	}
	s.matchConns[id]++
	s.tokens[token]++
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.matchConns[id]--; s.matchConns[id] <= 0 {
			delete(s.matchConns, id)
		}
		if s.tokens[token]--; s.tokens[token] <= 0 {
			delete(s.tokens, token)
		}
	}, nil
}

// ClientMessage is a message from a client. Type "act" plays Action for
// the connection's seat; Seq, if given, is the number of steps the client
// has seen, and the action is refused if the match has moved on since. ID
// is echoed in the answer: an "ack" with the action's step, or an
// "error".
type ClientMessage struct {
	Type   string `json:"type"`
	ID     int64  `json:"id,omitempty"`
	Action string `json:"action,omitempty"`
	Seq    *int   `json:"seq,omitempty"`
}

// ackFrame tells a client its action was stored as step Seq.
type ackFrame struct {
	Type string `json:"type"` // "ack"
	ID   int64  `json:"id,omitempty"`
	Seq  int    `json:"seq"`
}

// marshal returns the ack as JSON, as encoding/json writes it.
func (a ackFrame) marshal() []byte {
	b := make([]byte, 0, 48)
	b = append(b, `{"type":`...)
	b = appendJSONString(b, a.Type)
	if a.ID != 0 {
		b = append(b, `,"id":`...)
		b = strconv.AppendInt(b, a.ID, 10)
	}
	b = append(b, `,"seq":`...)
	b = strconv.AppendInt(b, int64(a.Seq), 10)
	return append(b, '}')
}

// handleWS serves /api/matches/{id}/ws?token=T[&player=KEY]: the token
// decides the seat (or the spectator); the connection first receives the
// whole match as that seat sees it, then a frame after every step.
func (s *Server) handleWS(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.PathValue("id")
	m, err := s.store.Match(ctx, id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	token := bearer(r)
	var seat engine.Seat
	watcher := token == "" && m.Public
	if watcher {
		// Anyone may watch a public match, as its spectator sees it.
		seat, token = engine.Spectator, "watch:"+clientAddr(r)
	} else if seat, err = authorize(m, token); err != nil {
		s.fail(w, r, err)
		return
	}
	key := r.URL.Query().Get("player")
	if key != "" && (len(key) < 16 || len(key) > 128) {
		s.fail(w, r, Errorf(EINVALID, "player: want the player's key (16 to 128 characters)"))
		return
	}
	release, err := s.reserve(id, hashToken(token))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	defer release()
	// The request's deadlines (Limits.BodyTimeout, WriteTimeout) do not
	// bound a WebSocket; pings check that its peer is there.
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Time{})
	rc.SetWriteDeadline(time.Time{})
	cw := &corkWriter{ResponseWriter: w}
	ws, err := websocket.Accept(cw, r, nil)
	if err != nil {
		return // Accept has answered
	}
	ws.SetReadLimit(s.limits.Message)
	if key != "" && !watcher {
		// Noted only once the connection is open, so that a request that
		// is never upgraded stores nothing.
		if err := s.store.AddPlayer(ctx, hashToken("player:"+key), id, seat); err != nil {
			s.log.Error("ws add player", "match", id, "err", err)
			ws.Close(websocket.StatusInternalError, ErrorMessage(err))
			return
		}
	}
	c := &conn{ws: ws, raw: cw.conn, seat: seat, send: make(chan outgoing, sendBuffer), done: make(chan struct{})}
	var l *live
	for {
		if l, err = s.get(ctx, id); err == nil {
			if err = l.join(c); !errors.Is(err, errEvicted) {
				break
			}
		} else {
			break
		}
	}
	if err != nil {
		s.log.Error("ws join", "match", id, "err", err)
		ws.Close(websocket.StatusInternalError, ErrorMessage(err))
		return
	}
	s.metrics.conns.Inc()
	s.log.Info("ws open", "match", id, "seat", engine.SeatName(l.game, seat))
	defer func() {
		l.leave(c)
		c.close()
		s.metrics.conns.Dec()
		s.log.Info("ws closed", "match", id, "seat", engine.SeatName(l.game, seat))
	}()
	go c.pinger(s.limits.PingInterval, s.limits.PingTimeout)
	go c.writer()
	// Reads wait without a context of their own (the library arms and
	// disarms a timer for each one that has): the connection is closed
	// when ctx is done, which ends a read.
	stop := context.AfterFunc(ctx, func() { ws.CloseNow() })
	defer stop()
	var in bytes.Buffer
	for {
		typ, data, err := readMessage(ws, &in)
		if err != nil {
			// A message over the limit closes the connection with
			// StatusMessageTooBig (1009) and the reason; nothing changes.
			return
		}
		var msg ClientMessage
		if typ != websocket.MessageText {
			err = Errorf(EINVALID, "send JSON text messages")
		} else {
			err = decodeMessage(data, &msg)
		}
		if err == nil {
			err = s.handleMessage(ctx, l, c, &msg)
		}
		if err != nil {
			if ErrorCode(err) == EINTERNAL {
				s.log.Error("ws message", "match", id, "err", err)
			}
			b, _ := json.Marshal(errorFrame(err, msg.ID))
			c.enqueue(b)
		}
		select {
		case <-c.done:
			return
		default:
		}
	}
}

// readMessage reads the next message into buf, whose room is kept from
// one message to the next, and returns it (valid until the next read).
func readMessage(ws *websocket.Conn, buf *bytes.Buffer) (websocket.MessageType, []byte, error) {
	typ, r, err := ws.Reader(context.Background())
	if err != nil {
		return 0, nil, err
	}
	if buf.Cap() > 1<<20 {
		*buf = bytes.Buffer{} // a large message once: do not keep its room
	}
	buf.Reset()
	if _, err := buf.ReadFrom(r); err != nil {
		return 0, nil, err
	}
	return typ, buf.Bytes(), nil
}

func decodeMessage(data []byte, msg *ClientMessage) error {
	if quickDecode(data, msg) {
		return nil
	}
	*msg = ClientMessage{}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(msg); err != nil {
		return Errorf(EINVALID, "malformed JSON: %v", err)
	}
	if dec.More() {
		return Errorf(EINVALID, "malformed JSON: data after the object")
	}
	return nil
}

func (s *Server) handleMessage(ctx context.Context, l *live, c *conn, msg *ClientMessage) error {
	switch msg.Type {
	case "act":
		if c.seat == engine.Spectator {
			return Errorf(EFORBIDDEN, "a spectator cannot act")
		}
		if msg.Action == "" {
			return Errorf(EINVALID, "act: no action")
		}
		want := -1
		if msg.Seq != nil {
			if *msg.Seq < 0 {
				return Errorf(EINVALID, "act: seq %d: want the number of steps you have seen (0 or more)", *msg.Seq)
			}
			want = *msg.Seq
		}
		_, err := l.submit(ctx, c.seat, msg.Action, want, false, func(seq int) (*conn, []byte) {
			return c, ackFrame{Type: "ack", ID: msg.ID, Seq: seq}.marshal()
		})
		return err
	case "sync":
		l.mu.Lock()
		c.enqueue(l.frame(c.seat, 0, true))
		l.mu.Unlock()
		return nil
	}
	return Errorf(EINVALID, "unknown message type %q (act, sync)", msg.Type)
}

// quickDecode decodes data into msg, and reports true, if data is a
// message as clients write it: one compact object, each of type, id,
// action and seq at most once and spelled so, ASCII strings without
// escapes and integers that fit. That is what encoding/json would decode
// too (TestQuickDecode); anything else is left to it (false), with its
// errors. A decoder made for every message was 2% of the server's CPU.
func quickDecode(data []byte, msg *ClientMessage) bool {
	*msg = ClientMessage{}
	if len(data) < 2 || data[0] != '{' || data[len(data)-1] != '}' {
		return false
	}
	i, end := 1, len(data)-1
	var seen [4]bool
	for n := 0; i < end; n++ {
		if n > 0 {
			if data[i] != ',' || i+1 == end {
				return false
			}
			i++
		}
		key, next, ok := quickString(data, i, end)
		if !ok || next >= end || data[next] != ':' {
			return false
		}
		i = next + 1
		var field int
		switch key {
		case "type", "action":
			v, next, ok := quickString(data, i, end)
			if !ok {
				return false
			}
			if key == "type" {
				field, msg.Type = 0, v
			} else {
				field, msg.Action = 1, v
			}
			i = next
		case "id":
			v, next, ok := quickInt(data, i, end)
			if !ok {
				return false
			}
			field, msg.ID, i = 2, v, next
		case "seq":
			v, next, ok := quickInt(data, i, end)
			if !ok || v < math.MinInt32 || v > math.MaxInt32 {
				return false
			}
			seq := int(v)
			field, msg.Seq, i = 3, &seq, next
		default:
			return false
		}
		if seen[field] {
			return false
		}
		seen[field] = true
	}
	return i == end
}

// quickString reads the string at data[i:end] if it is ASCII without
// escapes, and returns it and the index after it.
func quickString(data []byte, i, end int) (string, int, bool) {
	if i >= end || data[i] != '"' {
		return "", 0, false
	}
	for j := i + 1; j < end; j++ {
		switch c := data[j]; {
		case c == '"':
			return string(data[i+1 : j]), j + 1, true
		case c < 0x20 || c == '\\' || c >= utf8.RuneSelf:
			return "", 0, false
		}
	}
	return "", 0, false
}

// quickInt reads the integer at data[i:end] (an optional minus, then 0 or
// digits not starting with 0, at most 18 of them) and returns it and the
// index after it.
func quickInt(data []byte, i, end int) (int64, int, bool) {
	neg := i < end && data[i] == '-'
	if neg {
		i++
	}
	j := i
	var v int64
	for j < end && data[j] >= '0' && data[j] <= '9' {
		v = v*10 + int64(data[j]-'0')
		j++
	}
	if j == i || j-i > 18 || (data[i] == '0' && j-i > 1) {
		return 0, 0, false
	}
	if j < end && (data[j] == '.' || data[j] == 'e' || data[j] == 'E') {
		return 0, 0, false
	}
	if neg {
		v = -v
	}
	return v, j, true
}
