"""Moves as the table says them aloud: the phrases a recogniser listens for in one state.

A game says how its moves and cards are spoken (`games/<game>/spoken.py`, set as
`RULES.speech`); what is shared is built here from the flow contract alone: every form
comes from `choices(state)` (each game's `Speech.forms`), the picks of a simultaneous
choice from `to_act` and `pick_options`, and the table's own words (undo, redo, what now).
Nothing here listens: the recogniser (`referee.voice`) turns a grammar into pocketsphinx's
JSGF and a heard string back into a move.

A form is a sequence of fixed words and slots (a card, a count), so "Ana shows five three
one one stone circle" needs no list of every hand; a form built from a menu holds only
values the menu holds, and a move made of several (a hand, a board) is held to `offers`
before it is taken, as a tap would be.
"""

import itertools
import random
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic

from pydantic import BaseModel

from referee.core.rules import GameRules, State, TableState

Words = tuple[str, ...]

_ONES = (
    *("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"),
    *("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen"),
    *("seventeen", "eighteen", "nineteen"),
)
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


def number_words(n: int) -> Words:
    """0-99 as said: (twenty, one); 'minus' before a negative."""
    if n < 0:
        return ("minus", *number_words(-n))
    if n < 20:
        return (_ONES[n],)
    tens, ones = divmod(n, 10)
    return (_TENS[tens],) if ones == 0 else (_TENS[tens], _ONES[ones])


def words_of(text: str) -> Words:
    """A name or a label as words a recogniser can hold: letters only, lower case, each
    number said ('Player 2' -> player, two; 'Zoë' -> zoe)."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    out: list[str] = []
    for token in re.findall(r"[a-z]+|\d+", plain):
        out.extend(number_words(int(token)) if token.isdigit() and int(token) < 100 else [token])
    return tuple(out)


@dataclass(frozen=True)
class PickMove:
    """One player's part of a simultaneous choice (a Fairy guess, a shown Buck), as the
    view's picks take it (`LiveTable.pick`)."""

    seat: int
    value: Any


@dataclass(frozen=True)
class TableWord:
    """A word for the table rather than the game: undo, redo, what now."""

    word: str  # "undo", "redo", "whatnow"


TABLE_WORDS: dict[str, tuple[Words, ...]] = {
    "undo": (("undo",), ("take", "that", "back")),
    "redo": (("redo",),),
    "whatnow": (("what", "now"),),
}


@dataclass(frozen=True)
class Slot:
    """One place of a form that takes one of several values, each with its words."""

    name: str  # its rule's name, letters only ("card", "count")
    options: tuple[tuple[Words, Any], ...]


Part = Words | Slot


@dataclass(frozen=True)
class Form:
    """A way of saying moves of one kind: fixed words and slots in order; `build` takes
    the slots' values, in order, and gives the move."""

    parts: tuple[Part, ...]
    build: Callable[..., Any] = field(compare=False)
    # The slots combine into moves the menu may still refuse (a card said twice, more
    # copies than the deck holds): each heard one is held to `offers`, as a tap would be.
    checked: bool = False

    def slots(self) -> list[Slot]:
        return [p for p in self.parts if isinstance(p, Slot)]

    def match(self, words: Sequence[str]) -> Iterator[tuple[Any, ...]]:
        """The slots' values of every way this form says exactly `words`."""

        def go(i: int, at: int, got: tuple[Any, ...]) -> Iterator[tuple[Any, ...]]:
            if i == len(self.parts):
                if at == len(words):
                    yield got
                return
            part = self.parts[i]
            if isinstance(part, Slot):
                for said, value in part.options:
                    if tuple(words[at : at + len(said)]) == said:
                        yield from go(i + 1, at + len(said), (*got, value))
            elif tuple(words[at : at + len(part)]) == part:
                yield from go(i + 1, at + len(part), got)

        return go(0, 0, ())

    def size(self) -> int:
        n = 1
        for slot in self.slots():
            n *= len(slot.options)
        return n

    def sayings(
        self, rng: random.Random | None = None, limit: int = 200
    ) -> Iterator[tuple[Words, Any]]:
        """(words, move) for every way of saying this form, or `limit` drawn by `rng`
        when there are more."""
        slots = self.slots()
        combos: Iterable[tuple[tuple[Words, Any], ...]]
        if self.size() <= limit or rng is None:
            combos = itertools.product(*(s.options for s in slots))
        else:
            combos = (tuple(rng.choice(s.options) for s in slots) for _ in range(limit))
        for combo in combos:
            it = iter(combo)
            words: list[str] = []
            for part in self.parts:
                words.extend(next(it)[0] if isinstance(part, Slot) else part)
            yield tuple(words), self.build(*(v for _, v in combo))


