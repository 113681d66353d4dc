"""The load generator's parts (issue 15): scripts/load.py runs them."""
