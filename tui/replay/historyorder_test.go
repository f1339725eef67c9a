package replay

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/record/store"
)

// TestHistoryNewestFirstToTheSecond: two games started in one minute
// are filed under names that differ after the minute by their results
// ("...-1337-...-lost", "...-1337-...-won"), which the history lists in
// the names' order. The list shows the one started later first all the
// same; a game that cannot be read goes by the minute of its name.
func TestHistoryNewestFirstToTheSecond(t *testing.T) {
	at := func(min, sec int) time.Time { return time.Date(2026, 12, 6, 13, min, sec, 0, time.UTC) }
	game := func(name string, start time.Time, winner int) store.Entry {
		e := memEntries(1, "North")[0]
		e.Path, e.Winner = "/nowhere/history/"+name+".klob", winner
		e.Header.SetStart(start)
		return e
	}
	entries := []store.Entry{ // the history's order: by name
		{Path: "/nowhere/history/2026-12-06-1336-vs-Bot-B-hard-Bot-D-hard-lost.klob", Winner: -1, Err: errors.New("damaged")},
		game("2026-12-06-1337-vs-Bot-B-hard-Bot-D-hard-lost", at(37, 50), 1),
		game("2026-12-06-1337-vs-Bot-B-hard-Bot-D-hard-won", at(37, 5), 0),
		game("2026-12-06-1338-vs-Bot-B-hard-Bot-D-hard-won", at(38, 0), 0),
	}
	msg := load(memSource{entries}, "k")
	var got []string
	for _, r := range msg.rows {
		got = append(got, r.path)
	}
	require.Equal(t, []string{entries[3].Path, entries[1].Path, entries[2].Path, entries[0].Path}, got)
}
