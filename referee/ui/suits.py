"""Red suits in sentences: hearts and diamonds drawn red, as on the cards and in every
picker (one red: theme.RED_SUIT)."""

import re

import flet as ft

from referee.ui.theme import RED_SUIT

# A card of a red suit as a sentence writes it ("K♥", "9♦", "hearts ♥"): the token holding
# the suit's sign, up to the next space or punctuation.
_RED_CARD = re.compile(r"[^\s(),:;.]*[♥♦][^\s(),:;.]*")


def suited(text: str, **style) -> ft.Text:
    """A sentence whose hearts and diamonds are red, as they are on the cards and in every
    picker (one red: theme.RED_SUIT); any other sentence as plain text."""
    if "♥" not in text and "♦" not in text:
        return ft.Text(text, **style)
    return ft.Text(spans=suited_spans(text), semantics_label=text, **style)


def suited_spans(text: str, style: ft.TextStyle | None = None) -> list[ft.TextSpan]:
    """`text` as spans of `style`, its hearts and diamonds red (a line of a longer text)."""
    spans, at = [], 0
    red = ft.TextStyle(color=RED_SUIT)
    if style is not None:
        red = style.copy(color=RED_SUIT)
    for found in _RED_CARD.finditer(text):
        if found.start() > at:
            spans.append(ft.TextSpan(text[at : found.start()], style=style))
        spans.append(ft.TextSpan(found.group(), style=red))
        at = found.end()
    if at < len(text):
        spans.append(ft.TextSpan(text[at:], style=style))
    return spans
