package lobby

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/rules"
)

// TestWatchListKeepsItsTable: the list read again keeps the cursor on
// the table it was on, wherever that table now stands; when that table
// has gone from the list, the list says so, so that enter does not
// watch the table that took its row unseen.
func TestWatchListKeepsItsTable(t *testing.T) {
	h := randomHall(t, hall.Config{})
	var conns []*hall.Conn
	var codes []string
	for i := range 3 {
		p := hall.Player{ID: string(rune('a' + i)), Name: "host" + string(rune('a'+i))}
		tb, err := h.Open(p, hall.Options{Seats: 2, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: uint64(i + 1)})
		require.NoError(t, err)
		conn, err := tb.Join(p)
		require.NoError(t, err)
		require.NoError(t, conn.Start())
		conns, codes = append(conns, conn), append(codes, tb.Code())
	}
	w := newWatchList(New(Config{Player: hall.Player{ID: "z", Name: "zed"}, Hall: h}))
	require.Len(t, w.tables, 3)
	at := func(code string) int {
		return slices.IndexFunc(w.tables, func(in hall.Info) bool { return in.Code == code })
	}
	mid := w.tables[1].Code
	w.row = 1
	first := w.tables[0].Code
	require.NoError(t, conns[slices.Index(codes, first)].SetPrivate(true))
	w.refresh()
	require.Equal(t, at(mid), w.row, "the cursor left its table when another went")
	require.Empty(t, w.note)
	require.NoError(t, conns[slices.Index(codes, mid)].SetPrivate(true))
	w.refresh()
	require.Len(t, w.tables, 1)
	require.True(t, strings.Contains(w.note, mid), "the list does not say the table went: %q", w.note)
}
