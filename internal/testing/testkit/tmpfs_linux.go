package testkit

import "syscall"

// tmpfsMagic is the file system type statfs reports for tmpfs.
const tmpfsMagic = 0x01021994

// ramDir is /dev/shm when it is a tmpfs, a file system in memory.
func ramDir() (string, bool) {
	var st syscall.Statfs_t
	if err := syscall.Statfs("/dev/shm", &st); err != nil || st.Type != tmpfsMagic {
		return "", false
	}
	return "/dev/shm", true
}
