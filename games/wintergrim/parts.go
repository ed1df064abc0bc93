package wintergrim

import (
	"strconv"

	"skald/engine"
)

// ActionParts says what a names, for a renderer that offers the actions
// of a card when it is clicked (engine.ActionDescriber). Its kind is the
// first word of its text ("release" for a release); its refs are the
// cards its text names, as the views write them, in the text's order:
//
//   - a card on the table (CARD) by its reference, "woodsman#57";
//   - a card of the seat's hand (NAME of play, pay, replace) by the
//     reference of every card of that name in the seat's hand, in the
//     hand's order: any of them is the card the action plays or pays with;
//   - a card in a deck (NAME of hq, worker, path, find) not at all: no view
//     shows it.
//
// It runs for the server's frames only, never in playouts.
func (s *State) ActionParts(a engine.Action) engine.ActionParts {
	if a.Kind == 0 || a.Kind >= numKindsA {
		return engine.ActionParts{Kind: s.FormatAction(a)}
	}
	p := engine.ActionParts{Kind: kindWords[a.Kind]}
	x, y := a.Arg[0], a.Arg[1]
	switch a.Kind {
	case kindCapture:
		if x != 1 {
			p.Kind = "release"
		}
	case kindMark, kindUse, kindStarve, kindIntercept, kindSearch:
		p.Refs = s.partRefs(nil, x)
	case kindMove:
		if y == moveOut {
			p.Refs = s.partRefs(nil, x)
		} else {
			p.Refs = s.partRefs(nil, x, a.Arg[2])
		}
	case kindHeal, kindExorcise, kindRepair, kindSteal, kindVanguard, kindAttack:
		p.Refs = s.partRefs(nil, x, y)
	case kindPay:
		p.Refs = s.handRefs(nil, int8(a.Seat), x)
	case kindPlay:
		refs := s.handRefs(make([]string, 0, 4), int8(a.Seat), x)
		if y >= 0 || a.Arg[3] == 1 {
			refs = s.partRefs(refs, y)
		}
		if a.Arg[2] >= 0 {
			refs = s.partRefs(refs, a.Arg[2])
		}
		p.Refs = refs
	case kindReplace:
		refs := s.partRefs(make([]string, 0, 3), x)
		if y >= 0 {
			refs = s.handRefs(refs, int8(a.Seat), y)
		}
		p.Refs = refs
	}
	if len(p.Refs) == 0 {
		p.Refs = nil
	}
	return p
}

// partRefs appends the references of the cards ids on the table to refs,
// leaving out any id that is no card of the match.
func (s *State) partRefs(refs []string, ids ...int16) []string {
	if refs == nil {
		refs = make([]string, 0, len(ids))
	}
	for _, id := range ids {
		if id >= 0 && id < s.n() {
			refs = append(refs, s.def(id).ID+"#"+strconv.Itoa(int(id)))
		}
	}
	return refs
}

// handRefs appends the references of the cards of definition def in
// seat's hand, in the hand's order (the views' order), to refs.
func (s *State) handRefs(refs []string, seat int8, def int16) []string {
	if seat < 0 || seat >= s.seats {
		return refs
	}
	for id := int16(seat) * DeckSize; id < int16(seat+1)*DeckSize && id < s.n(); id++ {
		if s.c[id].zone == zHand && int16(s.c[id].def) == def {
			refs = append(refs, s.def(id).ID+"#"+strconv.Itoa(int(id)))
		}
	}
	return refs
}
