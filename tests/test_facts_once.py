"""Each fact of a game's rules is written once: its limits, floors, targets, scoring tables,
sizes and move names are constants in the game's own folder (its deck, material or scoring
module: the fact's home), imported by the rules, views, teacher, disputes and rulings, and
every sentence that states one builds it from the constant.

FACTS is the registry of the facts known so far, each with its game, the expression that
holds it in its home module, the value it holds there, and how it would be recognised if it
were written again as a literal (tests/facts_scan.py says the four rules: a number in the
game's folders, a number beside a name that says the fact anywhere in referee/, the fact in
a sentence, a name's string). The first test holds every fact to its home, so the registry
cannot drift from the code; the second scans referee/ for a literal of a known fact outside
its home.

A new fact joins in three steps: define it once, under a name that says one thing, in the
game's home module (deck.py, material.py, scoring.py, ...); import it wherever it is used
and build the sentences that state it from it; add a Fact to FACTS with the words that
would name it beside a stray literal (`words`), `common=True` when its value is too common
to mean it alone, and `text` when a sentence writes it. `python -m tests.facts_scan` lists
(and counts) what the scan finds, in this checkout or in another one given as an argument.
"""

import importlib

import pytest

from tests.facts_scan import ROOT, Fact, scan

DD_MATERIAL = "referee/games/deceptidice/material.py"
FJ_DECK = "referee/games/faj/deck.py"
FJ_POKER = "referee/games/faj/poker.py"
FB_MATERIAL = "referee/games/fairybucks/material.py"
FK_DECK = "referee/games/faeker/deck.py"
FY_DECK = "referee/games/fairy/deck.py"
FY_SCORING = "referee/games/fairy/scoring.py"
SYMBOLS = ("moon", "sun", "star", "book")
# A number standing alone in a sentence: not a ruling's id ("FY-END-24"), not in a range
# ("15-21") or a list of cards ("12 15 18").
ALONE = r"(?<![\w−-]){}(?!\d| \d|-\d)"

