import sys
from pathlib import Path

# helpers.py is shared by the AI tests; importable under --import-mode=importlib.
sys.path.insert(0, str(Path(__file__).parent))
