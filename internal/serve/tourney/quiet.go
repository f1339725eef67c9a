package tourney

import "time"

// An entrant who has played a board of a tournament still running knows
// its cards while others have yet to play them: a word in a room
// everyone reads could give a board away. The service remembers, by
// key, the running tournaments each entrant has begun a board of
// (played), so that the lobby asks Quiet at every line without waiting
// for the disk. The daily is no exception: its boards are played all
// day, so whoever began one keeps quiet until the day ends.
//
// The memory is filled as boards are begun (Play) and when the lobby
// reads whether the person left a board half-played (InPlay, at each
// connection's start), which finds the boards begun before a restart.

// quietEntry is a running tournament an entrant played: its name in a
// sentence (Info.Named), to tell them, and its end, when they may talk
// again.
type quietEntry struct {
	title string
	ends  time.Time
}

// markPlayed remembers that key began a board of the tournament i.
func (s *Service) markPlayed(key string, i Info) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.played == nil {
		s.played = map[string]map[string]quietEntry{}
	}
	m := s.played[key]
	if m == nil {
		m = map[string]quietEntry{}
		s.played[key] = m
	}
	m[i.Code] = quietEntry{title: i.Named(), ends: i.Ends}
}

// endPlayed forgets the tournament of code, ended early by its host.
func (s *Service) endPlayed(code string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for key, m := range s.played {
		delete(m, code)
		if len(m) == 0 {
			delete(s.played, key)
		}
	}
}

// Quiet returns the name in a sentence (Info.Named) of a running
// tournament the entrant key has played a board of (the one ending
// last), and its end: they talk in no
// room everyone reads until then. ok is false when there is none. It
// reads memory only, so a screen's Update may call it.
func (s *Service) Quiet(key string) (title string, ends time.Time, ok bool) {
	now := s.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.played[key]
	for code, e := range m {
		if !now.Before(e.ends) {
			delete(m, code)
			continue
		}
		if !ok || e.ends.After(ends) {
			title, ends, ok = e.title, e.ends, true
		}
	}
	if len(m) == 0 {
		delete(s.played, key)
	}
	return title, ends, ok
}
