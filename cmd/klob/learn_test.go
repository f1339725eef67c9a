package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// TestLearnFlags: klob learn -h names -players; a count other than 2, 3
// or 4 is a usage error (exit 2) that says so, before any screen opens.
func TestLearnFlags(t *testing.T) {
	var out, errs bytes.Buffer
	if code := runLearn([]string{"-h"}, &out, &errs); code != 0 || !strings.Contains(out.String(), "usage: klob learn [-players 2|3|4] [-ascii]") ||
		!strings.Contains(out.String(), "the game to learn: 2, 3 or 4 players") {
		t.Errorf("klob learn -h: exit %d\n%s", code, out.String())
	}
	for _, args := range [][]string{{"-players", "5"}, {"-players", "1"}} {
		out.Reset()
		errs.Reset()
		if code := runLearn(args, &out, &errs); code != 2 || !strings.Contains(errs.String(), "-players "+args[1]+": want 2, 3 or 4") {
			t.Errorf("klob learn %v: exit %d, %q", args, code, errs.String())
		}
	}
}

// TestEndToEndLearn builds klob and takes the whole lesson in tmux at
// 80×24 as a new player would: reading each step, giving the answers the
// lesson asks for (after one wrong answer, to see it refused with a
// reason), reading the bottom card, playing the cards, saying bella,
// reading the score, naming trump in round two, claiming the last deal,
// and taking the real game offered at the end.
func TestEndToEndLearn(t *testing.T) {
	shortParallel(t)
	s, _ := launchKlob(t, 80, 24, "learn")

	// press sends a key and waits until the screen shows want.
	press := func(key, want string) string {
		t.Helper()
		s.keys(key)
		return s.waitFor(want, patience)
	}
	// pressShows is press, the screen then showing text; else the test
	// says what is wrong.
	pressShows := func(key, want, text, wrong string) {
		t.Helper()
		if scr := press(key, want); !strings.Contains(scr, text) {
			t.Errorf("%s:\n%s", wrong, scr)
		}
	}
	s.waitFor("step 1 of 17 · Welcome to Klaberjass", patience)
	press("Enter", "The cards and their order")
	pressShows("Enter", "What the cards are worth", "trump:   20  14  11  10  4  3  0  0", "the points table is not shown as written")
	press("Enter", "Bidding: take or pass")
	// A wrong answer is refused with the lesson's reason; nothing moves.
	press("t", "This lesson asks you to pass here")
	press("p", "Schmeiss")
	press("a", "A thrown-in deal")
	press("Enter", "Taking trump")
	press("t", "Nine cards, and the bottom card")
	press("Enter", "The dix")
	press("x", "Sequences")
	pressShows("n", "Playing the tricks", "Bot: twenty · You: not good", "the table talk lacks the dialogue")
	// The card play: a card marked playable each time, bella when asked.
	sawBella, sawRefusal := false, false
	scr := playLessonCards(t, s, func(scr string) bool {
		if !strings.Contains(scr, "[b] play with bella") || sawBella {
			return false
		}
		// First the card without bella: the lesson asks for bella.
		s.keys("Enter")
		s.waitFor("press b, not enter", patience)
		sawRefusal = true
		s.keys("b")
		s.waitFor("Said: …", patience)
		sawBella = true
		return true
	})
	if !sawBella || !sawRefusal {
		t.Errorf("the lesson never asked for bella (bella %v, refusal %v)", sawBella, sawRefusal)
	}
	if !strings.Contains(scr, "You: bella") {
		t.Errorf("the table talk does not show your bella:\n%s", scr)
	}
	scr = press("Enter", "Scoring the deal")
	for _, want := range []string{"This deal scores", "Sequences", "70", "Bella", "20"} {
		if !strings.Contains(scr, want) {
			t.Errorf("the score lacks %q:\n%s", want, scr)
		}
	}
	press("Enter", "When the upcard does not suit you")
	press("p", "Round two: naming a suit")
	press("s", "Claiming the rest")
	pressShows("c", "A claimed deal", "Tricks                    9        0", "the claimed deal does not give every trick to you")
	scr = press("Enter", "You know the game")
	if !strings.Contains(scr, "[n] play a real game") || !strings.Contains(scr, "step 17 of 17") {
		t.Errorf("the end does not offer a real game:\n%s", scr)
	}
	press("n", "Set up the game")
	scr = s.quit()
	if !strings.Contains(scr, "klob exited: 0") {
		t.Errorf("klob did not exit cleanly:\n%s", scr)
	}
}

