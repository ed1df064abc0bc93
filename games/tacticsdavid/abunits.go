package tacticsdavid

// The units abilities create or name, by number (seed 004, "UNIT LIST");
// TestAbilityUnits checks the names.
const (
	unitSlime      = 69  // Polymorph
	unitBittyBug   = 73  // the Bitty Bug Root (Loss of Kin, Swarm Call)
	unitWolf       = 91  // Nature Shape
	unitPup        = 101 // Polymorph; the Pup Root
	unitHound      = 102 // Nature Shape
	unitBear       = 111 // Nature Shape
	unitEgg        = 115 // Polymorph; the Egg Root
	unitBabyDragon = 116 // Hatch
	unitZombie     = 149 // Raise Dead, Infect
	unitSkeleton   = 156 // Grave Riser, Downgrade
)
