package hall

import (
	"fmt"
	"sync"
	"time"

	"github.com/klob/klob/internal/record/names"
)

// The names people read of each other. A name is what a person chose,
// checked and normalised by names.Normal: no character a terminal obeys
// rather than shows, or that hides or reorders the text around it. Two
// keys can still come in under one name (their SSH user names), or
// names that look alike ("alice" and "аlice" with a Cyrillic а): while
// both are connected (or hold seats at one table), everyone reads each
// with a short tag of its key beside it. A name a member of the club,
// or a person at a table, goes by is theirs alone (members, below).

// TagLen is the number of hex digits in a key's tag: 48 bits, so that
// making a key whose tag is another's takes years of guessing, where
// 24 bits took a minute.
const TagLen = 12

// KeyTag is the tag of a player's key shown beside a name that another
// key shares: the first TagLen digits of the key's fingerprint.
func KeyTag(id string) string {
	if len(id) > TagLen {
		return id[:TagLen]
	}
	return id
}

// Who names a person in the server's log: their name, quoted, and
// their key's tag as the lobby shows it (KeyTag), so that the operator
// tells apart two keys by one name, and finds the key (the tag begins
// the key's hex id, which names players/<id> and the database's rows).
func Who(p Player) string {
	return fmt.Sprintf("%q #%s", p.Name, KeyTag(p.ID))
}

// Visit is one connection of a person to the hall (their lobby): the
// names of the people connected are compared with each other, so two
// keys under one name are told apart; and a person's game alone, kept
// in one directory per key, is played in one of their connections at a
// time (HoldGame, TakeGame).
type Visit struct {
	h *Hall
	p Player
	// kick asks the connection to leave its game alone (its lobby's
	// message); holding and since say whether it has it open, from
	// when. Under h.present.mu.
	kick    func()
	holding bool
	since   time.Time
	// skel is the likeness of the name (names.Skeleton), under
	// h.present.mu: made once when the name comes, not at every look.
	skel string
}

// presence is who is connected. byLook counts the visits of each key by
// the likeness of its name, so that whether another key goes by a name
// like one is a lookup (Label runs for every seat of every table the
// lobbies list), not a pass over every visit.
type presence struct {
	mu     sync.Mutex
	visits map[*Visit]bool
	byLook map[string]map[string]int // skeleton → key → visits
}

// count adds d to the visits of v's key under its name's likeness.
// Under mu.
func (pr *presence) count(v *Visit, d int) {
	if pr.byLook == nil {
		pr.byLook = map[string]map[string]int{}
	}
	keys := pr.byLook[v.skel]
	if keys == nil {
		keys = map[string]int{}
		pr.byLook[v.skel] = keys
	}
	if keys[v.p.ID] += d; keys[v.p.ID] <= 0 {
		delete(keys, v.p.ID)
		if len(keys) == 0 {
			delete(pr.byLook, v.skel)
		}
	}
}

// Visit registers a connection of p (a guest, ID "", is not: nobody
// reads a guest's name, and a guest's games are not kept); kick asks
// the connection to leave its game alone for another of the same key
// (TakeGame). Leave ends the visit.
func (h *Hall) Visit(p Player, kick func()) *Visit {
	v := &Visit{h: h, p: p, kick: kick}
	if p.ID == "" {
		return v
	}
	h.present.mu.Lock()
	defer h.present.mu.Unlock()
	// One key goes by one name: a connection of a key connected already
	// under another name (another SSH user name) takes the name the key
	// goes by here, so that the tables it opens or joins, the server's
	// log and the other lobbies do not switch between the two. Only a
	// rename (Rename) changes it.
	for o := range h.present.visits {
		if o.p.ID == p.ID {
			v.p.Name = o.p.Name
			break
		}
	}
	v.skel = names.Skeleton(v.p.Name)
	if h.present.visits == nil {
		h.present.visits = map[*Visit]bool{}
	}
	h.present.visits[v] = true
	h.present.count(v, 1)
	return v
}

// Rename says the person of v goes by name now: in the hall's list of
// who is connected, in every other connection of the same key (their
// lobbies read it, Name), at every seat they hold (Table.rename), and
// among the club's members if they are one. One key goes by one name
// everywhere. A name another person the hall knows goes by (NameFree),
// or another key connected now, is refused, and nothing changes: to a
// guest as to a key. So is any rename while the key plays a game under
// way (InPlayError): the game keeps the names it started with, in its
// log and on its screens.
func (v *Visit) Rename(name string) error {
	id := v.p.ID
	if err := v.CanRename(); err != nil {
		return err
	}
	if err := v.h.nameFree(id, name, true); err != nil {
		return err
	}
	v.h.members.rename(id, name)
	skel := names.Skeleton(name)
	v.h.present.mu.Lock()
	old := v.p
	// Every visit of the key, v's first; a guest's is v alone.
	for o := range v.h.present.visits {
		if o == v || id == "" || o.p.ID != id {
			continue
		}
		v.h.present.count(o, -1)
		o.p.Name, o.skel = name, skel
		v.h.present.count(o, 1)
	}
	registered := v.h.present.visits[v]
	if registered {
		v.h.present.count(v, -1)
	}
	v.p.Name, v.skel = name, skel
	if registered {
		v.h.present.count(v, 1)
	}
	v.h.present.mu.Unlock()
	if id == "" || old.Name == name {
		return nil
	}
	v.h.cfg.Logf("%s renamed themselves %q", Who(old), name)
	// Not under present.mu: a table's lock is taken before it (Label).
	for _, t := range v.h.all() {
		t.rename(id, name)
	}
	return nil
}

