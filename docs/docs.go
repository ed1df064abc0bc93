// Package docs embeds the parts of skald's documentation that the skald
// command prints, such as each game's rulings.
package docs

import (
	"embed"
)

//go:embed rulings/*.md
var rulings embed.FS

// Rulings returns the rulings made for game, as Markdown, or "" if there
// are none.
func Rulings(game string) string {
	b, err := rulings.ReadFile("rulings/" + game + ".md")
	if err != nil {
		return ""
	}
	return string(b)
}
