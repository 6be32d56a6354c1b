"""High card on screen: its table (`view.VIEW`) and its dispute entry (`disputes.FORM`)."""
