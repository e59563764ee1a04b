"""referee: banker and rules lawyer for a physical game of Monopoly."""

__version__ = "0.1.0"
