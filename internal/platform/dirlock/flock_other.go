//go:build !unix

package dirlock

import "os"

// tryLock: no flock here; every holder gets the lock.
func tryLock(*os.File) (bool, error) { return true, nil }
