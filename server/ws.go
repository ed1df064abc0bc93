package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"sync"
	"time"

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
	seat engine.Seat
	send chan []byte
	done chan struct{}
	once sync.Once
}

// enqueue queues b for sending, closing a connection that cannot keep up.
func (c *conn) enqueue(b []byte) {
	select {
	case c.send <- b:
	default:
		c.close()
	}
}

func (c *conn) close() { c.once.Do(func() { close(c.done) }) }

// writer sends the queued frames until the connection is closed.
func (c *conn) writer() {
	for {
		select {
		case b := <-c.send:
			ctx, cancel := context.WithTimeout(context.Background(), writeTimeout)
			err := c.ws.Write(ctx, websocket.MessageText, b)
			cancel()
			if err != nil {
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
	ws, err := websocket.Accept(w, r, nil)
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
	c := &conn{ws: ws, seat: seat, send: make(chan []byte, sendBuffer), done: make(chan struct{})}
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
	for {
		typ, data, err := ws.Read(ctx)
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

func decodeMessage(data []byte, msg *ClientMessage) error {
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
		_, err := l.submit(ctx, c.seat, msg.Action, want, false, func(seq int) {
			b, _ := json.Marshal(ackFrame{Type: "ack", ID: msg.ID, Seq: seq})
			c.enqueue(b)
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
