package chat

import (
	"cmp"
	"slices"
	"sync"
)

// The people present: each connection of a keyed person notes itself
// (Arrive) under the name it goes by, until it ends (Presence.Leave),
// so that a listener may mute someone by name before they have said a
// line anywhere: in a room whose lines were lost to a restart, or
// ahead of them. Only keys and names are kept, never anything said.

// presence is the Hub's directory of the people present.
type presence struct {
	mu  sync.Mutex
	all map[*Presence]struct{}
}

// Presence is one connection of a keyed person noted by Arrive.
type Presence struct {
	h    *Hub
	key  string
	name string // under h.here.mu
}

// Arrive notes the person of key as present under name until Leave; a
// guest (key "") is not noted, and its Presence does nothing.
func (h *Hub) Arrive(key, name string) *Presence {
	p := &Presence{h: h, key: key, name: name}
	if key == "" {
		return p
	}
	h.here.mu.Lock()
	defer h.here.mu.Unlock()
	if h.here.all == nil {
		h.here.all = map[*Presence]struct{}{}
	}
	h.here.all[p] = struct{}{}
	return p
}

// Rename says the person goes by name now.
func (p *Presence) Rename(name string) {
	if p == nil {
		return
	}
	p.h.here.mu.Lock()
	defer p.h.here.mu.Unlock()
	p.name = name
}

// Leave ends the presence; it may be called more than once.
func (p *Presence) Leave() {
	if p == nil {
		return
	}
	p.h.here.mu.Lock()
	defer p.h.here.mu.Unlock()
	delete(p.h.here.all, p)
}

// Present returns the keyed people present, each key once (under the
// name of one of its connections: they share it), sorted by key.
func (h *Hub) Present() []Sender {
	h.here.mu.Lock()
	defer h.here.mu.Unlock()
	byKey := map[string]string{}
	for p := range h.here.all {
		byKey[p.key] = p.name
	}
	out := make([]Sender, 0, len(byKey))
	for k, n := range byKey {
		out = append(out, Sender{Key: k, Name: n})
	}
	slices.SortFunc(out, func(a, b Sender) int { return cmp.Compare(a.Key, b.Key) })
	return out
}
