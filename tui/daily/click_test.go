package daily

import "testing"

// The day's own parts take clicks on their offers: the intro's [h]
// opens the history, whose esc comes back; [enter] deals the board;
// between boards [esc] goes back to the day's intro.
func TestDailyClicks(t *testing.T) {
	f := newFixture(t, 2, "", quickPar)
	f.hs.ClickOn("[h] history")
	if !f.on("history")() {
		t.Fatalf("a click on [h] did not open the history:\n%s", f.text())
	}
	f.hs.ClickOn("esc back")
	if !f.on("intro")() {
		t.Fatalf("a click on esc did not come back:\n%s", f.text())
	}
	f.hs.ClickOn("[enter] play board 1")
	if _, ok := f.tbl(); !ok {
		t.Fatalf("a click on [enter] did not deal the board:\n%s", f.text())
	}
	f.until("board 1's end", f.on("between"))
	f.hs.ClickOn("[esc] the day")
	if !f.on("intro")() {
		t.Fatalf("a click on [esc] between boards did not show the day:\n%s", f.text())
	}
}

// On the results a click on a board chooses it and a second click opens
// the hard bot's line of it in the replay; a click on "s standings"
// shows the standings.
func TestDailyResultsClicks(t *testing.T) {
	f, _ := playDay(t, 2, quickPar)
	f.hs.ClickOn("3        ")
	r := f.s.sub.(*results)
	if r.cursor != 2 {
		t.Fatalf("a click on board 3 chose row %d", r.cursor)
	}
	f.hs.ClickOn("3        ")
	if name := f.s.sub.Name(); name != "replay" {
		t.Fatalf("a click on the chosen board opened %s:\n%s", name, f.text())
	}
	f.hs.Press("esc")
	f.hs.ClickOn("s standings")
	if name := f.s.sub.Name(); name != "standings" {
		t.Fatalf("a click on s standings opened %s:\n%s", name, f.text())
	}
}
