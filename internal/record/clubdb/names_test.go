package clubdb

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNamesAndOnNameFollowThePlayersRows: Names reads every player's
// name, and OnName is told of each name a committed write set, as the
// row holds it: a key never met renamed is not told, nor is a player
// of a game who already had a name.
func TestNamesAndOnNameFollowThePlayersRows(t *testing.T) {
	db, _ := openSeen(t, "k1", "Ann")
	ctx := context.Background()

	var mu sync.Mutex
	var told []string
	db.OnName(func(key, name string) {
		mu.Lock()
		defer mu.Unlock()
		told = append(told, key+"="+name)
	})
	require.NoError(t, db.NamePlayer(ctx, "k9", "Zed")) // never met
	require.NoError(t, db.NamePlayer(ctx, "k1", "Annie"))
	require.NoError(t, db.SeePlayer(ctx, "k3", "Cleo"))
	_, err := db.RecordGame(ctx, testGame("g1", "k1", "k2"), nil)
	require.NoError(t, err)
	// A game recorded again writes nothing.
	_, err = db.RecordGame(ctx, testGame("g1", "k1", "k2"), nil)
	require.NoError(t, err)
	assert.Equal(t, []string{"k1=Annie", "k3=Cleo", "k1=Annie", "k2=name-k2"}, told)

	names, err := db.Names(ctx)
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"k1": "Annie", "k2": "name-k2", "k3": "Cleo"}, names)
}
