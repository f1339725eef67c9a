package drill

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/klob/klob/internal/platform/untrusted"
)

// FuzzStatsLoad: whatever train.json holds, Load never panics; it gives
// a record that passes its own checks, or a *DamagedError with the file
// kept aside byte for byte. A record it accepts takes one more drill
// without overflowing, and the result loads again.
func FuzzStatsLoad(f *testing.F) {
	f.Add([]byte(`{"version": 1, "drills": 3, "correct": 1, "points_lost": 12.5}`))
	f.Add([]byte(`{"version": 1, "drills": 999999999, "correct": 999999999, "kinds": {"round one": {"drills": 1}}}`))
	f.Add([]byte(`{"version": 1, "drills": 1, "correct": 0, "mistakes": [{"situation": "hand=JS 9S AS KH QH 7D up=8S", "chose": "pass", "best": "take", "points": 4}]}`))
	f.Add([]byte(`{"version": 1, "drills": 9223372036854775807, "correct": 0}`))
	f.Add([]byte(`{"version": 1, "drills": 1000000000, "correct": 1000000000}`))
	f.Add([]byte(`{"version": 1, "tables": {"3": {"drills": 2, "correct": 1, "kinds": {"dix": {"drills": 2, "correct": 1}}}}}`))
	f.Add([]byte(`{"version": 2, "sections": {"2": {"drills": 2, "correct": 1, "points_lost": 4}, "4": {"drills": 1, "correct": 1}}}`))
	f.Add([]byte("{broken"))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		sf := &StatsFile{Path: filepath.Join(dir, StatsName), Now: func() time.Time { return when }}
		if err := os.WriteFile(sf.Path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		st, err := sf.Load()
		var de *DamagedError
		switch {
		case errors.As(err, &de):
			if de.Aside == "" {
				t.Fatalf("a damaged record was not kept aside: %v", err)
			}
			kept, rerr := untrusted.ReadFile(de.Aside)
			if rerr != nil || !bytes.Equal(kept, data) {
				t.Fatalf("the damaged record was not kept as it was (%v)", rerr)
			}
			if st.Total().Drills != 0 {
				t.Fatalf("a damaged record gives %d drills", st.Total().Drills)
			}
			return
		case err != nil:
			t.Fatalf("Load: %v", err)
		}
		if cerr := st.check(); cerr != nil {
			t.Fatalf("an accepted record fails its check: %v", cerr)
		}
		after, err := sf.Add(record(t, Mistake, 3))
		if err != nil {
			t.Fatalf("Add to an accepted record: %v", err)
		}
		if after.Section(2).Drills != min(st.Section(2).Drills+1, MaxDrills) {
			t.Fatalf("Add: %d drills after %d", after.Section(2).Drills, st.Section(2).Drills)
		}
		again, err := sf.Load()
		if err != nil || again.Total().Drills != after.Total().Drills {
			t.Fatalf("the record after Add loads as %d drills, %v; want %d", again.Total().Drills, err, after.Total().Drills)
		}
	})
}
