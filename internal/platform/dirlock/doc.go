// Package dirlock holds an advisory lock on a lock file, so that two Klob
// processes (or two stores in one process) do not write the same files
// at once: flock(2) on Unix, released when the holder closes it or
// exits, even by kill -9, so a crash never leaves a stale lock behind.
//
// TryLock fails at once with ErrLocked when another holder has it; Wait
// retries until a context ends, for short critical sections such as one
// read-modify-write of the trainer record.
//
// Systems without flock get no lock (TryLock always succeeds): the
// program then behaves as before the lock existed.
package dirlock
