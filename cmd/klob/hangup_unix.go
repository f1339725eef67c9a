//go:build unix

package main

import (
	"errors"
	"os"
	"os/signal"

	"golang.org/x/sys/unix"
)

// watchHangup calls hangup once the terminal f hangs up: its window
// closed with no SIGHUP delivered (a shell that ignores it, su), where
// the program would otherwise wait for keys from a terminal gone for
// good, holding the state directory's lock. The watch asks for no
// event, so it reads nothing; it lasts as long as the process.
//
// A SIGHUP (kill -HUP, a window closed by a shell that passes it on)
// ends the program the same way, rather than by the signal's default,
// which left the lock behind.
func watchHangup(f *os.File, hangup func()) {
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, unix.SIGHUP)
	go func() {
		<-hup
		hangup()
	}()
	fd := int32(f.Fd())
	go func() {
		fds := []unix.PollFd{{Fd: fd}}
		for {
			_, err := unix.Poll(fds, -1)
			switch {
			case errors.Is(err, unix.EINTR):
				continue
			case err != nil:
				return
			}
			if fds[0].Revents&(unix.POLLHUP|unix.POLLERR|unix.POLLNVAL) != 0 {
				hangup()
				return
			}
		}
	}()
}
