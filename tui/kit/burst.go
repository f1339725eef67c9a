package kit

import "time"

// BurstPause is the pause in the keys that ends a burst the server
// dropped keys of: a person's next key after a moment's look at the
// screen is theirs, a client's keys a second apart are no burst.
const BurstPause = time.Second

// Burst is a burst of keys the server dropped some of (InputDropped) on
// a screen whose letters run commands: the lobby's (its watch list
// shares it), the waiting room's, the table's. The keys that come with
// it run none, whatever they are (a line being typed holds them by its
// own gap): a dropped / (or a dropped esc, or letters around them)
// leaves no way to tell the words a person typed from the keys they
// meant, and a word's letters would join, open or leave tables, bid or
// play cards. The burst lasts while keys come less than BurstPause
// apart, from the drop on.
type Burst struct{ last time.Time }

// Drop starts the burst, or keeps it on: keys were dropped now.
func (b *Burst) Drop(now time.Time) { b.last = now }

// On reports whether a key that came now would be of the burst.
func (b *Burst) On(now time.Time) bool {
	return !b.last.IsZero() && now.Sub(b.last) < BurstPause
}

// Key reports whether a key that came now is of the burst, which it
// then keeps on: the caller runs no command for it.
func (b *Burst) Key(now time.Time) bool {
	if !b.On(now) {
		b.last = time.Time{}
		return false
	}
	b.last = now
	return true
}

// BurstNote is the note of a screen whose keys a burst took: why they
// did nothing.
const BurstNote = "Keys came too fast: some were dropped, and those that followed did nothing."
