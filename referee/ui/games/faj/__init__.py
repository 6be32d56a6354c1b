"""Faces, Aces & Jokers on screen: its table and its dispute entry."""
