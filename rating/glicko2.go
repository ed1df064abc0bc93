// Package rating rates players by Glicko-2 (Mark Glickman, "Example of
// the Glicko-2 system", 2013): each player has a rating, a deviation (how
// uncertain the rating is) and a volatility (how erratic the player's
// results are). A match is one rating period: each player is rated on
// their result against every other player of the match, by place.
package rating

import (
	"errors"
	"fmt"
	"math"
)

// Glicko-2's constants.
const (
	// Tau bounds how fast volatility changes; Glickman suggests 0.3 to 1.2.
	Tau = 0.5
	// scale converts between Glicko's scale and Glicko-2's.
	scale = 173.7178
	// epsilon is the volatility iteration's tolerance.
	epsilon = 0.000001
	// MaxDeviation is a new player's deviation, and the most any has.
	MaxDeviation = 350
)

// Player is a player's rating on Glicko's scale.
type Player struct {
	Rating     float64 `json:"rating"`
	Deviation  float64 `json:"deviation"`
	Volatility float64 `json:"volatility"`
}

// New returns a new player's rating: 1500, deviation 350, volatility 0.06.
func New() Player { return Player{Rating: 1500, Deviation: MaxDeviation, Volatility: 0.06} }

// Result is one game's outcome against an opponent: Score 1 for a win,
// 0.5 for a draw, 0 for a loss.
type Result struct {
	Opponent Player
	Score    float64
}

func g(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

func expect(mu, muj, phij float64) float64 { return 1 / (1 + math.Exp(-g(phij)*(mu-muj))) }

// Update returns p's rating after a rating period with the given results.
// With no results only the deviation grows.
func Update(p Player, results []Result) Player {
	mu, phi, sigma := (p.Rating-1500)/scale, p.Deviation/scale, p.Volatility
	if len(results) == 0 {
		phi = math.Sqrt(phi*phi + sigma*sigma)
		return Player{Rating: p.Rating, Deviation: math.Min(phi*scale, MaxDeviation), Volatility: sigma}
	}
	var vinv, sum float64
	for _, r := range results {
		muj, phij := (r.Opponent.Rating-1500)/scale, r.Opponent.Deviation/scale
		e := expect(mu, muj, phij)
		gj := g(phij)
		vinv += gj * gj * e * (1 - e)
		sum += gj * (r.Score - e)
	}
	v := 1 / vinv
	delta := v * sum

	// The new volatility: the root of f by the Illinois algorithm.
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(Tau*Tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*Tau) < 0 {
			k++
		}
		B = a - k*Tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > epsilon && i < 100; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	sigma2 := math.Exp(A / 2)

	phiStar := math.Sqrt(phi*phi + sigma2*sigma2)
	phi2 := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	mu2 := mu + phi2*phi2*sum
	return Player{Rating: scale*mu2 + 1500, Deviation: math.Min(scale*phi2, MaxDeviation), Volatility: sigma2}
}

// Match returns the ratings of a match's players after it, given their
// ratings before and their places (1 the best; equal places are a draw).
// Each player is rated on their result against each other player.
func Match(players []Player, places []int) ([]Player, error) {
	if len(players) != len(places) {
		return nil, fmt.Errorf("rating: %d players, %d places", len(players), len(places))
	}
	if len(players) < 2 {
		return nil, errors.New("rating: a match needs two players or more")
	}
	out := make([]Player, len(players))
	for i, p := range players {
		if places[i] < 1 {
			return nil, fmt.Errorf("rating: player %d's place %d: want 1 or more", i, places[i])
		}
		var rs []Result
		for j, q := range players {
			if j == i {
				continue
			}
			score := 0.5
			switch {
			case places[i] < places[j]:
				score = 1
			case places[i] > places[j]:
				score = 0
			}
			rs = append(rs, Result{Opponent: q, Score: score})
		}
		out[i] = Update(p, rs)
	}
	return out, nil
}
