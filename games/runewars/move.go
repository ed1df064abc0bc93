package runewars

// steps returns the areas a figure on a may step into: its neighbours,
// less those across a mountain ridge unless it flies, and those across a
// river unless it is Winter there or on the far side (Runewars rules,
// Winter; Frost; RW-R8).
func (s *State) steps(a int, flying bool) areaSet {
	out := s.b.adj[a]
	if !flying {
		out &^= s.b.ridge[a]
	}
	if s.season != winter && s.frost[a] == 0 {
		s.b.water[a].each(func(o int) {
			if s.frost[o] == 0 {
				out = out.without(o)
			}
		})
	}
	return out
}

// reach returns the areas from which a figure reaches target in at most k
// steps, passing only through areas of pass (Mobilize, Conquer: the areas
// passed through must be empty or friendly).
func (s *State) reach(target, k int, flying bool, pass areaSet) areaSet {
	cur := areaSet(0).with(target)
	var seen areaSet
	for i := 0; i < k && cur != 0; i++ {
		var nxt areaSet
		cur.each(func(a int) { nxt |= s.steps(a, flying) })
		nxt = nxt.without(target) &^ seen
		seen |= nxt
		cur = nxt & pass
	}
	return seen
}

// passSet returns the areas seat may pass through: empty or friendly.
func (s *State) passSet(seat int8, cen *census) areaSet {
	var out areaSet
	s.b.placed.each(func(a int) {
		if !cen.occupied.has(a) || cen.ctl[a] == seat && !cen.neutral.has(a) {
			out = out.with(a)
		}
	})
	return out
}

// moveRange is how far a unit type moves with Mobilize and Conquer: 2, or
// 3 for a fast unit (Mobilize, Conquer).
func (s *State) moveRange(u int) int {
	if s.c.Units[u].Fast {
		return 3
	}
	return 2
}

// isAllied reports whether figure f is a neutral unit allied to a player.
func (s *State) isAllied(f *fig) bool { return f.owner >= 0 && s.c.Units[f.typ].Faction < 0 }
