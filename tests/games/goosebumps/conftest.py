import sys
from pathlib import Path

# Rule tests share gsb_helpers.py (table situations); make it importable under --import-mode=importlib.
sys.path.insert(0, str(Path(__file__).parent))
