"""`python -m referee settle FILE.json`: a round trip for every kind, refusals with status 2."""

import json

import pytest

from referee.cli import main
from referee.commands import schema

EXAMPLES = {
    "faeker_bluff": {"kind": "faeker_bluff", "top": 4, "bid": 3, "hand": [4, 5, 0, 1, 2]},
    "faeker_showdown": {
        "kind": "faeker_showdown",
        "top": 3,
        "hands": [
            {"player": "Ana", "cards": [6, 5, 1, 1, 2]},
            {"player": "Bo", "cards": [6, 4, 3, 3, 0]},
        ],
    },
    "faj_trump": {"kind": "faj_trump", "board": ["5H", "6S", "9C"]},
    "faj_trick": {
        "kind": "faj_trick",
        "board": ["5H", "6S"],
        "plays": [
            {"player": "Ana", "card": "AS"},
            {"player": "Bo", "card": "JH"},
            {"player": "Cy", "card": "HJ"},
        ],
    },
    "faj_showdown": {
        "kind": "faj_showdown",
        "piles": [
            {"player": "Ana", "cards": ["5H", "6H", "7H", "8H", "9H", "2C"]},
            {"player": "Bo", "cards": ["5S", "5D", "5C"]},
            {"player": "Cy"},
        ],
    },
    "fairybucks_reveal": {
        "kind": "fairybucks_reveal",
        "high_bidder": "Ana",
        "bidders": [
            {"player": "Ana", "showing": [5], "shows": 4},
            {"player": "Bo", "showing": [6], "shows": 2},
        ],
    },
    "fairybucks_finale": {
        "kind": "fairybucks_finale",
        "holdings": [
            {"player": "Ana", "hand": [1, 2], "items": [{"value": 3, "symbol": "moon"}]},
            {"player": "Bo", "hand": [9]},
        ],
        "castle_item": {"value": 5, "symbol": "sun"},
    },
    "deceptidice_higher": {
        "kind": "deceptidice_higher",
        "previous": {"form": "number", "count": 3, "number": 4},
        "guess": {"form": "colour", "count": 4, "colour": "R"},
    },
    "deceptidice_challenge": {
        "kind": "deceptidice_challenge",
        "guess": {"form": "number", "count": 3, "number": 4},
        "guesser": "Ana",
        "challenger": "Bo",
        "tops": [
            {"player": "Ana", "tops": ["R4", "B4", "G1"]},
            {"player": "Bo", "tops": ["R2", "Y3", "G4"]},
        ],
    },
    "fairy_guesses": {
        "kind": "fairy_guesses",
        "top": 9,
        "revealed": 11,
        "guesses": [
            {"player": "Ana", "guess": "catch"},
            {"player": "Bo", "guess": "lower", "score": -4},
        ],
    },
    "fairy_chances": {"kind": "fairy_chances", "top": 9, "seen": [4, 11]},
}
HEADLINES = {
    "faeker_bluff": "Bidder told the truth: 3 for a bid of 3",
    "faeker_showdown": "Ana wins the showdown",
    "faj_trump": "Clubs ♣ are trump",
    "faj_trick": "Bo takes the trick with J♥",
    "faj_showdown": "Ana wins with straight flush, 5 to 9 of hearts",
    "fairybucks_reveal": "Ana wins the lot: High Bidder for the 2nd reveal in a row",
    "fairybucks_finale": "Bo wins with 5 points",
    "deceptidice_higher": "Yes: 4 Red cards is higher than 3 cards with a 4",
    "deceptidice_challenge": "Bo loses: there are 3 cards with a 4, so the guess holds",
    "fairy_guesses": "11 is higher than 9, same suit and a fairy: Ana was right",
    "fairy_chances": "Higher is the best guess now: +0.83 points on average, right 61% of the time",
}


def run(tmp_path, capsys, data) -> tuple[int, dict]:
    path = tmp_path / "dispute.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    code = main(["settle", str(path)])
    return code, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("kind", sorted(EXAMPLES))
def test_round_trip(kind, tmp_path, capsys):
    code, out = run(tmp_path, capsys, EXAMPLES[kind])
    assert code == 0 and out["ok"] and out["kind"] == kind
    assert out["headline"] == HEADLINES[kind]
    assert out["rulings"] and out["details"]


REFUSALS = {
    "a card twice": (
        {
            "kind": "faj_showdown",
            "piles": [{"player": "A", "cards": ["5H"]}, {"player": "B", "cards": ["5H"]}],
        },
        "5♥ is entered by A and B",
    ),
    "a hand of 6": (
        {"kind": "faeker_bluff", "top": 4, "bid": 3, "hand": [4, 5, 0, 1, 2, 3]},
        "at most 5",
    ),
    "an unknown guess form": (
        {"kind": "deceptidice_higher", "guess": {"form": "sideways", "count": 3}},
        "'sideways'",
    ),
    "a second 7": (
        {"kind": "faeker_bluff", "top": 7, "bid": 1, "hand": [7, 1, 1, 1, 1]},
        "only 1 copy",
    ),
    "a draft card twice": (
        {
            "kind": "faj_trick",
            "board": ["5H"],
            "plays": [{"player": "A", "card": "AS"}, {"player": "B", "card": "AS"}],
        },
        "played twice",
    ),
    "an unknown kind": ({"kind": "chess"}, "Unknown dispute kind"),
    "not JSON": ("{nope", "JSON"),
    "a straight without the variant": (
        {"kind": "deceptidice_higher", "guess": {"form": "straight", "count": 3, "element": 4}},
        "Straights are a variant",
    ),
    "top also revealed": (
        {
            "kind": "fairy_guesses",
            "top": 9,
            "revealed": 9,
            "guesses": [{"player": "A", "guess": "higher"}],
        },
        "exists once",
    ),
}


@pytest.mark.parametrize("case", sorted(REFUSALS))
def test_refusals(case, tmp_path, capsys):
    data, words = REFUSALS[case]
    code, out = run(tmp_path, capsys, data)
    assert code == 2 and out["ok"] is False
    assert words in out["reason"], out["reason"]
    assert len(out["reason"]) <= 200 and out["reason"].count(". ") == 0


def test_schema_has_the_dispute_formats():
    defs = schema()["$defs"]
    kinds = {ref["$ref"].rsplit("/", 1)[1] for ref in defs["Dispute"]["oneOf"]}
    assert {"FaekerBluff", "FajShowdown", "FairyBucksReveal", "DeceptidiceChallenge"} <= kinds
    assert all(k in defs for k in kinds)
