//go:build long

package cli

func init() { runLongLines = true }
