"""Benchmarks: scripts that print figures. Nothing here is collected as a test."""