FACTS: tuple[Fact, ...] = (
    # -- Deceptidice ------------------------------------------------------------------
    Fact(
        "deceptidice",
        "len(NUMBERS)",
        DD_MATERIAL,
        6,
        "number|run|longest",
        True,
        r"\b1-6\b|\b1 to 6\b|than 6\b|\b2 to 6\b|most 6\b",
    ),
    Fact("deceptidice", "len(COLOURS)", DD_MATERIAL, 4, "colour", True, r"\bfour col|\b4 col"),
    Fact("deceptidice", "WILDCARDS", DD_MATERIAL, 7, "wild", True, r"\b7 wildcards"),
    Fact("deceptidice", "BASE_DECK", DD_MATERIAL, 48, "deck", True, r"\b48 number"),
    Fact("deceptidice", "MAX_COUNT", DD_MATERIAL, 48, "count|value", True, r"\bup to 48\b"),
    Fact("deceptidice", "MAX_DICE_ON_TABLE", DD_MATERIAL, 24, "group|sizes", True, r"\bto 24\b"),
    Fact("deceptidice", "END_AT", DD_MATERIAL, 3, "end", True, r"\b(to|at) 3 (cards|or)"),
    Fact("deceptidice", "COPIES_EACH", DD_MATERIAL, 2, "copies", True, r"card twice|most 2 of"),
    Fact("deceptidice", "MIN_PLAYERS", DD_MATERIAL, 2, "players|tops", True),
    Fact("deceptidice", "MAX_PLAYERS", DD_MATERIAL, 8, "players|tops", True, r"\b6 to 8\b"),
    Fact("deceptidice", "START_CARDS", DD_MATERIAL, 9, "start|size", True, r"\bwith 9 cards"),
    Fact("deceptidice", "MAX_DICE_PER_PLAYER", DD_MATERIAL, 4, "dice|tops", True, r"\b4 dice"),
    Fact("deceptidice", "MIN_COUNT", DD_MATERIAL, 1, "count", True, r"starts at 1\b|least 1\b"),
    Fact("deceptidice", "MIN_RUN", DD_MATERIAL, 2, "run|^length$", True, r"\b2 to 6\b"),
    Fact("deceptidice", "DOUBLE", DD_MATERIAL, 2, "double|half|element", True, r"\b2 × |\b2s\b"),
    Fact("deceptidice", "MAX_POWER_CARDS", DD_MATERIAL, 20, "power", True),
    # -- Fae-ker -----------------------------------------------------------------------
    Fact("faeker", "HAND_SIZE", FK_DECK, 5, "hand|cards", True, r"\b5 cards|\ball 5\b"),
    Fact("faeker", "MIN_BID", FK_DECK, 0, "bid|low", True, r"\b0 to \d|bid 0\b"),
    Fact("faeker", "MAX_BID", FK_DECK, 5, "bid", True, r"\bto 5\b"),
    Fact("faeker", "BLUFF_BONUS", FK_DECK, 1, "fae|bonus", True, r"fae \+ 1|plus 1\b"),
    Fact("faeker", "SUPPLY", FK_DECK, 40, "supply|cubes", text=r"\b40\b"),
    Fact("faeker", "HIGHEST", FK_DECK, 7, "card|top|high", True, r"\bto 7\b|-7\b|\b7 on top"),
    Fact("faeker", "LOW_TOPS[-1]", FK_DECK, 3, "top", True, r"\b1-3\b|\b1, 2 or 3\b"),
    Fact("faeker", "MIN_RUN", FK_DECK, 2, "run|best", True, r"(run needs|run of|least) 2\b"),
    Fact("faeker", "DIE_FACES", FK_DECK, 8, "die|face|round", text=r"\bd8\b|round [89]\b"),
    Fact("faeker", "STONE", FK_DECK, 0, "^top$|stone|STONE", True, r"\b0 for a stone"),
    Fact("faeker", "MIN_PLAYERS", FK_DECK, 2, "players|hands", True, r"\b2-6\b"),
    Fact("faeker", "MAX_PLAYERS", FK_DECK, 6, "players|hands", True),
    Fact("faeker", "CUBES_TO_WIN[2]", FK_DECK, 15, "goal|cubes", True, r"need \d+ cubes"),
    Fact("faeker", "DECK.size", FK_DECK, 32, "deck|size|cards", text=r"\b32 cards"),
    Fact("faeker", "FAE[1]", FK_DECK, 2, "fae", True, r"(is|are) worth \d\b"),
    Fact("faeker", "COPIES[1]", FK_DECK, 7, "copies", True, r"\bseven 1s"),
    # -- Fairy Bucks -------------------------------------------------------------------
    Fact("fairybucks", "HIGHEST_BUCK", FB_MATERIAL, 10, "buck|hand|showing", text=r"\b1 to 10\b"),
    Fact("fairybucks", "len(BUCKS)", FB_MATERIAL, 10, "buck", True, r"\bten Fairy"),
    Fact("fairybucks", "POOF", FB_MATERIAL, "poof"),
    *(Fact("fairybucks", f"SYMBOLS[{i}]", FB_MATERIAL, s) for i, s in enumerate(SYMBOLS)),
    Fact("fairybucks", "len(SYMBOLS)", FB_MATERIAL, 4, "symbol", True, r"\bfour symbols"),
    Fact("fairybucks", "SET_BONUS", FB_MATERIAL, 4, "bonus|sets", True, r"\bplus 4\b"),
    Fact("fairybucks", "LOT_SIZE", FB_MATERIAL, 3, "lot|items", True, r"\bthree (at|items)"),
    Fact("fairybucks", "ONES", FB_MATERIAL, 4, "ones", True, r"\bfour items worth"),
    Fact("fairybucks", "SET_ASIDE", FB_MATERIAL, 2, "aside", True, r"\btwo are set aside"),
    Fact("fairybucks", "MIN_PLAYERS", FB_MATERIAL, 2, "players|bidders|holdings", True),
    Fact("fairybucks", "MAX_PLAYERS", FB_MATERIAL, 5, "players|bidders|holdings|shows", True),
    Fact("fairybucks", "SMALL_TABLE", FB_MATERIAL, 2, "players", True, r"\b2-player"),
    Fact("fairybucks", "MAX_ITEM_VALUE", FB_MATERIAL, 20, "value|item"),
    # -- Faces, Aces & Jokers ----------------------------------------------------------
    Fact("faj", "ROUNDS", FJ_DECK, 3, "round", True, r"\b[Tt]hree rounds"),
    Fact("faj", "max(BOARD_SIZES)", FJ_DECK, 4, "board", True, r"\b1, 2, 3 and 4\b|\b1 to 4\b"),
    Fact("faj", "TRICKS", FJ_DECK, 4, "trick", True, r"\b4 tricks"),
    Fact("faj", "DRAFT_HAND", FJ_DECK, 4, "draft|picks", True, r"\b4 (draft|face)|(all|than) 4\b"),
    Fact("faj", "TRICK_CARDS_OUT", FJ_DECK, 30, "cards|piles", text=r"\b30 trick"),
    Fact("faj", "MIN_PLAYERS", FJ_DECK, 2, "players|plays|piles", True),
    Fact("faj", "MAX_PLAYERS", FJ_DECK, 4, "players|plays|piles", True),
    Fact("faj", "SUITS", FJ_DECK, "CDHS"),
    Fact("faj", "len(SUITS)", FJ_DECK, 4, "suit", True, r"\bfour suits"),
    Fact("faj", "TRICK_RANKS[-1]", FJ_DECK, 10, "rank", True, r"\b2s to 10s|\b6 to 10\b"),
    Fact("faj", "HAND_CARDS", FJ_POKER, 5, "cards_won|cards", True, r"\b5-card|than 5\b|\bfive\b"),
    Fact(
        "faj",
        "SUIT_NAMES",
        FJ_POKER,
        ("clubs", "diamonds", "hearts", "spades"),
        text=r"clubs, d|spades, h",
    ),
    # -- Fairy -------------------------------------------------------------------------
    Fact("fairy", "FLOOR", FY_DECK, -4, "score|floor", text=r"(?<![\w−-])[−-]4(?!\d)"),
    Fact("fairy", "BASE_GOAL", FY_DECK, 24, "BASE_GOAL|goal|target", text=ALONE.format(24)),
    Fact("fairy", "GOAL_15", FY_DECK, 15, "GOAL|goal|target", text=ALONE.format(15)),
    Fact("fairy", "LAST_CARD", FY_DECK, 21, "card", text=r"\b21 (cards|charm)|1-21|[Tt]wenty"),
    Fact("fairy", "FAIRIES", FY_DECK, frozenset({4, 11, 18}), text=r"\b4, 11\b"),
    Fact("fairy", "len(FAIRIES)", FY_DECK, 3, "fair", common=True, text=r"\bof 3\b|\bthree f"),
    Fact("fairy", "SUIT_SIZE", FY_DECK, 7, "suit", common=True, text=r"\b7 cards|\bof 7\b"),
    Fact("fairy", "suit_ranges()", FY_DECK, "1-7, 8-14, 15-21", text=r"\b1-7\b|\b8-14\b"),
    Fact("fairy", "MIN_PLAYERS", FY_DECK, 2, "players", common=True),
    Fact("fairy", "MAX_PLAYERS", FY_DECK, 10, "players|guesses", common=True),
    Fact("fairy", "MAX_SUITS_TEXT", FY_DECK, 200, "suit", common=True),
    Fact("fairy", "POINTS[HIGHER]", FY_SCORING, 2, "POINTS|points", True, r"\+2\b"),
    Fact("fairy", "POINTS[SAME_SUIT]", FY_SCORING, 4, "POINTS|points", True, r"\+4\b"),
    Fact("fairy", "POINTS[CATCH]", FY_SCORING, 7, "POINTS|points", True, r"\+7\b"),
    Fact("fairy", "WRONG", FY_SCORING, -1, "POINTS|wrong|loss", True, r"[−-]1\b|costs 1\b"),
    *(
        Fact("fairy", f"GUESSES[{i}]", FY_SCORING, guess)
        for i, guess in enumerate(("higher", "lower", "same_suit", "catch"))
    ),
    Fact("fairy", "GUESS_NAMES[SAME_SUIT]", FY_SCORING, "same suit"),
    Fact("fairy", "GUESS_LABELS[CATCH]", FY_SCORING, "Catch the fairy"),
    Fact("fairy", "GUESS_SHORT[SAME_SUIT]", FY_SCORING, "Suit"),
    Fact("fairy", "GUESS_SHORT[CATCH]", FY_SCORING, "Catch"),
)


