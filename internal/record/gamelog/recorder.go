package gamelog

import "github.com/klob/klob/rules"

// FromGame records a live game of any seat count: the header h (its
// Options and FirstDealer are taken from g) and every deal of g so far,
// the current one included, every chance step and private exchange too.
// Call it after every action and save the result (or write it with
// MarshalText or WriteTo: the one canonical writer); the Log shares
// nothing with g.
func FromGame(h Header, g *rules.Game) *Log {
	h.Options, h.FirstDealer = g.Options(), g.FirstDealer()
	h.Extra = append([]Tag(nil), h.Extra...)
	l := &Log{Header: h}
	for _, r := range g.Records() {
		l.Deals = append(l.Deals, Deal{Deck: r.Deck, Steps: append([]rules.Step(nil), r.Steps...)})
	}
	if !dealOver(g) {
		d := g.Deal()
		l.Deals = append(l.Deals, Deal{Deck: d.Deck(), Steps: append([]rules.Step(nil), d.Steps()...)})
	}
	return l
}
