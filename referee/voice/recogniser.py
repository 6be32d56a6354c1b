"""The recogniser: pocketsphinx, listening only for the phrases of one state.

Three passes over the same utterance. The state's grammar (JSGF from `core/spoken`), which
always finds its nearest phrase; the same grammar again through pocketsphinx's word
lattice, which must find the same phrase and give each of its words a posterior of at
least SURE_POSTERIOR (a move close to another, "nine" or "five", is doubtful there); and a
free phone loop, which says what sounds were there: a phrase whose phones are far from
them was not said (speech of something else, a cough).

A move heard with no doubt is `sure`, and the screen plays it as a tap would. A move the
lattice doubts, and any move heard in a noisy room (NOISY_DB), is heard but not sure: the
screen asks "Did you say ...?" and plays it only on a tap, since a wrong move is worse than
none. Phones too far from any phrase: nothing was heard."""

import itertools
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pocketsphinx import Decoder, get_model_path

from referee.core.rules import GameRules
from referee.core.spoken import Grammar, PickMove, Slot, TableWord, grammar
from referee.voice import RATE, audio
from referee.voice.phones import letters_to_phones

# How far (phone edits per phone of the phrase) the phone loop may hear from the phrase: a
# sure move's, and any move's at all.
SURE_DISTANCE = 1.5
MAX_DISTANCE = 2.5
SURE_POSTERIOR = 0.95  # each word's, in the lattice of the grammar, for a sure move
# A noisy recording (its speech less than NOISY_DB above its pauses) is never heard for
# sure: in noise the lattice is sure of near phrases too ("Dee" for "Eve", "poof" for
# "two"), and stricter bars there still played wrong moves (bench/README.md).
NOISY_DB = 15
_CHECKER_BEAMS = {
    "beam": 1e-25,
    "pbeam": 1e-25,
    "wbeam": 1e-15,
    "lpbeam": 1e-20,
    "lponlybeam": 1e-20,
}
_KEPT = 24  # grammars kept ready: the states of a game in play follow one another
_names = itertools.count()  # a search's name, never reused while the process runs
_lock = threading.Lock()
_decoder: Decoder | None = None
_checker: Decoder | None = None
_searches: "OrderedDict[str, str]" = OrderedDict()


@dataclass(frozen=True)
class Heard:
    """What was heard: the words, and the one move they make (None: no legal move)."""

    words: str
    move: Any = None
    why: str = ""  # when no move: one sentence, with an example of what to say
    sure: bool = False  # played at once; otherwise the table is asked first


def _ready() -> tuple[Decoder, Decoder]:
    global _decoder, _checker
    if _decoder is None or _checker is None:
        # bestpath off: the lattice pass after the grammar search picks a part of a phrase
        # at times; the checker keeps it, for the words' posteriors.
        d = Decoder(samprate=RATE, loglevel="FATAL", bestpath=False)
        d.add_allphone_file("phones", str(Path(get_model_path()) / "en-us-phone.lm.bin"))
        # The checker's beams are narrower than the search's: its lattice only weighs the
        # phrase already found against its nearest rivals, and a wide one is slow to build.
        checker = Decoder(samprate=RATE, loglevel="FATAL", **_CHECKER_BEAMS)
        _decoder, _checker = d, checker
    return _decoder, _checker


def _search(decoders: tuple[Decoder, ...], g: Grammar) -> str:
    """The pocketsphinx search of one grammar in each decoder (made once while kept)."""
    text = g.jsgf()
    name = _searches.get(text)
    if name is not None:
        _searches.move_to_end(text)
        return name
    name = f"g{next(_names)}"
    for d in decoders:
        missing = [w for w in sorted(g.vocabulary()) if d.lookup_word(w) is None]
        for i, word in enumerate(missing):
            d.add_word(word, letters_to_phones(word), i == len(missing) - 1)
        d.add_jsgf_string(name, text)
    _searches[text] = name
    if len(_searches) > _KEPT:
        _, old = _searches.popitem(last=False)
        for d in decoders:
            d.remove_search(old)
    return name


def _doubtful(d: Decoder, text: str) -> bool:
    """Whether the checker's lattice (just decoded) doubts the phrase `text`: another
    phrase, or a word of it with a posterior under SURE_POSTERIOR."""
    hyp = d.hyp()
    if hyp is None or hyp.hypstr != text:
        return True
    words = [s for s in d.seg() or () if not s.word.startswith(("<", "["))]
    return any(s.prob < SURE_POSTERIOR for s in words)


