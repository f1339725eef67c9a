package chat

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAbuseFreshKeysFromOneAddress: keys cost nothing, so the lines of
// all the keys of one address share a bucket too. Sixteen fresh keys
// saying five lines each at once land AddrBurst lines, not eighty; the
// rest are refused with the address's wait; another address, and a
// line without an address, are not held up; and the address's lines
// come back at its rate.
func TestAbuseFreshKeysFromOneAddress(t *testing.T) {
	h, c := newHub(t, Config{})
	room := h.NewRoom()
	landed := 0
	for k := range 16 {
		from := Sender{Key: fmt.Sprintf("SHA256:fresh%d", k), Name: "spam", Addr: "203.0.113.7"}
		for range 5 {
			_, err := room.Say(from, "buy now")
			if err == nil {
				landed++
				continue
			}
			r := refusal(t, err)
			require.Equal(t, TooFast, r.Reason)
			assert.True(t, r.Addr)
			assert.Equal(t, "slow down: many lines come from your address; wait 1 s", r.Error())
		}
	}
	assert.Equal(t, DefaultAddrBurst, landed)
	assert.Len(t, room.History("x").Lines, DefaultAddrBurst)

	_, err := room.Say(Sender{Key: "SHA256:dora", Name: "dora", Addr: "198.51.100.2"}, "hello")
	require.NoError(t, err, "another address talks")
	_, err = room.Say(alice, "hello")
	require.NoError(t, err, "a line without an address meets its key's bucket only")

	// A quarter of a second later, one more line from the address, by a
	// key with tokens of its own.
	fresh := Sender{Key: "SHA256:fresh99", Name: "spam", Addr: "203.0.113.7"}
	_, err = room.Say(fresh, "again")
	require.Error(t, err)
	c.Add(DefaultAddrEvery)
	_, err = room.Say(fresh, "again")
	require.NoError(t, err)
	_, err = room.Say(fresh, "again")
	require.Error(t, err)

	// A key's own limit still says the key's wait.
	c.Add(time.Minute)
	for range DefaultBurst {
		_, err = room.Say(fresh, "mine")
		require.NoError(t, err)
	}
	_, err = room.Say(fresh, "mine")
	r := refusal(t, err)
	assert.False(t, r.Addr)
	assert.Equal(t, "slow down: wait 1 s", r.Error())
}
