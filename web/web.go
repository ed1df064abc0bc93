// Package web is skald's browser client: plain ES modules, SVG and CSS,
// embedded in the binary, with no build step. static/index.html is the one
// page; static/js/app.js routes between the lobby (/), a match (/m/ID) and
// the replay viewer (/r/ID). Each game may have a renderer of its own in
// static/js/games/GAME.js, registered in static/js/games/index.js; a game
// without one is drawn by the generic renderer from its view's JSON, and
// every game's legal actions are always offered as buttons.
package web

import (
	"embed"
	"io/fs"
)

//go:embed static
var static embed.FS

// FS returns the client's files, index.html at the root.
func FS() fs.FS {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic(err)
	}
	return sub
}
