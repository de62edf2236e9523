"""Benchmarks: ``make bench`` (``python -m bench.run``) writes bench/results.json."""
