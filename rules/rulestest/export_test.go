package rulestest

// CounterName exposes counterName to the tests.
var CounterName = counterName
