"""Fairy Bucks on screen: its table and its dispute entry."""
