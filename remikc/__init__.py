"""remikc: a compiler and verifier for the rules of Rummy (Remik, Remi) variants."""

__version__ = "0.11.0"
