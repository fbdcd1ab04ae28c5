import sys
from pathlib import Path

# Rule tests share bin_helpers.py (table situations); make it importable under --import-mode=importlib.
sys.path.insert(0, str(Path(__file__).parent))
