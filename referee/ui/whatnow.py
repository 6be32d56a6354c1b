"""What now? on screen: what the table may do now, each with the rule it rests on, what it
may not and why, and what comes next (core/whatnow.py says it; each game's teacher words it).

`sections` is the reading order, without Flet (tests read it): the headline first, then the
numbers of this state (compact: who still chooses, in a choice made at once), the moves
allowed now, the moves not allowed now, what happens next.
`panel` draws it: in full on its own screen and in the walk-through, or compact under a
taught game's status line, where it must leave the game's buttons in reach.
"""

from dataclasses import dataclass

import flet as ft

from referee.core.whatnow import Move, WhatNow
from referee.core.words import amount
from referee.ui import values
from referee.ui.widgets import slug, tagged

# Allowed moves a compact panel lists (a Fae-ker bidder's four: bid, pass, showdown, bluff),
# each a sentence without its ruling: the panel must leave the game's buttons in reach.
COMPACT_MOVES = 4


@dataclass(frozen=True)
class Line:
    tag: str  # the identifier tests and screen readers find it by
    text: str
    why: str | None = None  # a ruling cited (as verdicts cite them), or a refusal's reason


@dataclass(frozen=True)
class Section:
    key: str  # facts, choosing, allowed, refused, next
    title: str | None
    lines: tuple[Line, ...]


def ruling_line(move: Move, words: bool = True) -> str | None:
    """The rule a move rests on, as a verdict's "Why?" cites it: "Ruling FK-BID: ..."."""
    if not move.ruling:
        return None
    if words and move.ruling_words:
        return f"Ruling {move.ruling}: {move.ruling_words}"
    return f"Ruling {move.ruling}"


def why_not(move: Move) -> str | None:
    """The refusal's own reason, unless the sentence already says it."""
    reason = (move.reason or "").strip()
    if not reason or reason.rstrip(".").lower() in move.sentence.lower():
        return None
    return reason


def _tags(prefix: str, moves: tuple[Move, ...]) -> list[str]:
    """One identifier per move, by its kind ("whatnow-allowed-Bid"): a test follows the
    panel by the moves it names, not by their place in it."""
    seen: dict[str, int] = {}
    tags = []
    for move in moves:
        base = f"{prefix}-{slug(move.kind) or 'move'}"
        seen[base] = seen.get(base, 0) + 1
        tags.append(base if seen[base] == 1 else f"{base}-{seen[base]}")
    return tags


def sections(wn: WhatNow, compact: bool = False) -> list[Section]:
    """What the panel shows, in order (the headline is the panel's title). Compact: the
    first moves allowed, how many more and how many are not allowed now (the full screen
    tells them and the rulings), and what happens next."""
    out: list[Section] = []
    if wn.facts and not compact:
        out.append(
            Section(
                "facts",
                None,
                tuple(Line(f"whatnow-fact-{i}", f) for i, f in enumerate(wn.facts)),
            )
        )
    if wn.choosing and compact:
        # Everyone chooses at once: who still has to. In full, the facts say it, with what
        # each may choose.
        names = ", ".join(player for player, _ in wn.choosing)
        out.append(
            Section("choosing", None, (Line("whatnow-choosing", f"Still to choose: {names}."),))
        )
    allowed = wn.allowed[:COMPACT_MOVES] if compact else wn.allowed
    if allowed:
        lines = [
            Line(tag, m.sentence, None if compact else ruling_line(m))
            for tag, m in zip(_tags("whatnow-allowed", allowed), allowed, strict=True)
        ]
        hidden = len(wn.allowed) - len(allowed)
        if hidden:
            lines.append(
                Line("whatnow-more-allowed", f"and {hidden} more: the ? at the top has them all.")
            )
        out.append(Section("allowed", "You may now", tuple(lines)))
    if wn.refused:
        if compact:
            n = len(wn.refused)
            # The panel is part of What now?: it points at the bar's ? that opens the rest.
            said = (
                f"{amount(n, 'other moves')} {'is' if n == 1 else 'are'} not allowed now; "
                "the ? at the top says why."
            )
            out.append(Section("refused", None, (Line("whatnow-refused-count", said),)))
        else:
            lines = [
                Line(tag, m.sentence, why_not(m) or ruling_line(m, words=False))
                for tag, m in zip(_tags("whatnow-refused", wn.refused), wn.refused, strict=True)
            ]
            out.append(Section("refused", "Not now", tuple(lines)))
    if wn.next:
        out.append(Section("next", "Next", (Line("whatnow-next", wn.next),)))
    return out


def _line(line: Line, bullet: bool) -> ft.Control:
    text = ft.Text(line.text, size=14 if bullet else 13)
    parts: list[ft.Control] = [text]
    if line.why:
        parts.append(ft.Text(line.why, size=12, italic=True, color=ft.Colors.ON_SURFACE_VARIANT))
    body = ft.Column(parts, spacing=1, tight=True, expand=True)
    if bullet:
        body = ft.Row(
            [ft.Text("•", size=14), body],
            spacing=6,
            tight=True,
            vertical_alignment=ft.CrossAxisAlignment.START,
        )
    return tagged(line.tag, body)


def panel(wn: WhatNow, compact: bool = False) -> ft.Control:
    """What now? drawn: the headline, then `sections` (compact: under a taught game's
    status line, whose What now? button opens the whole of it)."""
    items: list[ft.Control] = [
        tagged("whatnow-headline", ft.Text(wn.headline, size=15, weight=ft.FontWeight.W_600))
    ]
    for section in sections(wn, compact):
        if section.title:
            items.append(
                ft.Text(section.title, size=13, weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY)
            )
        bullet = section.key in ("allowed", "refused")
        # Whole sentences, never cut: a newcomer reads the end of a move as much as its start.
        items.extend(_line(line, bullet) for line in section.lines)
    shown = tagged(
        "whatnow-panel" if compact else "whatnow",
        ft.Container(
            ft.Column(items, spacing=4, tight=True),
            padding=values.symmetric(horizontal=12, vertical=10),
            border_radius=10,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
        ),
    )
    shown.expand = True
    return ft.Row([shown])  # as wide as the screen, however short its lines
