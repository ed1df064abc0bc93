package bloodrage

import (
	"fmt"

	"skald/engine"
)

// ActionParts says what a names (engine.ActionDescriber), in the order its
// text names them and by the ids the View gives those things:
//
//   - pick, quest, play, add, keep <card>: the card's id ("keep nothing"
//     names nothing); upgrade <card> [over <card>]: the card and the
//     upgrade it replaces, as the clan's upgrades list it;
//   - invade, domain <figure> <location>, call <figure> from <location>:
//     the figure's kind (leader, warrior, ship or a monster's card id, as
//     a FigureView's kind and the reserve and Valhalla name it) and the
//     province's or fjord's id; march <from> <to>: the two locations;
//   - move, save, spare <figure>: the kind; sacrifice <figure> <figure>
//     <stat>: the two kinds and the stat's name (rage, axes, horns, as the
//     clans' stats key it);
//   - pillage, challenge, lead, succor <province>: the province;
//   - bump <clan> <figure> <province>: the clan's name, its figure's kind
//     and the province;
//   - raise <stat>: the stat;
//   - done, pass, witch, bless, skip, count: nothing.
//
// It allocates the one slice of refs (and only the text of a malformed
// action more).
func (s *State) ActionParts(a engine.Action) engine.ActionParts {
	if a.Kind >= numActionKinds {
		return engine.ActionParts{Kind: fmt.Sprintf("action-%d", a.Kind)}
	}
	p := int(a.Seat)
	if p < 0 || p >= maxClans {
		p = 0
	}
	card := func(i int16) string {
		if i >= 0 && int(i) < len(s.c.Cards) {
			return s.c.Cards[i].ID
		}
		return fmt.Sprintf("card-%d", i)
	}
	fig := func(k int16) string { return s.kindWord(p, int(k)) }
	loc := func(l int16) string { return s.locWord(int(l)) }
	out := engine.ActionParts{Kind: actionWords[a.Kind]}
	switch a.Kind {
	case kDraft, kQuest, kAdd, kPlay:
		out.Refs = []string{card(a.Arg[0])}
	case kKeep:
		if a.Arg[0] >= 0 {
			out.Refs = []string{card(a.Arg[0])}
		}
	case kUpgrade:
		if a.Arg[2] > 0 {
			out.Refs = []string{card(a.Arg[0]), card(a.Arg[2] - 1)}
		} else {
			out.Refs = []string{card(a.Arg[0])}
		}
	case kInvade, kDomain, kCall:
		out.Refs = []string{fig(a.Arg[0]), loc(a.Arg[1])}
	case kMarch:
		out.Refs = []string{loc(a.Arg[0]), loc(a.Arg[1])}
	case kMove, kSave, kSpare:
		out.Refs = []string{fig(a.Arg[0])}
	case kPillage, kChallenge, kLead, kSuccor:
		out.Refs = []string{loc(a.Arg[0])}
	case kSacrifice:
		out.Refs = []string{fig(a.Arg[0]), fig(a.Arg[1]), statWord(int(a.Arg[2]))}
	case kBump:
		o := int(a.Arg[0])
		if o < 0 || o >= maxClans {
			out.Refs = []string{fmt.Sprintf("clan-%d", o)}
		} else {
			out.Refs = []string{clanNames[o], s.kindWord(o, int(a.Arg[1])), loc(a.Arg[2])}
		}
	case kRaise:
		out.Refs = []string{statWord(int(a.Arg[0]))}
	}
	return out
}
