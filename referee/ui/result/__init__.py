"""Share the result: a game's ending, its standings or the statistics as a picture and as
text, through the phone's share sheet (facts.py: what it says; card.py: the picture;
sheet.py: the Share dialog, the capture and the share sheet or its fallback)."""
