"""Fae-ker on screen: its table and its dispute entry."""
