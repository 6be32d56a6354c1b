"""The one record reader: limits, exact version, unknown fields, names, and sentences."""

import json

import pytest

from referee.core.errors import InvalidAction
from referee.core.names import MAX_NAME_LENGTH, clean_name, name_key, quoted, sentence
from referee.core.record import GameRecord, load_record_text, parse_record, read_json
from referee.games import rules_for
from tests.helpers import bid, faeker, top


def refusal(text) -> str:
    with pytest.raises(InvalidAction) as info:
        load_record_text(text)
    reason = info.value.reason
    assert "\n" not in reason and len(reason) <= 200, reason
    return reason


def record(**changes) -> str:
    data = {
        "format": "referee-record",
        "version": 1,
        "game": "faeker",
        "players": ["Ana", "Bo"],
        "options": {},
        "actions": [top(3)],
    }
    data.update(changes)
    return json.dumps(data)


class TestNames:
    def test_trimmed_once_case_kept_spaces_collapsed_nfc(self):
        assert clean_name("  Ana  ") == "Ana"
        assert clean_name("ANA") == "ANA" and clean_name("ana") == "ana"
        assert clean_name("Jean \u00a0 Paul") == "Jean Paul"
        assert clean_name("Zoe\u0301") == "Zoé"
        assert clean_name("👩\u200d🚀") == "👩\u200d🚀"

    @pytest.mark.parametrize(
        ("raw", "words"),
        [
            ("Ana\ud83d", "cannot be shown"),
            ("A\x00na", "cannot be shown"),
            ("Jean\tPaul", "cannot be shown"),
            ("An\na", "one line"),
            ("", "needs a name"),
            ("   ", "needs a name"),
            ("x" * (MAX_NAME_LENGTH + 1), "at most"),
            (5, "must be text"),
            (None, "must be text"),
        ],
    )
    def test_refused_in_one_sentence(self, raw, words):
        with pytest.raises(InvalidAction) as info:
            clean_name(raw)
        assert words in info.value.reason
        info.value.reason.encode("utf-8")

    def test_told_apart_case_insensitively(self):
        assert name_key("ANA") == name_key("ana") == name_key("Ana")

    def test_a_record_built_in_code_cleans_its_names_too(self):
        assert GameRecord(game="faeker", players=[" Ana ", "Bo"]).players == ["Ana", "Bo"]
        with pytest.raises(InvalidAction):
            GameRecord(game="faeker", players=["Ana\ud83d", "Bo"])

    def test_spaced_names_then_the_trimmed_name_in_an_action(self):
        replayed = load_record_text(record(players=["Ana", " Bo "], actions=[top(3), bid("Bo", 2)]))
        assert replayed.players == ["Ana", "Bo"]
        assert faeker(replayed.players, replayed.actions).state.deal.ladder[0].amount == 2


class TestLimits:
    def test_deep_nesting(self):
        assert "deep" in refusal("[" * 100_000 + "]" * 100_000)
        assert "deep" in refusal('{"a":' * 5000 + "1" + "}" * 5000)

    def test_brackets_inside_texts_do_not_count(self):
        assert read_json('["' + "[" * 150 + '"]') == ["[" * 150]

    def test_long_numbers_never_reach_int(self):
        assert "5,000 digits" in refusal("9" * 5000)
        assert "digits" in refusal(record(version=int("9" * 30)))

    def test_nan_infinity_and_huge_floats(self):
        for text in ('{"a": NaN}', '{"a": -Infinity}', '{"a": 1e999}'):
            refusal(text)

    def test_a_key_twice(self):
        assert "twice" in refusal('{"format": "referee-record", "format": "x"}')

    def test_size(self):
        assert "too large" in refusal(" " * 2_000_001)
        assert "too large" in refusal(b" " * 2_000_001)

    def test_long_texts_are_refused_without_echoing_them(self):
        reason = refusal(record(players=["x" * 100_000, "Bo"]))
        assert "100,000 characters" in reason and reason.count("x") < 40

    def test_bytes_bom_and_empty(self):
        assert load_record_text(record().encode()).game == "faeker"
        assert load_record_text("\ufeff" + record()).game == "faeker"
        assert "UTF-8" in refusal(b'{"a": "\xff"}')
        assert "empty" in refusal("  ")

    def test_invalid_json_says_where(self):
        assert "line 1, column" in refusal('{"format": }')


