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
// Files, each above the ones it uses (one arrow runs back up: dir.go asks
// swap.go whether the directory can be swapped and where a report is
// staged beside it, and the swap works on the Dir):
//
//	write.go               File, WriteFiles: a report's files written atomically
//	tallyfile.go           TallyFile: the finished work's tallies, nameless, until the command ends
//	swap.go                a report swapped in whole, or moved in file by file
//	dir.go (↑ swap.go)     Dir, Open, checkpoints; crucible's files adopted, leftovers cleared
//	lock.go                the directory's lock
//	files.go               the marker and the names crucible keeps: which files are crucible's
//	filename.go            FileName: a safe file name for a scenario's file
//	atomic.go              WriteFileAtomic, WriteCheckpoints: one file, whole or not at all
package outdir
