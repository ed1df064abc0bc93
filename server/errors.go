package server

import (
	"errors"
	"fmt"
	"net/http"

	"skald/engine"
	"skald/store"
)

// Error codes, the small set every failure maps to; each has an HTTP
// status and is the "code" of a WebSocket error frame.
const (
	EINVALID      = "invalid"      // the request is malformed or names something that is not there
	ENOTFOUND     = "not_found"    // no such match
	EUNAUTHORIZED = "unauthorized" // no token, or a token that is not this match's
	EFORBIDDEN    = "forbidden"    // the token may not do this (a spectator acting, another seat's action)
	EILLEGAL      = "illegal"      // the rules forbid the action; Rule cites the rule
	ECONFLICT     = "conflict"     // the match moved on since the client looked (a stale seq)
	ETOOLARGE     = "too_large"    // a message over the size limit
	ELIMITED      = "limited"      // over a limit of the server (its name and value are in the message); try later
	EFAILED       = "failed"       // the match failed (its game or a bot broke) and takes no more actions
	EINTERNAL     = "internal"     // the server failed; nothing was changed
)

// Error is an error with a code that clients can act on and a message for
// people.
type Error struct {
	Code    string
	Message string
	// Rule cites the rule an illegal action breaks.
	Rule string
}

func (e *Error) Error() string {
	if e.Rule != "" {
		return fmt.Sprintf("%s: %s [%s]", e.Code, e.Message, e.Rule)
	}
	return e.Code + ": " + e.Message
}

// Errorf returns an *Error with the given code.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the code of err: that of an *Error in its chain,
// EILLEGAL for an *engine.IllegalError, ENOTFOUND and ECONFLICT for the
// store's errors, EINTERNAL otherwise.
func ErrorCode(err error) string {
	var e *Error
	var ill *engine.IllegalError
	switch {
	case err == nil:
		return ""
	case errors.As(err, &e):
		return e.Code
	case errors.As(err, &ill):
		return EILLEGAL
	case errors.Is(err, store.ErrNotFound):
		return ENOTFOUND
	case errors.Is(err, store.ErrConflict):
		return ECONFLICT
	case errors.Is(err, store.ErrClosed):
		return ECONFLICT
	}
	return EINTERNAL
}

// ErrorMessage returns the message of err for people; an internal error's
// details are not shown (they are logged).
func ErrorMessage(err error) string {
	var e *Error
	var ill *engine.IllegalError
	switch {
	case err == nil:
		return ""
	case errors.As(err, &e):
		return e.Message
	case errors.As(err, &ill):
		return ill.Why
	case errors.Is(err, store.ErrNotFound):
		return "no such match"
	case errors.Is(err, store.ErrConflict):
		return "the match moved on; look again"
	case errors.Is(err, store.ErrClosed):
		return "the match is not being played any more"
	}
	return "internal error"
}

// errorRule returns the rule an illegal action breaks, if err is one.
func errorRule(err error) string {
	var e *Error
	var ill *engine.IllegalError
	switch {
	case errors.As(err, &e):
		return e.Rule
	case errors.As(err, &ill):
		return ill.Rule
	}
	return ""
}

var codeStatus = map[string]int{
	EINVALID:      http.StatusBadRequest,
	ENOTFOUND:     http.StatusNotFound,
	EUNAUTHORIZED: http.StatusUnauthorized,
	EFORBIDDEN:    http.StatusForbidden,
	EILLEGAL:      http.StatusUnprocessableEntity,
	ECONFLICT:     http.StatusConflict,
	ETOOLARGE:     http.StatusRequestEntityTooLarge,
	ELIMITED:      http.StatusTooManyRequests,
	EFAILED:       http.StatusConflict,
	EINTERNAL:     http.StatusInternalServerError,
}

// ErrorStatus returns the HTTP status of err's code.
func ErrorStatus(err error) int {
	if s, ok := codeStatus[ErrorCode(err)]; ok {
		return s
	}
	return http.StatusInternalServerError
}
