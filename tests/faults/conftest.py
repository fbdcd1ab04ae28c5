import sys
from pathlib import Path

# The fault tests share harness.py; make it importable under --import-mode=importlib.
sys.path.insert(0, str(Path(__file__).parent))
