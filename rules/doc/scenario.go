package doc

// Mapping returns n, a ruleset's part of a scenario document, if it is the
// mapping every ruleset reads; a part that is not a mapping is refused at
// its position with expected, which says what the mapping holds ("expected
// a mapping with sides a and b (fields: options, a, b)"), and so is a
// missing one (nil), without a position.
func Mapping(n *Node, expected string) (*Node, error) {
	if n == nil {
		n = &Node{Kind: Null}
	}
	if n.Kind != Map {
		return nil, n.Errorf("%s", expected)
	}
	return n, nil
}

// DecodeScenario is the preamble of a ruleset's Compile: n as a Mapping,
// decoded into the ruleset's struct of fields v (see Decode).
func DecodeScenario(n *Node, expected string, v any) error {
	n, err := Mapping(n, expected)
	if err != nil {
		return err
	}
	return Decode(n, v)
}
