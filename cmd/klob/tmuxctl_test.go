package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
)

// tmuxControl is one tmux client in control mode (tmux -C) on a test's
// tmux server: the end-to-end tests read the screen and send keys
// hundreds of times a run, and a tmux client started for each is a
// process started and attached each time; through one client a command
// costs a line written and its answer read. It is attached with no-output (no copy of every
// frame drawn) and ignore-size (the windows keep the size the test
// gave them).
type tmuxControl struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
	stderr bytes.Buffer
}

// errControlGone: the control client ended before tmux took the
// command (its session was destroyed, or it never attached); the
// command did not run.
var errControlGone = errors.New("the tmux control client is gone")

// startTmuxControl attaches a control client of tmux bin on socket sock
// to session.
func startTmuxControl(bin, sock, session string) (*tmuxControl, error) {
	c := &tmuxControl{cmd: exec.Command(bin, "-L", sock, "-f", "/dev/null", "-C",
		"attach-session", "-f", "no-output,ignore-size", "-t", session)}
	c.cmd.Stderr = &c.stderr
	var err error
	if c.in, err = c.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	out, err := c.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	c.out = bufio.NewReader(out)
	if err := c.cmd.Start(); err != nil {
		return nil, err
	}
	return c, nil
}

// run has tmux run the command args and returns its output, as the
// tmux command line prints it. The answer is the next block between
// "%begin T N 1" and "%end T N 1" (or "%error T N 1", the output then
// the error); lines outside a block are notifications, skipped.
// errControlGone says the command never ran.
func (c *tmuxControl) run(args ...string) (string, error) {
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = tmuxQuote(a)
	}
	if _, err := io.WriteString(c.in, strings.Join(quoted, " ")+"\n"); err != nil {
		return "", errControlGone
	}
	var begin string
	for {
		line, err := c.out.ReadString('\n')
		if err != nil {
			return "", errControlGone
		}
		if f := strings.Fields(line); len(f) == 4 && f[0] == "%begin" && f[3] == "1" {
			begin = f[1] + " " + f[2] + " 1"
			break
		}
	}
	var out strings.Builder
	for {
		line, err := c.out.ReadString('\n')
		if err != nil {
			return "", fmt.Errorf("the tmux control client ended in the answer: %s", c.stderr.String())
		}
		switch strings.TrimSuffix(line, "\n") {
		case "%end " + begin:
			return out.String(), nil
		case "%error " + begin:
			return "", errors.New(out.String())
		}
		out.WriteString(line)
	}
}

// close detaches the client (its input ends) and waits for it.
func (c *tmuxControl) close() {
	c.in.Close()
	io.Copy(io.Discard, c.out)
	c.cmd.Wait()
}

// tmuxQuote quotes a for tmux's command parser: in single quotes
// nothing is special; a single quote ends them, is escaped with a
// backslash and opens them again.
func tmuxQuote(a string) string {
	return "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
}