def phrase(words: Words | str, move: Any) -> Form:
    """A form of fixed words only: one move."""
    said = tuple(words.split()) if isinstance(words, str) else words
    return Form((said,), lambda: move)


class Speech(Generic[State]):
    """A game's words for its moves (`RULES.speech`): `forms(state)` says every move of
    `choices(state)` other than the picks of a simultaneous choice, and `pick_words` says
    one pick's value. Names come from `name`: the players' names as typed, as words."""

    def __init__(self, rules: GameRules[State, Any, Any]) -> None:
        self.rules = rules

    def forms(self, state: State) -> list[Form]:
        return []

    def says(self, action: BaseModel) -> bool:
        """Whether `forms` says this kind of move (a game may leave rare ones to taps)."""
        return True

    def pick_words(self, state: State, value: Any) -> tuple[Words, ...]:
        """The ways of saying one pick's value ("higher"; "seven", "show seven")."""
        return (words_of(self.rules.pick_label(value)),)

    def label_words(self, text: str) -> tuple["Said", ...]:
        """The ways of saying a button's name ("Board 10♥"), as `tap_grammar` hears it,
        each as (words that may be left out, the rest): a game whose buttons show its
        cards by sign says them in its own words."""
        return label_parts(text)

    @staticmethod
    def name(state: TableState, seat: int) -> Words:
        return words_of(state.players[seat]) or number_words(seat + 1)

    def subjects(self, state: State, seat: int, third: Words, first: Words) -> list[Words]:
        """How the seat to act starts a move: "Ana bids", "I bid", "bid"."""
        return [(*self.name(state, seat), *third), ("i", *first), first]


@dataclass
class Grammar:
    """Every phrase a recogniser listens for in one state, each meaning one move."""

    forms: list[Form]

    def parse(self, words: Sequence[str]) -> list[Any]:
        """Every move `words` say (one, in a grammar without doubt; none: not a move)."""
        words = tuple(words)
        moves: list[Any] = []
        for form in self.forms:
            for values in form.match(words):
                move = form.build(*values)
                if move not in moves:
                    moves.append(move)
        return moves

    def vocabulary(self) -> set[str]:
        out: set[str] = set()
        for form in self.forms:
            for part in form.parts:
                if isinstance(part, Slot):
                    out.update(w for said, _ in part.options for w in said)
                else:
                    out.update(part)
        return out

    def sayings(
        self, rng: random.Random | None = None, limit: int = 200
    ) -> Iterator[tuple[Words, Any]]:
        for form in self.forms:
            yield from form.sayings(rng, limit)

    def jsgf(self) -> str:
        """The grammar as JSGF: one public alternative per run of forms that differ only in
        their opening words ("Ana guesses", "I guess", nothing: one group before the same
        count and number), and a rule per distinct slot. The same phrases as one
        alternative per form, in a far smaller search for the recogniser."""
        rules: dict[tuple[Words, ...], str] = {}
        lines: list[str] = []
        openings: dict[tuple[str, ...], list[str]] = {}
        for form in self.forms:
            bits: list[str] = []
            for part in form.parts:
                if isinstance(part, Slot):
                    key = tuple(sorted({said for said, _ in part.options}))
                    if key not in rules:
                        rules[key] = f"{part.name}{len(rules)}"
                        body = " | ".join(" ".join(said) for said in key)
                        lines.append(f"<{rules[key]}> = {body};")
                    bits.append(f"<{rules[key]}>")
                else:
                    bits.append(" ".join(part))
            first = form.parts[0] if form.parts else ()
            if isinstance(first, Slot) or len(bits) < 2:
                openings.setdefault(tuple(b for b in bits if b), []).append("")
                continue
            heads = openings.setdefault(tuple(b for b in bits[1:] if b), [])
            if bits[0] not in heads:
                heads.append(bits[0])
        # Then the runs that differ only in their closing words ("sixes", "less than four")
        # share what comes before them too.
        endings: dict[tuple[tuple[str, ...], tuple[str, ...]], list[str]] = {}
        for rest, heads in openings.items():
            ends = len(rest) >= 2 and not rest[-1].startswith("<")
            key = (tuple(heads), rest[:-1] if ends else rest)
            endings.setdefault(key, []).append(rest[-1] if ends else "")
        alternatives = [
            _opened(list(heads), " ".join((*before, _choice(lasts))).strip())
            for (heads, before), lasts in endings.items()
        ]
        alternatives = [a for a in dict.fromkeys(alternatives) if a]
        head = ["#JSGF V1.0;", "grammar moves;", f"public <move> = {' | '.join(alternatives)};"]
        return "\n".join(head + lines) + "\n"