def _module_of(home: str) -> str:
    return home.removesuffix(".py").replace("/", ".")


@pytest.mark.parametrize("fact", FACTS, ids=lambda f: f"{f.game}-{f.name}")
def test_each_known_fact_lives_in_its_game_and_holds_its_value(fact):
    assert fact.home.startswith(fact.folders), f"{fact.name} lives outside {fact.game}'s folders"
    module = importlib.import_module(_module_of(fact.home))
    assert eval(fact.name, vars(module)) == fact.value  # the registry names its own constants


def test_no_known_fact_is_written_as_a_literal_outside_its_home():
    found = scan(FACTS, ROOT)
    if found:
        said = "\n".join(map(str, found))
        pytest.fail(f"facts written again; import them from their home:\n{said}", pytrace=False)


def _scan_one(tmp_path, path: str, source: str) -> list[str]:
    """What the scan finds in a checkout of one module (the homes are elsewhere)."""
    where = tmp_path / path
    where.parent.mkdir(parents=True, exist_ok=True)
    where.write_text(source)
    return [f"{h.fact.game}:{h.fact.name}" for h in scan(FACTS, tmp_path)]


@pytest.mark.parametrize(
    ("path", "source", "fact"),
    [
        ("referee/ui/games/fairy/view.py", "if state.scores[seat] == -4:\n    pass\n", "FLOOR"),
        ("referee/games/fairy/rules.py", "line = f'Floor at −4: {names}'\n", "FLOOR"),
        ("referee/games/fairy/disputes.py", "score: int = Field(0, ge=-4)\n", "FLOOR"),
        ("referee/ui/games/fairy/cards.py", "hint = 'Cards with a fairy: 4, 11, 18.'\n", "FAIRIES"),
        ("referee/ui/games/fairy/view.py", "ICONS = {'same_suit': ARROW}\n", "GUESSES[2]"),
        ("referee/games/fairy/rules.py", "max_players = 10\n", "MAX_PLAYERS"),
        ("referee/ui/score_cards.py", "low = max(floor, -4)\n", "FLOOR"),
        ("referee/games/faeker/teach.py", "gets = fae + 1\n", "BLUFF_BONUS"),
        ("referee/games/faj/disputes.py", "if len(every) > 30:\n    pass\n", "TRICK_CARDS_OUT"),
    ],
)
def test_a_known_fact_put_back_as_a_literal_is_caught(tmp_path, path, source, fact):
    assert any(hit.endswith(f":{fact}") for hit in _scan_one(tmp_path, path, source))


@pytest.mark.parametrize(
    ("path", "source"),
    [
        ("referee/ui/games/fairy/view.py", "ft.Text(name, size=15, width=24)\n"),  # a look
        ("referee/ui/games/fairy/view.py", "row = ft.Row(spacing=4, controls=parts)\n"),
        ("referee/games/fairy/ending.py", "rulings.append('FY-ABOVE-24')\n"),  # a ruling's id
        ("referee/games/fairy/rules.py", '"""Scores never go below -4 (the docstring)."""\n'),
        ("referee/games/fairy/odds.py", "scaled = abs(value) * 10**places\n"),
        ("referee/games/faeker/view.py", "first = hands[0]\n"),  # an index
        ("referee/ui/score_cards.py", "return 18 if len(score) <= 7 else 15\n"),  # shared code
    ],
)
def test_a_number_that_means_something_else_is_left_alone(tmp_path, path, source):
    assert _scan_one(tmp_path, path, source) == []
