"""Bots: see issue 3."""
