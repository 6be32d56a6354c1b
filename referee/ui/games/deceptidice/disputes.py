"""Deceptidice disputes on screen: the variants in play, guesses built from chips (form,
COUNT, target, modifier), who guessed and who challenged, and every player's dice tops."""

import functools
from collections import Counter
from typing import Any

import flet as ft
from pydantic import TypeAdapter

from referee.core.words import amount
from referee.games.deceptidice import guesses
from referee.games.deceptidice.guesses import DEFAULT as COLOUR_NAMES
from referee.games.deceptidice.material import (
    COLOURS,
    COPIES_EACH,
    MAX_COUNT,
    MAX_DICE_PER_PLAYER,
    MIN_COUNT,
    NUMBERS,
    WILD,
    WILDCARDS,
)
from referee.games.deceptidice.model import GuessForm
from referee.games.deceptidice.truth import card_name
from referee.ui.dispute_form import DisputeForm, choice
from referee.ui.widgets import sent, slug, tagged

GUESS_FORM: TypeAdapter[Any] = TypeAdapter(GuessForm)
# Red, blue, green, yellow:
TINTS = dict(
    zip(
        COLOURS,
        (ft.Colors.RED_700, ft.Colors.BLUE_700, ft.Colors.GREEN_700, ft.Colors.AMBER_800),
        strict=True,
    )
)
_NEW_GUESS = {"form": "number", "count": MIN_COUNT}


def guess_data(g: dict | None) -> dict | None:
    """A guess being built, as the dispute's JSON; None while it lacks its target."""
    if not g:
        return None
    form, count = g.get("form"), g.get("count", MIN_COUNT)
    if form == "number" and g.get("number"):
        return {
            "form": form,
            "count": count,
            "number": g["number"],
            "less_than": bool(g.get("less_than")),
        }
    if form == "colour" and g.get("colour"):
        return {
            "form": form,
            "count": count,
            "colour": g["colour"],
            "without": bool(g.get("without")),
        }
    if form == "straight" and g.get("element"):
        return {"form": form, "count": count, "element": g["element"]}
    if form == "vague" and g.get("of"):
        return {"form": form, "count": count, "of": g["of"]}
    return None


def guess_text(g: dict | None) -> str | None:
    data = guess_data(g)
    if data is None:
        return None
    return guesses.describe(GUESS_FORM.validate_python(data))


