package gamelog_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/klob/klob/internal/record/gamelog"
)

// The autosave writes the whole log after every action, so writing a
// long game must stay cheap; reading it is what resuming costs.

func benchLog(b *testing.B) []byte {
	data, err := os.ReadFile(filepath.Join(gamesDir, "07-sequences-decided-by-trump.klob"))
	if err != nil {
		b.Fatal(err)
	}
	return data
}

func BenchmarkMarshalText(b *testing.B) {
	l, err := gamelog.Parse("bench.klob", benchLog(b))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := l.MarshalText(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParse(b *testing.B) {
	data := benchLog(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := gamelog.Parse("bench.klob", data); err != nil {
			b.Fatal(err)
		}
	}
}
