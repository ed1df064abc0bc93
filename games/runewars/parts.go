package runewars

import (
	"fmt"

	"skald/engine"
)

// ActionParts says what a names (engine.ActionDescriber), in the order its
// text names them and by the ids the View gives those things:
//
//   - lay <tile> at <q>,<r> turn <t>: the tile's id;
//   - rune dragon|false <area>, keep, discard, put, allies, reveal,
//     frost, activate, develop, repair, retreat <area>: the area;
//   - place <unit> <area> [from <area>], lose <unit> <area>: the unit type
//     and the areas; move <unit> <from> <to>: the unit type and both areas;
//   - carry <from> <to>, build <area> [from <area>], seize [from <area>]:
//     the areas;
//   - first, hit, stand <unit>: the unit type;
//   - order <name>: the order's name; recruit <resource>: the resource;
//     take influence|tactics: the word; choose <card>: the fate card's
//     number; bid, parley <n>: nothing;
//   - hero <area>: the area; go <hero> <area>: the hero and the area;
//     heal, desert <hero>: the hero; train <hero> <attribute> [<attribute>]: the
//     hero and the attributes; quest <hero> <quest>: the hero and the quest;
//     duel <hero> <hero>: both heroes; support <hero> <unit>: the hero and
//     the unit type; drop <card>: the fate card's number;
//   - objective <objective>: the objective; give <hero> <hero> <reward>:
//     both heroes and the reward card;
//   - title <title> <n>: the title; award <faction>: the faction;
//     play <tactic> [<area> [<area>]]: the Tactics card and its areas;
//     pass: nothing;
//   - command <hero> [from <hero>]: the heroes; guard, lead <hero>: the
//     hero; assign <commander> <hero>: the Commander card and the hero;
//     rally heroes|commander, foe strike|ward: the word; abandon <quest>:
//     the quest;
//   - done, conceal, skip, fight, sacrifice, raze: nothing.
func (s *State) ActionParts(a engine.Action) engine.ActionParts {
	if int(a.Kind) >= numActionKinds {
		return engine.ActionParts{Kind: fmt.Sprintf("action-%d", a.Kind)}
	}
	area := func(i int16) string {
		if i >= 0 && int(i) < len(s.c.Areas) {
			return s.c.Areas[i].ID
		}
		return fmt.Sprintf("area-%d", i)
	}
	unit := func(i int16) string {
		if i >= 0 && int(i) < len(s.c.Units) {
			return s.c.Units[i].ID
		}
		return fmt.Sprintf("unit-%d", i)
	}
	x, y, z := a.Arg[0], a.Arg[1], a.Arg[2]
	out := engine.ActionParts{Kind: actionWords[a.Kind]}
	switch a.Kind {
	case kLay:
		if x >= 0 && int(x) < len(s.c.Tiles) {
			out.Refs = []string{s.c.Tiles[x].ID}
		}
	case kRune:
		out.Refs = []string{area(y)}
	case kKeep, kDiscard, kPut, kAllies, kReveal, kFrost, kActivate, kDevelop, kRepair, kRetreat, kCapital, kPeasant:
		out.Refs = []string{area(x)}
	case kPlace:
		out.Refs = []string{unit(x), area(y)}
		if z >= 0 {
			out.Refs = append(out.Refs, area(z))
		}
	case kLose:
		out.Refs = []string{unit(x), area(y)}
	case kMove:
		out.Refs = []string{unit(x), area(y), area(z)}
	case kCarry:
		out.Refs = []string{area(x), area(y)}
	case kBuild:
		out.Refs = []string{area(x)}
		if y >= 0 {
			out.Refs = append(out.Refs, area(y))
		}
	case kSeize:
		if x >= 0 {
			out.Refs = []string{area(x)}
		}
	case kFirst, kHit, kStand:
		out.Refs = []string{unit(x)}
	case kOrder:
		if x >= 1 && x <= oFortify {
			out.Refs = []string{orderNames[x]}
		}
	case kRecruit:
		if x >= 0 && int(x) < int(numResources) {
			out.Refs = []string{resourceNames[x]}
		}
	case kTake:
		out.Refs = []string{[]string{"influence", "tactics"}[min(max(int(x), 0), 1)]}
	case kChoose:
		if x >= 0 && int(x) < len(s.c.Fate) {
			out.Refs = []string{fmt.Sprint(s.c.Fate[x].ID)}
		}
	case kHero:
		out.Refs = []string{area(x)}
	case kGo:
		out.Refs = []string{s.heroID(int(x)), area(y)}
	case kSupport:
		out.Refs = []string{s.heroID(int(x)), unit(y)}
	case kDrop:
		if x >= 0 && int(x) < len(s.c.Fate) {
			out.Refs = []string{fmt.Sprint(s.c.Fate[x].ID)}
		}
	case kDuel:
		out.Refs = []string{s.heroID(int(x)), s.heroID(int(y))}
	case kHeal, kDesert, kGuard, kLead:
		out.Refs = []string{s.heroID(int(x))}
	case kCommand:
		out.Refs = []string{s.heroID(int(x))}
		if y >= 0 {
			out.Refs = append(out.Refs, s.heroID(int(y)))
		}
	case kRally:
		out.Refs = []string{[]string{"heroes", "commander"}[min(max(int(x), 0), 1)]}
	case kFoe:
		out.Refs = []string{[]string{"strike", "ward"}[min(max(int(x), 0), 1)]}
	case kAssign:
		if x >= 0 && int(x) < len(s.c.Commanders) {
			out.Refs = []string{s.c.Commanders[x].ID}
		}
		out.Refs = append(out.Refs, s.heroID(int(y)))
	case kAbandon:
		if x >= 0 && int(x) < len(s.c.Quests) {
			out.Refs = []string{s.c.Quests[x].ID}
		}
	case kTrain:
		out.Refs = []string{s.heroID(int(x)), attrID(int(y))}
		if z >= 0 {
			out.Refs = append(out.Refs, attrID(int(z)))
		}
	case kObjective:
		out.Refs = []string{s.objectiveID(int(x))}
	case kBuy:
		out.Refs = []string{s.devID(int(x))}
	case kTitle:
		out.Refs = []string{s.titleID(int(x))}
	case kAward:
		out.Refs = []string{s.g.SeatName(engine.Seat(x))}
	case kPlay:
		out.Refs = []string{s.tacticID(int(x))}
		if x >= 0 && int(x) < len(s.c.Tactics) && s.c.Tactics[x].Effect == TeDesolate && y >= 0 && int(y) < len(s.c.Areas) {
			out.Refs = append(out.Refs, s.c.Areas[y].ID)
		}
		if x >= 0 && int(x) < len(s.c.Tactics) && s.c.Tactics[x].Effect == TeLure {
			out.Refs = append(out.Refs, area(y), area(z))
		}
	case kGive:
		out.Refs = []string{s.heroID(int(x)), s.heroID(int(y))}
		if z >= 0 && int(z) < len(s.c.Rewards) {
			out.Refs = append(out.Refs, s.c.Rewards[z].ID)
		}
	case kQuest:
		out.Refs = []string{s.heroID(int(x))}
		if y >= 0 && int(y) < len(s.c.Quests) {
			out.Refs = append(out.Refs, s.c.Quests[y].ID)
		}
	}
	return out
}