class TestRecordFields:
    @pytest.mark.parametrize("version", ["1", "2", 2.0, 1.0, True, -5, None, [1]])
    def test_version_is_exactly_the_number_1(self, version):
        assert "version must be the number 1" in refusal(record(version=version))

    def test_a_newer_version(self):
        assert "made by a newer referee (format 99)" in refusal(record(version=99))

    def test_format_and_version_are_required(self):
        assert "not a referee record" in refusal('{"version": 99, "game": "faeker"}')
        assert "no version" in refusal('{"format": "referee-record", "game": "faeker"}')
        assert "not a referee record" in refusal(record(format="something-else"))
        assert "not a referee record" in refusal("[1, 2]")

    def test_unknown_fields_are_refused_not_dropped(self):
        assert "'comment'" in refusal(record(comment="x"))
        assert "(and 1 more)" in refusal(record(comment="x", extra=1))

    def test_fields_of_the_wrong_kind(self):
        assert "players must be a list" in refusal(record(players="Ana"))
        assert "options must be an object" in refusal(record(options=[]))
        assert "actions must be a list" in refusal(record(actions={}))
        assert "Action 2 of the record" in refusal(record(actions=[top(3), 5]))
        assert "game must be a game's short name" in refusal(record(game="x" * 100))
        assert "seats at most" in refusal(record(players=[f"P{i}" for i in range(13)]))

    def test_an_exported_record_round_trips(self):
        s = faeker(actions=[top(3), bid("Bo", 2)], bluff_needs_exact=True)
        text = json.dumps(s.record().model_dump(mode="json"))
        assert load_record_text(text) == s.record()
        assert parse_record(json.loads(text)) == s.record()


class TestSentences:
    @pytest.mark.parametrize(
        ("kind", "action", "expected"),
        [
            ("faeker", bid("Ana", 7), "A bid's amount must be a whole number from 0 to 5, not 7."),
            ("faeker", {"type": "bid", "player": "Ana"}, "A bid's amount is missing."),
            ("faeker", {"type": "reveal", "player": "A", "cards": [1, 2]}, "A hand must have"),
            ("faeker", {"type": "reveal", "player": "A", "cards": [1, 2, 3, 4, 9]}, "Each of"),
            ("faeker", {"type": "shout"}, "action's type must be one of 'top_card'"),
            ("faeker", {"type": "bid", "player": "Ana", "amount": 1, "x": 1}, "does not know 'x'"),
            ("faeker", 5, "must be an object"),
            ("fairybucks", {"type": "lot", "items": []}, "A new lot must have from 1 to 3 items"),
        ],
    )
    def test_actions(self, kind, action, expected):
        with pytest.raises(InvalidAction) as info:
            rules_for(kind).parse_action(action)
        assert expected in info.value.reason
        assert "Input should" not in info.value.reason

    def test_options(self):
        rules = rules_for("fairybucks")
        with pytest.raises(InvalidAction) as info:
            rules.parse_options({"castle_value": 25})
        assert info.value.reason == "Castle card value must be a whole number from 0 to 20, not 25."
        with pytest.raises(InvalidAction) as info:
            rules.parse_options({"moon_phase": True})
        assert "does not know 'moon_phase'" in info.value.reason

    def test_sentence_and_quoted_are_short_single_lines(self):
        assert sentence("a\nb\tc") == "a b c"
        assert len(sentence("x" * 1000)) == 200
        assert sentence("bad \ud83d").encode("utf-8")
        assert quoted("x" * 1000).count("x") < 40
        assert quoted("a\nb") == "'a\\x0ab'"
        assert quoted(10**5000) == "a very long number"
