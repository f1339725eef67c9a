package replay

import "testing"

// TestHistoryGamesAloneAreTheirs: in a person's list over `klob serve`,
// a game alone filed without their key (before games alone recorded it)
// is theirs and says won or lost, not which seats won; a game keyed to
// someone else still names the winning side.
func TestHistoryGamesAloneAreTheirs(t *testing.T) {
	entries := memEntries(3, "North")
	for _, i := range []int{0, 1} {
		entries[i].Header.SetKey(0, "") // filed without the key
	}
	entries[2].Header.SetKey(0, "other")
	msg := load(memSource{entries}, "k")
	got := map[string]string{}
	for i := range msg.rows {
		got[msg.rows[i].path] = result(&msg.rows[i])
	}
	want := map[string]string{
		entries[0].Path: "won", entries[1].Path: "lost", entries[2].Path: "AC won",
	}
	for p, w := range want {
		if got[p] != w {
			t.Errorf("%s: result %q, want %q", p, got[p], w)
		}
	}
	if _, ok := entries[0].Header.PersonSeat("k"); ok {
		t.Fatal("the test's game alone has the key")
	}
}
