// Package battlefield is the battlefield of Tactics David (seed 004, rule
// book "The Battlefield", "Conditions", and the Battlefield Book V3.2): the
// grid of terrain types, the terrain pieces and their heights, the
// deployment areas, the attack areas MA-MK and RA-RI, the Range Area and
// Line of Sight.
//
// # The battlefield format
//
// A battlefield is a plain-text file a player can draw (FORMAT.md has the
// full description). Lines starting with # and blank lines are ignored.
// Fields are "field: value": name (required), size "WxH" (required, before
// the grids; the book's sizes are 7x11, 14x11 and 14x22), players
// (default 2), purchase ("50-100") and about (repeated for more lines).
// Three grids follow their header lines "terrain:", "pieces:" and
// "deploy:", each H rows of W characters, the first row the north edge:
//
//	terrain  . Field   F Forest   W Water   R Road
//	pieces   . none    0-3 an unnamed piece of that height
//	         - a Bridge running east-west, | a Bridge running north-south
//	         a letter: the piece of the line "piece LETTER HEIGHT NAME"
//	deploy   . nobody  1-9 the player who may deploy there
//
// Only terrain is required. Grid spaces are named x,y from 0,0 at the
// north-west corner. Errors read "file:line:column: field: what is wrong".
//
//	name: Open Field 7x11
//	size: 7x11
//	terrain:
//	.......
//	...          (11 rows of 7)
//	deploy:
//	1111111
//	...
//
// # Attack areas
//
// data/areas.txt draws each attack area for a unit facing north: @ the
// attacker (melee areas), T the target square (ranged areas), X another
// square hit. [Area.Squares] turns an area to the attacker's facing and
// lists the squares it hits on a battlefield, into the caller's buffer.
//
// # Range Area and Line of Sight
//
// [Battlefield.RangeArea] lists the squares a ranged unit may target by
// "rise and run" (figures 5.1-5.6), [Battlefield.LineOfSight] draws the
// book's line from the front edge of the unit's square, and
// [Battlefield.Targets] combines them with the Forest rules.
//
// Every reconstruction of a lost picture or reading of an unclear rule is
// a ruling, numbered TD-B1, TD-B2... in docs/rulings/tacticsdavid.md.
package battlefield
