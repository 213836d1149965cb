"""Where things are for the tests: ``ROOT``, the checkout's folder (the one holding main.py and
the chainplus package), the working directory and import path of every process a test starts."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
