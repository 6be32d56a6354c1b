"""What now? on screen: what the table may do now, each with the rule it rests on, what it
may not and why, and what comes next (core/whatnow.py says it; each game's teacher words it).

`sections` is the reading order, without Flet (tests read it): the headline first, then the
numbers of this state (compact: who still chooses, in a choice made at once), the moves
allowed now, the moves not allowed now, what happens next.
`panel` draws it: in full in the game's view (the ? in its bar) and in the walk-through, the
rulings behind Why? as a verdict's are; or compact under a taught game's status line, where
it must leave the game's buttons in reach.
`slot` holds the full panel in the game's view, open or shut (kept on the page at no height).
"""

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from referee.core.rulings import Cited
from referee.core.whatnow import Move, WhatNow
from referee.core.words import amount
from referee.ui import layout_values
from referee.ui.suits import suited, suited_spans
from referee.ui.widgets import icon_button, tagged, tile

# The sections a panel with a Why? button shows only once it is tapped.
DEEPER = ("facts", "refused")
# Allowed moves a compact panel lists (a Fae-ker bidder's four: bid, pass, showdown, bluff),
# each a sentence without its ruling: the panel must leave the game's buttons in reach.
COMPACT_MOVES = 4
FULL_WIDTH = 10_000  # px: wider than any column, so as wide as the one it stands in


@dataclass(frozen=True)
class Line:
    text: str
    reason: str | None = None  # why a move is not allowed, when the sentence does not say
    ruling: str | None = None  # the ruling cited, as a verdict's Why? cites it


@dataclass(frozen=True)
class Why:
    """The panel's Why? button: whether the rulings show, and what a tap on it does."""

    open: bool
    toggle: Callable


@dataclass(frozen=True)
class Section:
    key: str  # facts, choosing, allowed, refused, next: shown as "whatnow-<key>"
    title: str | None
    lines: tuple[Line, ...]


def ruling_line(move: Move, words: bool = True) -> str | None:
    """The rule a move rests on, whose it is first, as a verdict's "Why?" cites it:
    "The referee's reading (the rules are silent): A player who passes …"; without
    `words`, its title: "Passing is final — the referee's reading (…)". Never its id."""
    if not move.cited:
        return None
    return cited_words(move.cited, move.sentence) if words else move.cited.short


def cited_words(cited: Cited, sentence: str) -> str:
    """A ruling in full under the sentence it backs; whose rule it is is said once, so not
    again when the sentence already ends with it ("— the referee's reading (…)")."""
    whose = f"{cited.whose[0].lower()}{cited.whose[1:]}"
    return cited.text if whose in sentence else cited.words


def why_not(move: Move) -> str | None:
    """The refusal's own reason, unless the sentence already says it."""
    reason = (move.reason or "").strip()
    if not reason or reason.rstrip(".").lower() in move.sentence.lower():
        return None
    return reason


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
                tuple(Line(f) for f in wn.facts),
            )
        )
    if wn.choosing and compact:
        # Everyone chooses at once: who still has to. In full, the facts say it, with what
        # each may choose.
        names = ", ".join(player for player, _ in wn.choosing)
        out.append(Section("choosing", None, (Line(f"Still to choose: {names}."),)))
    allowed = wn.allowed[:COMPACT_MOVES] if compact else wn.allowed
    if allowed:
        lines = [Line(m.sentence, ruling=None if compact else ruling_line(m)) for m in allowed]
        hidden = len(wn.allowed) - len(allowed)
        if hidden:
            lines.append(Line(f"and {amount(hidden, 'more moves')}."))
        out.append(Section("allowed", "You may now", tuple(lines)))
    if wn.refused:
        if compact:
            n = len(wn.refused)
            # Not a word of the app's own buttons (the bar's ? opens the rest): What now?
            # speaks of the game.
            said = f"{amount(n, 'other moves')} {'is' if n == 1 else 'are'} not allowed now."
            out.append(Section("refused", None, (Line(said),)))
        else:
            lines = [Line(m.sentence, why_not(m), ruling_line(m, words=False)) for m in wn.refused]
            out.append(Section("refused", "Not now", tuple(lines)))
    if wn.next:
        cited = cited_words(wn.next_cited, wn.next) if wn.next_cited and not compact else None
        out.append(Section("next", "Next", (Line(wn.next, ruling=cited),)))
    return out


_WHY = ft.TextStyle(size=12, italic=True, color=ft.Colors.ON_SURFACE_VARIANT)