// TestEndToEndLearnSeats takes the lessons of three and four players in
// tmux at 80×24 (klob learn -players N): the bidding, your first card
// under East's trump or over your partner's, the card play with a card
// marked playable each time, the score of the deal, and the real game
// of N players offered at the end.
func TestEndToEndLearnSeats(t *testing.T) {
	for _, tc := range []struct {
		players string
		walk    [][2]string // a key, and what the screen then shows
		first   string      // the step of your first card
		score   []string
	}{
		{"3", [][2]string{{"Enter", "The cards and their order"}, {"Enter", "What the cards are worth"},
			{"Enter", "Bidding: take or pass"}, {"Enter", "West takes"}, {"Enter", "Playing the tricks"}},
			"Under the trump in the trick", []string{"Bete!", "From the maker", "You     West     East"}},
		{"4", [][2]string{{"Enter", "The cards and their order"}, {"Enter", "What the cards are worth"},
			{"Enter", "Bidding: take or pass"}, {"p", "hearts is a strong trump for your team"},
			{"t", "Eight cards each"}, {"Enter", "Sequences for the team"}, {"g", "Playing the tricks with a partner"}},
			"Trump over your partner", []string{"Made.", "You & North", "Sequences of you & North: you 50 + North 20"}},
	} {
		t.Run(tc.players, func(t *testing.T) {
			shortParallel(t)
			s, _ := launchKlob(t, 80, 24, "learn", "-players", tc.players)
			s.waitFor("step 1 of", patience)
			for _, w := range tc.walk {
				s.keys(w[0])
				s.waitFor(w[1], patience)
			}
			s.keys("Enter")
			s.waitFor(tc.first, patience)
			playLessonCards(t, s, nil)
			s.keys("Enter")
			scr := s.waitFor("This deal scores", patience)
			for _, want := range tc.score {
				if !strings.Contains(scr, want) {
					t.Errorf("the score lacks %q:\n%s", want, scr)
				}
			}
			s.keys("Enter")
			s.waitFor("[n] play a real game", patience)
			s.keys("n")
			scr = s.waitFor("Set up the game", patience)
			if want := map[string]string{"3": "Klaberjass for three", "4": "Klaberjass for four"}[tc.players]; !strings.Contains(scr, want) {
				t.Errorf("n at the end opened another game than %s:\n%s", want, scr)
			}
			if scr := s.quit(); !strings.Contains(scr, "klob exited: 0") {
				t.Errorf("klob did not exit cleanly:\n%s", scr)
			}
		})
	}
}

// playLessonCards plays the lesson's cards to its last trick, a card
// marked playable each time, and returns that screen; answer, when set,
// may answer a screen itself (true when it did: bella asked).
func playLessonCards(t *testing.T, s *tmuxSession, answer func(scr string) bool) string {
	t.Helper()
	for deadline := time.Now().Add(patience); ; {
		scr, still := s.settled()
		if still && strings.Contains(scr, "[enter] see the score") {
			return scr
		}
		if time.Now().After(deadline) {
			t.Fatalf("the card play did not end (the screen still: %v):\n%s", still, scr)
		}
		if !still {
			continue // only a still screen is answered
		}
		switch {
		case answer != nil && answer(scr):
			continue // answer waited for the screen its keys brought
		case strings.Contains(scr, "Your card:"):
			if k := playableKey(scr); k != "" {
				// Wait for the key to show before reading the screen
				// again, however long the frame takes on a loaded
				// machine: a card key sent twice would answer a screen
				// that is gone.
				s.keys(k)
				s.changedFrom(scr)
				continue
			}
		}
		time.Sleep(poll) // a bot's card, or the next frame, to come
	}
}