class DeceptidiceForm(DisputeForm):
    seats = {"tops": list}

    def __init__(self, screen, pre: dict) -> None:
        super().__init__(screen, pre)
        self.variants = dict(pre.get("variants", {}))
        self.guess = dict(pre.get("guess", _NEW_GUESS))
        # None: the round's opening guess. From the home screen a dispute is most often
        # about a guess after another, so it starts with a last guess to fill in.
        self.previous = pre.get("previous", None if screen.from_game else dict(_NEW_GUESS))
        self.tops: list[list[str]] = [[] for _ in self.names]
        self.guesser = pre.get("guesser") or self.names[0]
        self.challenger = pre.get("challenger") or self.names[-1]

    def players_row(self) -> bool:
        return self.kind != "deceptidice_higher"

    def renamed(self, names: list[str]) -> None:
        self.guesser = self.guesser if self.guesser in names else names[0]
        self.challenger = self.challenger if self.challenger in names else names[-1]

    def entry(self) -> list[ft.Control]:
        return self._higher() if self.kind == "deceptidice_higher" else self._challenge()

    def dispute(self) -> dict | None:
        k = self.kind
        guess = guess_data(self.guess)
        if k == "deceptidice_higher":
            if guess is None or (self.previous is not None and guess_data(self.previous) is None):
                return None
            previous = None if self.previous is None else guess_data(self.previous)
            return {"kind": k, "previous": previous, "guess": guess, "variants": self.variants}
        # Every player's dice first: a verdict from some of the tops would read as final.
        if guess is None or not all(self.tops) or self.guesser == self.challenger:
            return None
        tops = [{"player": n, "tops": t} for n, t in zip(self.names, self.tops, strict=False)]
        return {
            "kind": k,
            "guess": guess,
            "guesser": self.guesser,
            "challenger": self.challenger,
            "tops": tops,
            "variants": self.variants,
        }

    # -- the variants and the guesses --------------------------------------------------------

    def _variant_row(self) -> ft.Control:
        boxes: list[ft.Control] = [
            ft.Checkbox(
                label=label,
                value=bool(self.variants.get(key)),
                on_change=lambda e, key=key: self._variant(key, bool(sent(e))),
                height=48,
            )
            for key, label in (
                ("straights", "Straights"),
                ("vague", "Vague guesses"),
                ("wildcards", "Wildcards"),
            )
        ]
        return ft.Row(boxes, wrap=True, spacing=4)

    def _variant(self, key: str, on: bool) -> None:
        self.variants[key] = on
        for g in (self.guess, self.previous):
            if (
                g is not None
                and not on
                and g.get("form") == {"straights": "straight"}.get(key, key)
            ):
                g.clear()
                g.update(form="number", count=MIN_COUNT)
        if key == "wildcards" and not on:
            self.tops = [[c for c in t if c != WILD] for t in self.tops]
        self._set()

    def _guess_builder(self, label: str, g: dict) -> list[ft.Control]:
        forms = [("number", "Number"), ("colour", "Colour")]
        if self.variants.get("straights"):
            forms.append(("straight", "Straight"))
        if self.variants.get("vague"):
            forms.append(("vague", "Vague"))

        def pick(**changes):
            if "form" in changes and changes["form"] != g.get("form"):
                count = g.get("count", MIN_COUNT)
                g.clear()
                g["count"] = count
            g.update(changes)
            self._set()

        def chip(text: str, name: str, chosen: bool, repeats=False, **changes) -> ft.Control:
            return choice(text, name, chosen, lambda: pick(**changes), repeats=repeats)

        form = g.get("form", "number")
        count = int(g.get("count", 1))
        rows: list[ft.Control] = [
            ft.Row(
                [chip(t, f"{label}: {t}", form == f, form=f) for f, t in forms],
                wrap=True,
                spacing=6,
            ),
            ft.Row(
                [
                    chip("−", f"{label}: fewer", False, repeats=True, count=max(1, count - 1)),
                    tagged(f"count-{slug(label)}", ft.Text(f"How many? {count}", size=18)),
                    chip(
                        "+", f"{label}: more", False, repeats=True, count=min(MAX_COUNT, count + 1)
                    ),
                ],
                spacing=8,
            ),
        ]
        if form in ("number", "straight"):
            key = "number" if form == "number" else "element"
            rows.append(
                ft.Row(
                    [
                        chip(str(n), f"{label}: number {n}", g.get(key) == n, **{key: n})
                        for n in NUMBERS
                    ],
                    wrap=True,
                    spacing=6,
                )
            )
        elif form == "colour":
            rows.append(
                ft.Row(
                    [
                        chip(
                            COLOUR_NAMES[c],
                            f"{label}: {COLOUR_NAMES[c]}",
                            g.get("colour") == c,
                            colour=c,
                        )
                        for c in COLOURS
                    ],
                    wrap=True,
                    spacing=6,
                )
            )
        else:
            rows.append(
                ft.Row(
                    [
                        chip(f"same {o}", f"{label}: same {o}", g.get("of") == o, of=o)
                        for o in ("number", "colour")
                    ],
                    spacing=6,
                )
            )
        if form in ("number", "colour"):
            key = "less_than" if form == "number" else "without"
            rows.append(
                ft.Checkbox(
                    label="Less than" if form == "number" else "Without (every other colour)",
                    value=bool(g.get(key)),
                    on_change=lambda e: pick(**{key: bool(sent(e))}),
                    height=48,
                )
            )
        said = guess_text(g)
        rows.insert(
            0,
            tagged(
                f"guess-{slug(label)}",
                ft.Text(f"{label}: {said or 'not complete yet'}", weight=ft.FontWeight.BOLD),
            ),
        )
        return rows

    def _higher(self) -> list[ft.Control]:
        rows: list[ft.Control] = [self._variant_row()]
        opening = self.previous is None
        rows.append(
            ft.Checkbox(
                label="It is the round's opening guess",
                value=opening,
                on_change=lambda e: self._set(previous=None if sent(e) else dict(_NEW_GUESS)),
                height=48,
            )
        )
        if self.previous is not None:  # not the opening guess
            rows += self._guess_builder("Last guess", self.previous)
        rows += self._guess_builder("New guess", self.guess)
        return rows

    # -- the challenge -----------------------------------------------------------------------

    def _names_choice(self, label: str, current: str, attr: str) -> ft.Control:
        buttons = [
            choice(
                n,
                f"{label} {n}",
                n == current,
                functools.partial(self._set, **{attr: n}),
                key=f"{attr} {i}",
            )
            for i, n in enumerate(self.names)
        ]
        return ft.Row(
            [ft.Text(f"{label}:", weight=ft.FontWeight.BOLD), *buttons], wrap=True, spacing=6
        )

    def _add_top(self, card: str) -> None:
        used = sum(t.count(card) for t in self.tops)
        if used >= (WILDCARDS if card == WILD else COPIES_EACH):
            return  # its button is disabled: the deck has no more
        if len(self.tops[self.active]) < MAX_DICE_PER_PLAYER:
            self.tops[self.active].append(card)
        self._set()

    def _clear_tops(self) -> None:
        self.tops[self.active] = []
        self._set()

    def _challenge(self) -> list[ft.Control]:
        rows: list[ft.Control] = [self._variant_row()]
        rows += self._guess_builder("Challenged guess", self.guess)
        rows.append(self._names_choice("Made by", self.guesser, "guesser"))
        rows.append(self._names_choice("Challenged by", self.challenger, "challenger"))
        rows.append(
            self._tabs(
                [
                    (i, f"{n}\n{amount(len(self.tops[i]), 'tops')} entered", f"Dice tops of {n}")
                    for i, n in enumerate(self.names)
                ]
            )
        )
        return rows + self._tops_pad()

    def _tops_pad(self) -> list[ft.Control]:
        me = self.names[self.active]
        mine = self.tops[self.active]
        used = Counter(c for t in self.tops for c in t)
        full = len(mine) >= MAX_DICE_PER_PLAYER
        shown = ", ".join(card_name(c) for c in mine) or "none yet"
        rows: list[ft.Control] = [
            ft.Row(
                [
                    tagged("dispute-tops", ft.Text(f"{me}'s tops: {shown}")),
                    ft.TextButton(
                        content="Clear", on_click=lambda _e: self._clear_tops(), disabled=not mine
                    ),
                ],
                wrap=True,
            )
        ]
        for colour in COLOURS:
            rows.append(
                ft.Row(
                    [
                        ft.Semantics(
                            label=f"{me} top {COLOUR_NAMES[colour]} {n}",
                            button=True,
                            content=ft.OutlinedButton(
                                content=ft.Text(
                                    str(n),
                                    size=18,
                                    color=TINTS[colour],
                                    weight=ft.FontWeight.BOLD,
                                ),
                                on_click=lambda _e, c=f"{colour}{n}": self._add_top(c),
                                disabled=full or used[f"{colour}{n}"] >= COPIES_EACH,
                                height=48,
                                width=52,
                                key=self._top_key(f"{colour}{n}"),
                            ),
                        )
                        for n in NUMBERS
                    ],
                    spacing=4,
                    key=f"tops-{self.active}-{colour}",
                )
            )
        if self.variants.get("wildcards"):
            rows.append(
                ft.Semantics(
                    label=f"{me} top wildcard",
                    button=True,
                    content=ft.OutlinedButton(
                        content="Wildcard",
                        on_click=lambda _e: self._add_top(WILD),
                        disabled=full or used[WILD] >= WILDCARDS,
                        height=48,
                        key=self._top_key(WILD),
                    ),
                    key=f"tops-{self.active}-wild",
                )
            )
        return rows

    def _top_key(self, card: str) -> str:
        """A top's button is kept from card to card (a quick next top counts); with whose
        tops and how many of that card they hold, a double tap adds it once and a tap aimed
        at one player's tops is never another's."""
        return f"top-{self.active}-{card}-{self.tops[self.active].count(card)}"


FORM = DeceptidiceForm
