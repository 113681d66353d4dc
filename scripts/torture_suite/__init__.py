"""The torture suite's modes (scripts/torture.py runs them): each is a function of a `Rig` that returns a `Figures`."""