def _choice(words: list[str]) -> str:
    """One of `words` as JSGF ("" among them: or nothing)."""
    said = [w for w in words if w]
    if not said:
        return ""
    if len(said) == 1 and len(said) == len(words):
        return said[0]
    group = " | ".join(said)
    return f"[{group}]" if "" in words else f"({group})"


def _opened(heads: list[str], rest: str) -> str:
    """`rest` after any of `heads` ("" among them: after nothing too), as JSGF."""
    said = [h for h in heads if h]
    if not said:
        return rest
    group = " | ".join(said)
    if not rest:
        return group
    return f"[{group}] {rest}" if "" in heads else f"({group}) {rest}"


def grammar(rules: GameRules[Any, Any, Any], state: TableState, me: int | None = None) -> Grammar:
    """What may be said now: the game's forms, each pick of a simultaneous choice ("Ana
    higher") and the table's words. On the phone of the player at seat `me`, "I ..." is
    that player: the forms of another seat's move said as "I" are not heard there."""
    speech: Speech[Any] = getattr(rules, "speech", None) or Speech(rules)
    forms: list[Form] = [] if rules.is_over(state) else list(speech.forms(state))
    if me is not None:
        forms = [f for f in forms if not _another_seat_as_i(f, state.players[me])]
    if not rules.is_over(state):
        for seat in rules.to_act(state):
            options = rules.pick_options(state, seat)
            said = [
                (words, value) for value in options for words in speech.pick_words(state, value)
            ]
            if said:
                slot = Slot("pick", tuple(said))
                forms.append(Form((speech.name(state, seat), slot), _pick(seat)))
    return Grammar(forms + table_grammar().forms)


def table_grammar() -> Grammar:
    """The table's own words, heard on every screen of a game: undo, redo, what now."""
    return Grammar(
        [phrase(said, TableWord(word)) for word, sayings in TABLE_WORDS.items() for said in sayings]
    )


def says_moves(g: Grammar) -> bool:
    """Whether `g` says any move beyond the table's words (a moment the game's words do
    not cover, as a Deceptidice challenge's tops, says none)."""
    return any(f.slots() or not isinstance(f.build(), TableWord) for f in g.forms)


@dataclass(frozen=True)
class Tap:
    """A button of a screen, said by its name: its tap is the move (a screen that enters
    no game's move, as Settle a dispute)."""

    name: str


Said = tuple[Words, Words]  # a button's name as said: (words that may be left out, the rest)


def label_parts(text: str) -> tuple[Said, ...]:
    """A button's name as words, a number at its end apart ("Add 5": add / five)."""
    words = words_of(text)
    match = re.search(r"(\d+)\W*$", text)
    if match and words:
        number = number_words(int(match.group(1))) if int(match.group(1)) < 100 else ()
        if number and words[-len(number) :] == number and len(words) > len(number):
            return ((words[: -len(number)], number),)
    return (((), words),)


def tap_grammar(
    names: Sequence[str], say: Callable[[str], tuple[Said, ...]] | None = None
) -> Grammar:
    """Every button named in `names`, said by its name (each way `say` gives, by default
    `label_parts`) or by its part that matters alone where no other button's says the
    same: "board ten of hearts" or "ten of hearts", "add five" or "five"."""
    say = say or label_parts
    ways = {name: list(dict.fromkeys(say(name))) for name in dict.fromkeys(names)}
    full = {(*head, *rest) for said in ways.values() for head, rest in said}
    owners: dict[Words, set[str]] = {}
    for name, said in ways.items():
        for head, rest in said:
            if head and rest:
                owners.setdefault(rest, set()).add(name)
    forms: list[Form] = []
    for name, said in ways.items():
        for head, rest in said:
            if head or rest:
                forms.append(phrase((*head, *rest), Tap(name)))
            if head and rest and rest not in full and owners[rest] == {name}:
                forms.append(phrase(rest, Tap(name)))
    return Grammar(forms)


def _another_seat_as_i(form: Form, mine: str) -> bool:
    """Whether the form starts with "i" and makes a move of another player than `mine`."""
    first = form.parts[0] if form.parts else ()
    if isinstance(first, Slot) or first[:1] != ("i",):
        return False
    move = form.build(*(slot.options[0][1] for slot in form.slots()))
    return getattr(move, "player", mine) != mine


def _pick(seat: int) -> Callable[[Any], PickMove]:
    return lambda value: PickMove(seat, value)
