package lobby

import "time"

// burstPause is the pause in the keys that ends a burst the server
// dropped keys of: a person's next key after a moment's look at the
// screen is theirs, a client's keys a second apart are no burst.
const burstPause = time.Second

// burst is a burst of keys the server dropped some of (kit.InputDropped)
// on a screen whose letters run commands: the lobby's (its watch list
// shares it), the waiting room's. The keys that come with it run none,
// whatever they are (a line being typed holds them by its own gap): a
// dropped / (or a dropped esc, or letters around them) leaves no way to
// tell the words a person typed from the keys they meant, and a word's
// letters would join, open or leave tables. The burst lasts while keys
// come less than burstPause apart, from the drop on.
type burst struct{ last time.Time }

// drop starts the burst, or keeps it on: keys were dropped now.
func (b *burst) drop(now time.Time) { b.last = now }

// on reports whether a key that came now would be of the burst.
func (b *burst) on(now time.Time) bool {
	return !b.last.IsZero() && now.Sub(b.last) < burstPause
}

// key reports whether a key that came now is of the burst, which it
// then keeps on: the caller runs no command for it.
func (b *burst) key(now time.Time) bool {
	if !b.on(now) {
		b.last = time.Time{}
		return false
	}
	b.last = now
	return true
}

// burstNote is the note of a screen whose keys a burst took: why they
// did nothing.
const burstNote = "Keys came too fast: some were dropped, and those that followed did nothing."
