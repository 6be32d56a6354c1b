"""What every game shares: errors, rulings, verdicts, decks, records and sessions."""