// Name is the name the person of v goes by now: a rename from another
// connection of the same key changes it too.
func (v *Visit) Name() string {
	v.h.present.mu.Lock()
	defer v.h.present.mu.Unlock()
	return v.p.Name
}

// InPlayError refuses a rename while the key plays a game under way.
type InPlayError struct {
	Code string // the table
	Name string // the name the game knows the person by
}

func (e *InPlayError) Error() string {
	return fmt.Sprintf("you play as %s at table %s: rename once that game is over", e.Name, e.Code)
}

// CanRename says why the person of v may not rename now (an
// *InPlayError), or nil: asked before the new name is typed.
func (v *Visit) CanRename() error {
	if v.p.ID == "" {
		return nil
	}
	for _, t := range v.h.all() {
		if err := t.playing(v.p.ID); err != nil {
			return err
		}
	}
	return nil
}

// current is p under the name its key goes by in its connections now
// (one name: a rename reaches them all, and a connection takes the
// name of those before it, Visit), so that a connection that came
// under an older name opens a table under the newer one.
func (h *Hall) current(p Player) Player {
	if p.ID == "" {
		return p
	}
	h.present.mu.Lock()
	defer h.present.mu.Unlock()
	for v := range h.present.visits {
		if v.p.ID == p.ID {
			p.Name = v.p.Name
			break
		}
	}
	return p
}

// Named is the name key goes by in its connections now, if it has one
// connected: the name a new connection of the key takes (Visit), asked
// before it comes, so that what is said to it and of it names it so.
func (h *Hall) Named(key string) (string, bool) {
	if key == "" {
		return "", false
	}
	h.present.mu.Lock()
	defer h.present.mu.Unlock()
	for v := range h.present.visits {
		if v.p.ID == key {
			return v.p.Name, true
		}
	}
	return "", false
}

// Leave ends the visit.
func (v *Visit) Leave() {
	v.h.present.mu.Lock()
	defer v.h.present.mu.Unlock()
	if v.h.present.visits[v] {
		delete(v.h.present.visits, v)
		v.h.present.count(v, -1)
	}
}

// HoldGame says whether the connection has the person's game alone
// open.
func (v *Visit) HoldGame(on bool) {
	v.h.present.mu.Lock()
	defer v.h.present.mu.Unlock()
	v.holding = on
	if on {
		v.since = v.h.cfg.Clock.Now()
	}
}

// GameElsewhere reports whether another connection of the same key has
// the person's game alone open, and since when.
func (v *Visit) GameElsewhere() (since time.Time, ok bool) {
	v.h.present.mu.Lock()
	defer v.h.present.mu.Unlock()
	for o := range v.h.present.visits {
		if o != v && o.p.ID == v.p.ID && o.holding {
			return o.since, true
		}
	}
	return time.Time{}, false
}

// TakeGame asks every other connection of the same key that has the
// game alone open to leave it (their kick); they let it go on their
// own goroutines, after its last save. The asking does not wait for
// them: a kick is a message to another connection's program, which
// waits while that connection writes to a client that may have stopped
// reading (the very connection being taken over).
func (v *Visit) TakeGame() {
	v.h.present.mu.Lock()
	var kicks []func()
	for o := range v.h.present.visits {
		if o != v && o.p.ID == v.p.ID && o.holding && o.kick != nil {
			kicks = append(kicks, o.kick)
		}
	}
	v.h.present.mu.Unlock()
	for _, k := range kicks {
		go k()
	}
}

// Label is how others read p: the name, and beside it the key's tag
// when another key connected, or among also (the seats of a table),
// has a name that looks the same.
func (h *Hall) Label(p Player, also []Player) string {
	if p.ID == "" || !h.shared(p, also) {
		return p.Name
	}
	return p.Name + " #" + KeyTag(p.ID)
}

// seatLabel is how a game names p for good (its players, its log, the
// histories): the name, with the key's tag only when another of its
// seats, also, goes by a name that looks the same. A namesake elsewhere
// in the hall tags p in the lists (Label) while connected, never in the
// game's log.
func seatLabel(p Player, also []Player) string {
	if p.ID == "" || !sharedAmong(p, also) {
		return p.Name
	}
	return p.Name + " #" + KeyTag(p.ID)
}

