package clubdb

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// FuzzOpen opens files of any bytes as the club database: Open never
// panics, and a file it refuses keeps its bytes. The seeds are a sound
// database and pieces of it.
func FuzzOpen(f *testing.F) {
	path := filepath.Join(f.TempDir(), FileName)
	buildAt(f, path, Version)
	good, err := os.ReadFile(path)
	if err != nil || len(good) < 4096 {
		f.Fatalf("the seed database: %v (%d bytes)", err, len(good))
	}
	f.Add(good)
	f.Add(good[:100])
	f.Add(good[:len(good)/2])
	f.Add([]byte{})
	bad := append([]byte(nil), good...)
	copy(bad[4096+8:], "garbage garbage garbage")
	f.Add(bad)
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), FileName)
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		db, err := Open(path, Options{})
		if err != nil {
			after, rerr := os.ReadFile(path)
			if rerr != nil || string(after) != string(data) {
				t.Fatalf("a refused file changed: %v", err)
			}
			return
		}
		_, _ = db.Check(context.Background())
		_, _ = db.Counts(context.Background())
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
	})
}
