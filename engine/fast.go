package engine

// FastPath is implemented by states with a fast path for the loops that
// play many actions without looking at them: random playouts and search.
// It changes no rule: a state reaches by it exactly the state (the same
// hash) that Deciders, Legal and Apply reach, which the conformance suite
// checks at every position it plays.
type FastPath interface {
	// NextLegal appends to buf the legal actions of the lowest deciding
	// seat, Legal(Deciders().First(), buf), and returns it; nothing when
	// no seat decides. The seat is the actions' Seat.
	NextLegal(buf []Action) []Action
	// ApplyLegal plays a as Apply(a, nil) would, but does not check it
	// again: a must be one of the actions that Legal (or NextLegal) lists
	// for the state as it is now. It is only for actions the state itself
	// has just listed, never for an action from outside (a player, a
	// record, the server): those go through Apply, which refuses what the
	// rules forbid. An action Legal would not list may do anything.
	ApplyLegal(a Action)
}

// RandomPlayer is implemented by states that play random actions in a
// loop of their own: the loop of a [FastPath] with its calls made
// directly, not through the State interface, which is a good part of the
// cost of an action in a small game. It is for random playouts only.
type RandomPlayer interface {
	// PlayRandom plays at most limit actions and returns how many it
	// played and buf, grown as needed. Each action is, exactly,
	//
	//	buf = NextLegal(buf[:0])  // stop if empty
	//	ApplyLegal(buf[r.IntN(len(buf))])
	//
	// so that it draws from r what that loop draws and reaches the same
	// state; it stops early when no seat decides.
	PlayRandom(r *Rand, buf []Action, limit int) (int, []Action)
}

// Copier is implemented by states that can copy themselves into another
// state of the same game, reusing its memory instead of allocating.
type Copier interface {
	// CloneInto makes dst an independent copy of the state, as Clone
	// would, and reports whether it could; dst is not changed when it
	// could not (a dst of another game, or nil).
	CloneInto(dst State) bool
}

// CloneInto returns an independent copy of s: dst, overwritten, when s is
// a [Copier] that can copy itself into dst, otherwise s.Clone(). dst may
// be nil, and must not be s or anything still in use: a loop that plays
// from one position many times keeps one dst and passes it each time.
func CloneInto(dst, s State) State {
	if c, ok := s.(Copier); ok && dst != nil && c.CloneInto(dst) {
		return dst
	}
	return s.Clone()
}

// NextLegal appends the legal actions of the lowest deciding seat of s to
// buf, by the state's [FastPath] if it has one.
func NextLegal(s State, buf []Action) []Action {
	if f, ok := s.(FastPath); ok {
		return f.NextLegal(buf)
	}
	seat := s.Deciders().First()
	if seat == Spectator {
		return buf
	}
	return s.Legal(seat, buf)
}
