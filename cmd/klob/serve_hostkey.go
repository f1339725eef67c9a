package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	gossh "golang.org/x/crypto/ssh"

	"github.com/klob/klob/internal/platform/untrusted"
	"github.com/klob/klob/internal/serve/server"
)

// checkHostKey refuses, before anything is made, a host key the server
// could not use as the operator meant: a key file is created when
// missing, but only in a folder that exists (the state directory, made
// at the start, for the default), since a typo in -host-key must not
// give the server a new identity in a new folder; a file that is there
// must hold a private key, and is left as it is when it does not. The
// errors name the file ("host key PATH: ...") and say what is wrong.
func checkHostKey(f serveFlags) error {
	path := f.hostKey
	what := "host key " + path
	dir := filepath.Dir(path)
	if !sameDir(dir, f.state) {
		fi, err := os.Stat(dir)
		switch {
		case errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR):
			return fmt.Errorf("%s: its folder %s does not exist, and klob serve makes a new key only in a folder that does: make the folder, or correct -host-key", what, dir)
		case err == nil && !fi.IsDir(), errors.Is(err, syscall.ENOTDIR):
			return fmt.Errorf("%s: its folder %s does not exist, a file is in its way", what, dir)
		case err != nil:
			return flagFileError(what, dir, err)
		}
	}
	data, err := untrusted.ReadFileMax(path, 1<<20) // a key is a few KB
	var pe *fs.PathError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil // made at the start
	case errors.As(err, &pe) && pe.Path == path:
		return fmt.Errorf("%s: %v", what, pe.Err)
	case err != nil:
		// A folder, a device, too large: said with the file once.
		return fmt.Errorf("%s: %s", what, strings.TrimPrefix(err.Error(), "read "+path+": "))
	case len(data) == 0:
		return fmt.Errorf("%s: the file is empty, so it holds no private key, and is left as it is: %s", what, keyWanted)
	}
	err = server.CheckHostKey(path)
	var pass *gossh.PassphraseMissingError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &pass):
		return fmt.Errorf("%s: its private key is protected by a passphrase, which klob serve cannot give, and is left as it is: %s", what, keyWanted)
	}
	return fmt.Errorf("%s: the file holds no private key in OpenSSH or PEM form (%v), and is left as it is: %s", what, errors.Unwrap(err), keyWanted)
}

// keyWanted says what -host-key takes.
const keyWanted = "give the server's key file (without a passphrase), or a path with no file for a new key"

// sameDir reports whether a and b name one folder (as written, made
// absolute): the state directory is made at the start, so a key file
// there needs no folder made beforehand.
func sameDir(a, b string) bool {
	x, err1 := filepath.Abs(a)
	y, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && x == y
}
