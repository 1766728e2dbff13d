"""Development support shared by tests/, the gallery (showcase/), scripts/ and benchmarks/.

Not part of the library and not installed: run from the repository root (pytest puts
the root on ``sys.path``; ``python -m showcase`` and the scripts run from it).
"""
