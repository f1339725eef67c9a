// Package durable writes files so that a crash at any point leaves
// either the old content or the new one, whole, and keeps a file that
// cannot be read aside instead of writing over it.
//
// Write (and Replace, its common case) writes a temporary file in the
// target's directory, syncs and closes it, puts it in place (a rename,
// or a link that never replaces another file) and syncs the directory.
// Damaged files a damaged file under a fresh name in another
// directory, and Damaged does that and returns the one error type,
// *DamagedError, that says where the file went.
//
// Every file-system call goes through FS, so tests can make each step
// fail (internal/testing/testkit has such an FS).
package durable
