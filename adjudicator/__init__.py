"""adjudicator: settle the end of Go games under Japanese (AJR, J1989) and Korean rules."""
__version__ = "0.1.0"
