"""Names at a new table: NFC, nothing that draws nothing or turns the text around, and no
two that look the same on screen (their Unicode TS #39 skeletons match), with a sentence
naming both. Games stored before these rules still open."""

import json

import pytest

from referee.commands import replay_text
from referee.core.errors import InvalidAction
from referee.core.names import (
    is_default_ignorable,
    look_alike,
    new_name,
    new_names,
    skeleton,
)
from referee.core.record import GameRecord, load_record_text
from referee.live.kept_session import KeptSession
from referee.storage.store import Store


def refusal(players) -> str:
    with pytest.raises(InvalidAction) as info:
        new_names(players)
    reason = info.value.reason
    assert "\n" not in reason and len(reason) <= 200
    return reason


class TestTheCasesFound:
    def test_a_zero_width_space_after_a_name_is_refused(self):
        reason = refusal(["Ana", "Ana\u200b"])
        assert "U+200B (ZERO WIDTH SPACE)" in reason and "'Ana\\u200b'" in reason

    def test_a_cyrillic_lookalike_is_refused_naming_both_names(self):
        reason = refusal(["Ana", "\u0410na"])
        assert reason.startswith("'Ana' and 'Аna' look the same on screen")
        assert "CYRILLIC CAPITAL LETTER A" in reason

    def test_a_name_of_only_a_zero_width_space_is_refused(self):
        assert "needs a name that shows" in refusal(["Ana", "\u200b"])

    def test_a_right_to_left_override_is_refused(self):
        assert "U+202E (RIGHT-TO-LEFT OVERRIDE)" in refusal(["\u202eAna", "Bo"])


class TestInvisibleCharacters:
    @pytest.mark.parametrize(
        "raw",
        [
            "A\u00adna",  # soft hyphen
            "Ana\u200c",  # zero-width non-joiner
            "Ana\u200d",  # a joiner outside an emoji
            "\u200eAna",  # left-to-right mark
            "\u2066Ana\u2069",  # isolates
            "Ana\u2060",  # word joiner
            "Ana\ufeff",  # byte order mark
            "Ana\ufe0f",  # an emoji style on a letter
            "A\u034fna",  # combining grapheme joiner
            "Ana\U000e0041",  # a tag
            "\u3164",  # Hangul filler
            "\u2800",  # Braille blank
            "\ufff9Ana",  # interlinear annotation (a format character)
        ],
    )
    def test_refused_in_one_sentence(self, raw):
        with pytest.raises(InvalidAction) as info:
            new_name(raw)
        assert "\n" not in info.value.reason

    @pytest.mark.parametrize(
        "raw", ["👩\u200d🚀", "👩🏽\u200d🚀", "❤\ufe0f Bo", "1\ufe0f\u20e3 Cy", "Zoe\u0301", "José"]
    )
    def test_emoji_sequences_and_accents_are_kept(self, raw):
        assert new_name(raw)

    @pytest.mark.parametrize("raw", ["\u200b" * 40, "A" + "\u202e" * 39, "\x00" * 40])
    def test_a_long_refused_name_is_still_one_short_sentence(self, raw):
        with pytest.raises(InvalidAction) as info:
            new_name(raw)
        assert len(info.value.reason) <= 200 and "\n" not in info.value.reason

    def test_names_are_nfc(self):
        assert new_name("Zoe\u0301") == "Zoé"

    def test_default_ignorable_follows_unicode(self):
        ignorable = "\u00ad\u034f\u061c\u115f\u17b4\u180e\u200b\u202e\u2064\u2069\u3164"
        ignorable += "\ufe00\ufeff\uffa0\U0001bca0\U0001d173\U000e0001\U000e0100"
        assert all(is_default_ignorable(c) for c in ignorable)
        # Visible format characters (Arabic number sign) and ordinary ones are not.
        assert not any(is_default_ignorable(c) for c in "A \u00a0\u0600\ufff9\u2800")


class TestLookalikes:
    @pytest.mark.parametrize(
        "a,b",
        [
            ("Oleg", "\u041eleg"),  # Cyrillic O
            ("Petr", "\u0420\u0435tr"),  # Cyrillic Er and Ie
            ("Sasha", "\u0405asha"),  # Cyrillic Dze
            ("Kai", "\u039a\u03b1i"),  # Greek Kappa and alpha
            ("Nico", "\u039dic\u03bf"),  # Greek Nu and omicron
            ("Tomas", "\u03a4omas"),  # Greek Tau
            ("Bob", "\U0001d401\U0001d428\U0001d41b"),  # mathematical bold
            ("Ana", "\uff21na"),  # full-width A
            ("Al", "AI"),  # capital i and small L
            ("Marn", "Mam"),  # "rn" and "m"
            ("ANA", "\u0430n\u0430"),  # another case, another script
            ("Ana", "ana"),
        ],
    )
    def test_latin_cyrillic_greek_lookalikes_are_one_name(self, a, b):
        assert look_alike(a, b)
        reason = refusal([a, b])
        assert "tell them apart" in reason

    @pytest.mark.parametrize("a,b", [("Ana", "Anna"), ("Eva", "Éva"), ("Zoe", "Zoë"), ("Jo", "Io")])
    def test_different_names_stay_different(self, a, b):
        assert new_names([a, b]) == [a, b]

    def test_skeleton_is_nfd_mapped_then_nfd_again(self):
        assert skeleton("\u0440\u0430\u0443\u0440\u0430l") == skeleton("paypal")
        assert skeleton("é") == "e\u0301"
        assert skeleton("Ana\u200b") == "Ana"  # default-ignorables removed


RECORD = {"format": "referee-record", "version": 1, "game": "faeker", "options": {}}


class TestStoredGamesStillOpen:
    @pytest.mark.parametrize(
        "players",
        [["Ana", "Ana\u200b"], ["Ana", "\u0410na"], ["\u200b", "Bo"], ["\u202eAna", "Bo"]],
    )
    def test_a_stored_game_opens_but_a_new_one_or_an_import_is_refused(self, tmp_path, players):
        store = Store(tmp_path / "referee.db")
        try:
            record = GameRecord(game="faeker", players=players)  # as stored before the rule
            game_id = store.create_game(record, "", [0] * len(players))
            assert KeptSession.resume(store, game_id).session.players == players
            assert store.list_games()[0].problem is None
            with pytest.raises(InvalidAction):
                KeptSession.new(store, record)
            text = json.dumps({**RECORD, "players": players, "actions": []})
            with pytest.raises(InvalidAction):
                KeptSession.new(store, load_record_text(text))  # the Import dialog's path
            assert replay_text(text)[0] == 0  # an exported old game still replays
            offered = store.players.known()  # the new-game form offers only names it takes
            assert all(p in offered for p in players if p in ("Ana", "Bo", "\u0410na"))
            assert all(p not in offered for p in players if p not in ("Ana", "Bo", "\u0410na"))
        finally:
            store.close()
