package engine

// AssetProvider is implemented by games whose browser renderer needs data
// beyond the views: content that is the same in every match and that the
// views only name, such as the cards as printed (a view names a card
// "woodsman#57") or the grid spaces each attack area hits. The server
// serves it, as JSON, at /api/games/GAME/assets, and knows no game to do
// so; a game that is not an AssetProvider serves {}.
type AssetProvider interface {
	// Assets returns the game's data for its renderer, as a value that
	// marshals to JSON. It depends on nothing but the game's content, so
	// that its JSON is the same on every call; it does not change any
	// state, and it holds no secret of any match.
	Assets() any
}
