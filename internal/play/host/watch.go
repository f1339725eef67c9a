package host

import "github.com/klob/klob/rules"

// Watch lets a spectator watch the game through a Port of its own: its
// Snapshot is what is public (rules' view of no seat: the bids, the
// cards played, the tricks, the scores, who plays where) and, once a
// deal is scored, the whole deal (Snapshot.Open); a deal thrown in only
// once the game is over. It never holds a hidden card of a deal still
// being played. Every action of the port is refused (ErrWatching);
// Leave stops watching. A private game refuses spectators (ErrPrivate).
//
// Spectators never slow the game: all of them share one snapshot per
// change, built once, and their Updates tick without waiting, so one
// that stops reading costs what one that reads does (a pointer and a
// channel of one tick) and is never waited for.
func (h *Host) Watch() (Port, error) {
	var p *port
	err := h.call(func() error {
		switch {
		case h.st.closed:
			return ErrClosed
		case h.private:
			return ErrPrivate
		}
		p = newPort(h, rules.NoSeat)
		h.watchers[p] = struct{}{}
		h.st.dirty = true // the seats see one more watch
		// No grace starts: a spectator is nobody to play with.
		p.snap.Store(h.st.snapshot(h.eye))
		return nil
	})
	if err != nil {
		return nil, err
	}
	return p, nil
}

// SetPrivate makes the game private (no spectators: those watching are
// let go, their Updates closed and their last Snapshot saying Private)
// or open to spectators again.
func (h *Host) SetPrivate(private bool) error {
	return h.call(func() error {
		if h.private == private {
			return nil
		}
		h.private, h.st.dirty = private, true
		if !private {
			return nil
		}
		last := h.st.snapshot(h.eye)
		last.Watchers = 0
		for p := range h.watchers {
			delete(h.watchers, p)
			p.snap.Store(last)
			p.end()
		}
		return nil
	})
}

// unwatch lets a spectator go.
func (h *Host) unwatch(p *port) {
	if _, ok := h.watchers[p]; ok {
		delete(h.watchers, p)
		h.st.dirty = true
		h.st.gone()
	}
}

// OpenDeal is a scored deal as spectators see it: all of it.
type OpenDeal struct {
	No     int // the deal's number, from 1
	Dealer rules.Seat
	Deck   rules.Deck   // the deck as it was dealt
	Steps  []rules.Step // every step, the cards drawn and given face down too
	// Held is the hand each seat played the deal with: the cards it
	// played and those left to it at the end, so after the exchange of
	// the seven and the cards drawn and given face down (Steps says
	// which moved).
	Held [4]rules.CardSet
}

// openDeal opens the deal shown once it is over (nil while it is
// played; the snapshot asks it for a deal thrown in only at the game's
// end): worked out once per position and shared by every spectator.
func (st *state) openDeal() *OpenDeal {
	d := st.sess.Deal()
	if !d.Over() {
		return nil
	}
	if st.open != nil && st.openGen == st.gen() {
		return st.open
	}
	o := &OpenDeal{No: st.dealShown(), Dealer: d.Dealer(), Deck: d.Deck(), Steps: append([]rules.Step(nil), d.Steps()...)}
	for s := range rules.Seat(d.Players()) {
		o.Held[s] = d.PlayedBy(s) | d.Hand(s)
	}
	st.open, st.openGen = o, st.gen()
	return o
}
