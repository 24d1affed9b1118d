//go:build long

package exact

func init() { long = true }
