package progress

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// clock is a fake time that the test moves on.
type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

func TestTerminalRewritesInPlace(t *testing.T) {
	var b bytes.Buffer
	c := &clock{}
	l := NewFor(&b, true, time.Second, c.now)
	l.Update("analysing: 1 of 10")
	l.Update("analysing: 2 of 10")
	l.Done("done")
	want := "\ranalysing: 1 of 10\ranalysing: 2 of 10\rdone" + strings.Repeat(" ", len("analysing: 2 of 10")-len("done")) + "\n"
	if got := b.String(); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestPlainLinesAreRareAndHaveNoCarriageReturn(t *testing.T) {
	var b bytes.Buffer
	c := &clock{t: time.Unix(0, 0)}
	l := NewFor(&b, false, 5*time.Second, c.now)
	for i := range 100 {
		l.Update("step " + string(rune('a'+i%26)))
		c.t = c.t.Add(200 * time.Millisecond) // 20 s in all
	}
	l.Break()
	l.Done("finished")
	got := b.String()
	if strings.Contains(got, "\r") {
		t.Fatalf("a carriage return in plain output: %q", got)
	}
	lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	// One line at 0 s, 5 s, 10 s and 15 s, then the final one.
	if len(lines) != 5 || lines[4] != "finished" {
		t.Errorf("got %d lines %q, want 4 updates and the final line", len(lines), lines)
	}
}

func TestBreakEndsARewrittenLine(t *testing.T) {
	var b bytes.Buffer
	l := NewFor(&b, true, 0, nil)
	l.Break() // nothing written yet: nothing to end
	l.Update("x")
	l.Break()
	if got, want := b.String(), "\rx\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestNilLineIsSilent(t *testing.T) {
	var l *Line
	l.Update("x")
	l.Done("y")
	l.Break()
}

func TestIsTerminalOfABuffer(t *testing.T) {
	if IsTerminal(&bytes.Buffer{}) {
		t.Error("a buffer is a terminal")
	}
}