def _distance(a: list[str], b: list[str]) -> int:
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        new = [i]
        for j, y in enumerate(b, 1):
            new.append(min(row[j] + 1, new[j - 1] + 1, row[j - 1] + (x != y)))
        row = new
    return row[-1]


def _decode(d: Decoder, search: str, pcm: bytes) -> str:
    d.activate_search(search)
    d.start_utt()
    d.process_raw(pcm, full_utt=True)
    d.end_utt()
    hyp = d.hyp()
    return hyp.hypstr if hyp is not None else ""


def example(rules: GameRules, state, g: Grammar) -> str:
    """One phrase to say now, for the sentence of a move not heard."""
    for form in g.forms:
        if form.checked:
            continue
        words = [w for p in form.parts for w in (p.options[-1][0] if isinstance(p, Slot) else p)]
        if words and not isinstance(
            form.build(*(s.options[-1][1] for s in form.slots())), TableWord
        ):
            return " ".join(words).capitalize()
    return "Undo"


def prepare(rules: GameRules, state, me: int | None = None) -> None:
    """Make the state's search ready while the player speaks (it takes a moment for a big
    grammar), so that hearing starts at once when the speech ends."""
    prepare_grammar(grammar(rules, state, me))


def prepare_grammar(g: Grammar) -> None:
    """`prepare`, for any grammar (a screen's buttons: core/spoken.tap_grammar)."""
    with _lock:
        _search(_ready(), g)


def hear(rules: GameRules, state, pcm: bytes, me: int | None = None) -> Heard:
    """The move `pcm` (RATE mono 16-bit, audio.py) says in `state`, on the phone of the
    player at seat `me` (None: a phone of the whole table)."""
    g = grammar(rules, state, me)
    say = f'Say a move, such as "{example(rules, state, g)}".'
    heard = hear_grammar(g, pcm, say)
    move = heard.move
    if move is None or isinstance(move, PickMove | TableWord) or rules.offers(state, move):
        return heard
    shown = rules.said(state, move).line
    return Heard(heard.words, None, f"{shown} is not a legal move now. {say}")


def hear_grammar(g: Grammar, pcm: bytes, say: str) -> Heard:
    """The one phrase of `g` that `pcm` says, heard for sure or with doubt; or no move,
    with `say` (what to say instead) after the sentence that says so."""
    with _lock:
        d, checker = _ready()
        search = _search((d, checker), g)
        text = _decode(d, search, pcm)
        moves = g.parse(text.split()) if text else []
        if len(moves) != 1:
            return Heard(text, None, f"No move was heard. {say}")
        noisy = audio.clearness_db(pcm) < NOISY_DB
        if not noisy:  # in noise nothing is sure: the lattice need not be weighed
            _decode(checker, search, pcm)
        doubted = noisy or _doubtful(checker, text)
        sounds = [p for p in _decode(d, "phones", pcm).split() if p.isalpha() and p != "SIL"]
        phrase = [p for w in text.split() for p in (d.lookup_word(w) or "").split()]
    distance = _distance(phrase, sounds)
    if distance > MAX_DISTANCE * len(phrase):
        return Heard("", None, f"No move was heard clearly. {say}")
    return Heard(text, moves[0], sure=not doubted and distance <= SURE_DISTANCE * len(phrase))


def shown(rules: GameRules, state, move) -> str:
    """A heard move as the screen says it after "Heard:" ("Ana bids 3", "Bo: Higher")."""
    if isinstance(move, TableWord):
        return {"undo": "Undo", "redo": "Redo", "whatnow": "What now?"}[move.word]
    if isinstance(move, PickMove):
        return f"{state.players[move.seat]}: {rules.pick_label(move.value)}"
    return rules.said(state, move).line


def record_of(rules: GameRules, state, move) -> dict:
    """The move as a record holds it; one player's part of a choice: that part."""
    if isinstance(move, TableWord):
        return {"table": move.word}
    if isinstance(move, PickMove):
        value = move.value
        return {"player": state.players[move.seat], rules.pick_noun.lower(): value}
    return move.model_dump(mode="json")
