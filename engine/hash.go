package engine

import "hash/fnv"

// HashBytes returns the 64-bit FNV-1a hash of b, the hash games use for
// [State.Hash].
func HashBytes(b []byte) uint64 {
	h := fnv.New64a()
	h.Write(b)
	return h.Sum64()
}
