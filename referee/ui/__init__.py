"""Thin Flet views: they render a state and turn taps into actions; no rules live here."""
