// Package outdir is the report directory (--out DIR): the only code in
// crucible that writes files (a test holds every other package to that).
// It opens and locks the directory, refuses one holding files crucible did
// not write, keeps the marker that lists crucible's own files, saves a
// command's checkpoints as it goes, and replaces a report whole: swapped in
// beside the old one in one step where the directory can be swapped, else
// written inside and moved into place file by file (a mount point, the
// working directory). It knows nothing of what a report holds: the
// renderers hand it Files to write.
//
// Files, each above the ones it uses (three arrows run back up: Dir's
// methods live beside the step they take, and use Dir's fields):
//
//	swap.go (↑ dir.go, files.go)   a report swapped in whole, or moved in file by file
//	files.go (↑ dir.go)            the marker: which files are crucible's
//	dir.go                         Dir, Open, checkpoints
//	tallyfile.go (↑ atomic.go)     TallyFile: the finished work's tallies, nameless, until the command ends
//	write.go                       File, WriteFiles: a report's files written atomically
//	atomic.go                      WriteFileAtomic, WriteCheckpoints: one file, whole or not at all
//	lock.go                        the directory's lock
//	filename.go                    FileName: a safe file name for a scenario's file
package outdir