// sharedAmong reports whether another key than p's among also goes by
// a name that looks like p's.
func sharedAmong(p Player, also []Player) bool {
	sk := names.Skeleton(p.Name)
	for _, o := range also {
		if o.ID != "" && o.ID != p.ID && names.Skeleton(o.Name) == sk {
			return true
		}
	}
	return false
}

// shared reports whether another key than p's goes by a name that
// looks like p's.
func (h *Hall) shared(p Player, also []Player) bool {
	if sharedAmong(p, also) {
		return true
	}
	sk := names.Skeleton(p.Name)
	h.present.mu.Lock()
	defer h.present.mu.Unlock()
	for key := range h.present.byLook[sk] {
		if key != p.ID {
			return true
		}
	}
	return false
}

// The names of the club's members: a name a member's key goes by (its
// row in the club's database) is theirs, and no other key, nor a
// guest, may take it or a name that looks like it, even while they are
// away; otherwise anyone could play, talk and stand in the
// leaderboards as them. The server tells the hall each member's name
// (Member), all at its start and then as the database changes, so a
// name is checked in memory, never waiting for the database. A person
// the club does not count yet, in their first game, holds their name
// as a member does: it is their seat's at a table of the hall (and
// the club's once the game is filed), and while they are connected
// nobody renames themselves to it (NameFree).

// members is the names of the club's members.
type members struct {
	mu    sync.Mutex
	names map[string]string          // by key
	keys  map[string]map[string]bool // the keys by the likeness of their name (names.Likeness)
}

// Member notes that key, a member of the club, goes by name now.
func (h *Hall) Member(key, name string) {
	if key == "" {
		return
	}
	m := &h.members
	m.mu.Lock()
	defer m.mu.Unlock()
	m.set(key, name)
}

// rename notes the new name of key if it is a member's (the database
// learns it a moment later, and tells Member the same).
func (m *members) rename(key, name string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.names[key]; ok {
		m.set(key, name)
	}
}

// set makes name the name of key; m.mu is held.
func (m *members) set(key, name string) {
	if m.names == nil {
		m.names, m.keys = map[string]string{}, map[string]map[string]bool{}
	}
	if old, ok := m.names[key]; ok {
		sk := names.Likeness(old)
		delete(m.keys[sk], key)
		if len(m.keys[sk]) == 0 {
			delete(m.keys, sk)
		}
	}
	m.names[key] = name
	sk := names.Likeness(name)
	if m.keys[sk] == nil {
		m.keys[sk] = map[string]bool{}
	}
	m.keys[sk][key] = true
}

// TakenError refuses a name another member of the club, or another
// person here, goes by.
type TakenError struct {
	Name   string // the name asked for
	Member string // the other's name it is, or looks like
	// Here says the other is no member yet: a person at a table of the
	// hall, or connected.
	Here bool
}

// Error quotes the name as typed (a sentence would capitalise it) and,
// for a look-alike, the other's name it is taken for.
func (e *TakenError) Error() string {
	if e.Member == "" || e.Member == e.Name {
		return fmt.Sprintf("%q is the name of %s: choose another", e.Name, e.Whose())
	}
	return fmt.Sprintf("%q looks like %q, the name of %s: choose another", e.Name, e.Member, e.Whose())
}

// Whose says whose name it is: "another member of this club", or
// "another player here".
func (e *TakenError) Whose() string {
	if e.Here {
		return "another player here"
	}
	return "another member of this club"
}

// NameFree says whether the person of key (a guest: "") may go by name:
// a *TakenError when another member of the club, or another person
// holding a seat at a table of the hall (their first game is not filed
// yet), goes by a name that looks like it, unless one of the key's own
// names there looks like it too (two who went by one name before it
// was theirs alone keep it).
func (h *Hall) NameFree(key, name string) error { return h.nameFree(key, name, false) }

// nameFree is NameFree; connected counts the keys connected too.
func (h *Hall) nameFree(key, name string, connected bool) error {
	sk := names.Likeness(name)
	e := &TakenError{Name: name}
	own := false
	// other notes p if they go by a name like name; here: found at a
	// table or connected, not among the members.
	other := func(p Player, here bool) {
		switch {
		case p.ID == "" || names.Likeness(p.Name) != sk:
		case p.ID == key:
			own = true
		case e.Member == "" || e.Here && !here || e.Here == here && p.Name < e.Member: // a member's first, then the same one each time
			e.Member, e.Here = p.Name, here
		}
	}
	// One lock at a time: a table's is taken before present.mu (Label).
	m := &h.members
	m.mu.Lock()
	for k := range m.keys[sk] {
		other(Player{ID: k, Name: m.names[k]}, false)
	}
	m.mu.Unlock()
	for _, t := range h.all() {
		t.mu.Lock()
		for _, p := range t.people() {
			other(p, true)
		}
		t.mu.Unlock()
	}
	if connected {
		h.present.mu.Lock()
		for v := range h.present.visits {
			other(v.p, true)
		}
		h.present.mu.Unlock()
	}
	if e.Member == "" || own && key != "" {
		return nil
	}
	return e
}
