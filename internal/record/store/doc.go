// Package store keeps Klob's games on disk, in the user's state
// directory: the game in progress (saved after every action), the
// history of finished games, and saves that could not be read, kept
// aside.
//
// Layout of the directory (Dir):
//
//	current.klob        the game in progress
//	history/            finished (or abandoned) games, one log each:
//	                    2026-11-29-1431-vs-Bot-normal-won.klob
//	damaged/            saves that did not parse, never deleted
//	klob.lock           the lock file (see One writer)
//
// # Durability
//
// SaveCurrent writes a temporary file in the same directory, syncs it,
// closes it, renames it over current.klob and syncs the directory, so a
// crash at any point leaves either the previous save or the new one,
// whole (internal/platform/durable does this for the store and the training
// record). Every file-system call goes through Options.FS, a durable.FS,
// so tests can make each step fail.
//
// # Never losing a game
//
// A save that does not parse or replay is moved to damaged/ by
// LoadCurrent, which returns a *DamagedError naming where it went, so the
// player can be told. A save that cannot be read at all (permissions, a
// FIFO or a device in its place, over untrusted.MaxFileSize) is not
// called damaged: LoadCurrent returns an *UnreadableError and leaves it
// where it is. Nor is one a newer klob wrote (a format version above
// this klob's): a *NewerError, and it stays for the newer klob to
// resume. current.klob holds the whole deck of every deal, the
// cards still hidden included: it must, to resume the game. SaveCurrent refuses (ErrConflict) to replace a
// current.klob it did not write or load itself: call LoadCurrent first,
// then Archive the old game if the player starts a new one.
//
// # One writer
//
// Lock takes an advisory lock (flock) on klob.lock for as long as a game
// is open; a second klob on the same directory gets a *BusyError from its
// Lock and can only read. Without Lock, each write takes the lock for
// its own moment, so two Stores can never both write their first save.
// The lock dies with the process, however it ends.
//
// The directory is $KLOB_STATE_DIR when set, else $XDG_STATE_HOME/klob,
// else ~/.local/state/klob.
package store
