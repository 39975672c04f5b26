"""Computer players that decide from one seat's view, for benchmarks and tests."""