def _line(line: Line, size: int, rulings: bool) -> ft.Control:
    # One text a line, its reason and ruling smaller spans of it, and a name for each
    # section, not each line: the panel opens in one frame of a phone's, and each control
    # or named node more is more to build in that frame (bench/README.md).
    spans = suited_spans(line.text)
    if line.reason:
        spans += suited_spans(f"\n{line.reason}", _WHY)
    if line.ruling and rulings:
        spans.append(ft.TextSpan(f"\n{line.ruling}", style=_WHY))
    # Read aloud whole, as a sentence drawn with red suits is (ui/suits.py).
    return ft.Text(spans=spans, size=size, semantics_label="".join(x.text or "" for x in spans))


def _why_button(why: Why, refused: int) -> ft.Control:
    # Not "Hide why": the walk shows a verdict's Why? beside this one.
    if why.open:
        label = "Hide the numbers and rules"
    elif refused:
        label = f"Why? Numbers, rules, and {amount(refused, 'moves')} not allowed"
    else:
        label = "Why? The numbers and the rules"
    return tile(
        label,
        label,
        lambda _e: why.toggle(),
        filled=False,
        border=False,
        icon=ft.Icons.HELP_OUTLINE,
        wrap=True,  # on one line, its words ran past the panel's edge on a 390 px phone
        key="whatnow-why",  # it does the same whatever the game does
    )


def panel(
    wn: WhatNow,
    compact: bool = False,
    close: Callable | None = None,
    why: Why | None = None,
    tag: str | None = None,
) -> ft.Control:
    """What now? drawn: the headline, then `sections` (compact: under a taught game's
    status line, whose What now? button opens the whole of it). `close`: a Close button
    beside the headline. `why`: a Why? button that shows the numbers of this state, the
    moves not allowed now and each move's ruling (without one, all but the rulings show).
    `tag`: its name for tests and screen readers, when not "whatnow" or "whatnow-panel"."""
    headline: ft.Control = tagged(
        "whatnow-headline", suited(wn.headline, size=15, weight=ft.FontWeight.W_600)
    )
    if close is not None:
        headline.expand = True
        headline = ft.Row(
            [headline, icon_button(ft.Icons.CLOSE, "Close What now?", close, key="whatnow-close")],
            vertical_alignment=ft.CrossAxisAlignment.START,
        )
    items: list[ft.Control] = [headline]
    # With a Why? button, what may be done now comes first, alone: the numbers, the moves
    # not allowed and the rulings wait behind Why?, as a verdict's arithmetic and rulings
    # do, and the panel leaves the buttons it explains in reach (at a Fae-ker round's
    # start it held four numbers and five refusals, and pushed every button off a phone).
    deeper = why is None or why.open
    shown_sections = [s for s in sections(wn, compact) if deeper or s.key not in DEEPER]
    for section in shown_sections:
        if section.title:
            items.append(
                ft.Text(section.title, size=13, weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY)
            )
        size = 14 if section.key in ("allowed", "refused") else 13
        # Whole sentences, never cut: a newcomer reads the end of a move as much as its start.
        lines = [_line(line, size, why is not None and why.open) for line in section.lines]
        items.append(tagged(f"whatnow-{section.key}", ft.Column(lines, spacing=6, tight=True)))
    cites = wn.next_cited or any(m.cited for m in wn.allowed)
    if why is not None and (wn.facts or wn.refused or cites):
        items.append(_why_button(why, len(wn.refused)))
    shown = tagged(
        tag or ("whatnow-panel" if compact else "whatnow"),
        ft.Container(
            ft.Column(items, spacing=6, tight=True),
            padding=layout_values.symmetric(horizontal=12, vertical=10),
            border_radius=10,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
        ),
    )
    shown.expand = True
    return ft.Row([shown])  # as wide as the screen, however short its lines


def slot(wn: WhatNow, opened: bool, close: Callable, why: Why) -> ft.Control:
    """What now? in full in the game's view, open or shut. Shut, it is kept on the page laid
    out at no height: a phone then opens it by giving it its height, without building and
    laying out its sentences in the opening tap's frame (in Flet alone, bench/flet_floor.py's
    `panel` against `panel_kept`; figures in bench/README.md). Fully clipped, it is in no
    accessibility tree, and no tap reaches it on the phone (one already on its way is for
    the screen to refuse)."""
    return ft.Container(
        panel(wn, close=close, why=why, tag=None if opened else "whatnow-shut"),
        height=None if opened else 0,
        # A width, always, however wide the column it stands in (Flutter gives it no more):
        # a Container with a width or a height is drawn inside a ConstrainedBox, one with
        # neither without it, so losing the height of 0 would make the phone build the
        # panel anew, sentences and all, the very work kept shut it saves.
        width=FULL_WIDTH,
        clip_behavior=ft.ClipBehavior.HARD_EDGE,
        # the space the actions' column puts between parts
        padding=layout_values.padding(bottom=10),
        key="whatnow-slot",
    )
