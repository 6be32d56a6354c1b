"""A record is exactly its published schema: every field of every model `python -m referee
schema` publishes, fed each JSON type it does not allow, is refused in one sentence, never
converted ("3", 3.0 or true is no integer; 1 or "yes" no boolean), and never a traceback."""

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from referee.commands import replay_text, schema, settle_text
from referee.core.errors import InvalidAction
from referee.core.values import Value
from referee.games import GAMES, rules_for

HERE = Path(__file__).parent
SETTLED = HERE.parent / "disputes" / "settled.jsonl"

# Options that put every kind of action and field into play, so random play draws them.
EVERYTHING_ON = {
    "deceptidice": {
        "straights": True,
        "vague": True,
        "wildcards": True,
        "power_cards": 4,
        "swap": "another_player",
        "open_hands": True,
        "reveal_dice": True,
    },
    "fairybucks": {"deck_size": 30},
}


def json_types(prop: dict, defs: dict) -> set[str]:
    """The JSON types a property's schema allows."""
    if "$ref" in prop:
        return json_types(defs[prop["$ref"].rsplit("/", 1)[-1]], defs)
    if "anyOf" in prop or "oneOf" in prop:
        return set().union(*(json_types(p, defs) for p in prop.get("anyOf", prop.get("oneOf"))))
    if "const" in prop or "enum" in prop:
        values = [prop["const"]] if "const" in prop else prop["enum"]
        return {{str: "string", bool: "boolean", int: "integer"}[type(v)] for v in values}
    if "type" in prop:
        return {prop["type"]} if isinstance(prop["type"], str) else set(prop["type"])
    return {"object"} if "properties" in prop or "discriminator" in prop else set()


def wrong_values(allowed: set[str], current: Any = None) -> list[Any]:
    """Values of JSON types the schema does not allow, each one a lax reader would convert
    (to `current`, the valid value it replaces, where there is one)."""
    number = current if type(current) is int else 3
    wrong: list[Any] = []
    if "integer" in allowed and "number" not in allowed:
        wrong.append(float(number))
        if "string" not in allowed:
            wrong.append(str(number))
        if "boolean" not in allowed:
            wrong.append(True)
    if "boolean" in allowed:
        if "integer" not in allowed:
            wrong += [int(bool(current)), 1 - int(bool(current))]
        if "string" not in allowed:
            wrong += [str(bool(current)).lower(), "yes"]
    if "string" in allowed and not {"integer", "boolean"} & allowed:
        wrong += [3, True]
    return wrong


def mutations(data: Any, model: Any, defs: dict) -> Iterator[tuple[str, str, Any, Any]]:
    """(model, field, wrong value, the data with it) for every field of every model in the
    data, walked beside the model it validated into; array items are mutated too."""
    if isinstance(model, BaseModel) and isinstance(data, dict):
        props = type(model).model_json_schema(ref_template="#/$defs/{model}")
        local = {**defs, **props.get("$defs", {})}
        for name, prop in props["properties"].items():
            for wrong in wrong_values(json_types(prop, local), data.get(name)):
                yield type(model).__name__, name, wrong, {**data, name: wrong}
            items = prop.get("items") or {}
            value = getattr(model, name)
            if isinstance(data.get(name), list) and data[name] and items:
                for wrong in wrong_values(json_types(items, local), data[name][0]):
                    yield (
                        type(model).__name__,
                        f"{name}[]",
                        wrong,
                        {**data, name: [wrong, *data[name][1:]]},
                    )
            if name in data:
                for *where, changed in mutations(data[name], value, local):
                    yield (*where, {**data, name: changed})
    elif isinstance(data, list) and isinstance(model, tuple):
        for i, (item, inner) in enumerate(zip(data, model, strict=True)):
            for *where, changed in mutations(item, inner, defs):
                yield (*where, [*data[:i], changed, *data[i + 1 :]])


def drawn_actions(kind: str, games: int = 40) -> list[dict]:
    """One action of each type and shape random play draws, as JSON."""
    rules = rules_for(kind)
    seen: dict[str, dict] = {}
    for seed in range(games):
        rng = random.Random(seed)
        players = [f"P{i}" for i in range(rules.min_players + seed % 2)]
        options = rules.parse_options(EVERYTHING_ON.get(kind, {}))
        state = rules.new_state(players, options)
        for _ in range(300):
            action = rules.draw(state, rng)
            if action is None:
                break
            data = action.model_dump(mode="json", exclude_defaults=False)
            seen.setdefault(json.dumps([data.get("type"), *sorted(_shape(data))]), data)
            state, _ = rules.apply(state, action)
    return list(seen.values())


def _shape(data: Any, path: str = "") -> set[str]:
    if isinstance(data, dict):
        return {path}.union(*(_shape(v, f"{path}.{k}") for k, v in data.items()))
    if isinstance(data, list):
        return {path}.union(*(_shape(v, f"{path}[]") for v in data))
    return {f"{path}:{type(data).__name__}"}


def option_values(kind: str) -> dict:
    """Every option set, so each of them is walked."""
    rules = rules_for(kind)
    data = rules.options_model().model_dump(mode="json")
    return {**data, **{k: 1 for k in data if data[k] is None}, **EVERYTHING_ON.get(kind, {})}


def settled_disputes() -> list[dict]:
    cases = [json.loads(line) for line in SETTLED.read_text("utf-8").splitlines()]
    return [case["dispute"] for case in cases if case.get("code") == 0 and "dispute" in case]


def refused(parse, data, longest: int = 200) -> str:
    with pytest.raises(InvalidAction) as info:
        parse(data)
    reason = info.value.reason
    assert "\n" not in reason and len(reason) <= longest, reason
    return reason


def typed_fields() -> set[tuple[str, str]]:
    """Every (model, field) the schema publishes whose type is an integer or a boolean."""
    published = schema()["$defs"]
    out = set()
    for name, model in published.items():
        for field, prop in model.get("properties", {}).items():
            if {"integer", "boolean"} & json_types(prop, published):
                out.add((name, field))
            items = prop.get("items") or {}
            if {"integer", "boolean"} & json_types(items, published):
                out.add((name, f"{field}[]"))
    return out


def a_record(kind: str) -> dict:
    rules = rules_for(kind)
    return {
        "format": "referee-record",
        "version": 1,
        "game": kind,
        "players": [f"P{i}" for i in range(rules.min_players)],
        "options": {},
        "actions": [],
    }


def action_cases(kind: str) -> Iterator[tuple[str, str, Any, Any]]:
    rules = rules_for(kind)
    for data in drawn_actions(kind):
        yield from mutations(data, rules.parse_action(data), {})


def option_cases(kind: str) -> Iterator[tuple[str, str, Any, Any]]:
    data = option_values(kind)
    yield from mutations(data, rules_for(kind).parse_options(data), {})


def record_cases(kind: str) -> Iterator[tuple[str, str, Any, Any]]:
    name = rules_for(kind).record_model.__name__
    for wrong in wrong_values({"integer"}):
        yield name, "version", wrong, {**a_record(kind), "version": wrong}


def dispute_cases() -> Iterator[tuple[str, str, Any, Any]]:
    from referee.disputes.settle import parse

    for data in settled_disputes():
        yield from mutations(data, parse(data), {})


class TestEveryActionField:
    @pytest.mark.parametrize("kind", list(GAMES))
    def test_refused_never_converted(self, kind):
        rules = rules_for(kind)
        for model, field, wrong, changed in action_cases(kind):
            reason = refused(rules.parse_action, changed)
            assert "must be" in reason or "not" in reason, (model, field, wrong, reason)


class TestEveryOption:
    @pytest.mark.parametrize("kind", list(GAMES))
    def test_refused_never_converted(self, kind):
        rules = rules_for(kind)
        for _model, _field, _wrong, changed in option_cases(kind):
            refused(rules.parse_options, changed)


class TestEveryRecordField:
    @pytest.mark.parametrize("kind", list(GAMES))
    def test_refused_never_converted(self, kind):
        for _model, _field, _wrong, changed in record_cases(kind):
            code, out = replay_text(json.dumps(changed))
            assert code == 2 and "version must be the number 1" in out["reason"], out


class TestEveryDisputeField:
    def test_refused_never_converted(self):
        from referee.disputes.settle import parse

        for _model, _field, _wrong, changed in dispute_cases():
            refused(parse, changed, longest=300)  # the list of kinds is long
            code, answer = settle_text(json.dumps(changed))
            assert code == 2 and "could not read" not in answer["reason"], answer


class TestInARecord:
    """In a record the sentence names the action by its place and the field."""

    def test_the_action_and_its_field_are_named(self):
        record = {**a_record("faeker"), "actions": [{"type": "top_card", "card": "3"}]}
        code, out = replay_text(json.dumps(record))
        assert code == 2 and out["index"] == 0
        assert out["reason"] == "The top card's card must be a whole number from 0 to 7, not '3'."

    def test_an_option_of_the_wrong_type_is_named(self):
        record = {**a_record("faeker"), "options": {"first_dealer": "1"}}
        code, out = replay_text(json.dumps(record))
        assert code == 2 and "First dealer must be a whole number" in out["reason"]


def test_every_integer_and_boolean_field_is_walked():
    walked = {
        (model, field)
        for cases in (
            *(action_cases(kind) for kind in GAMES),
            *(option_cases(kind) for kind in GAMES),
            *(record_cases(kind) for kind in GAMES),
            dispute_cases(),
        )
        for model, field, _wrong, _changed in cases
    }
    missing = sorted(typed_fields() - walked)
    assert not missing, missing


def test_strict_mode_is_configured_once_for_every_model():
    classes, todo = set(), [Value]
    while todo:
        for sub in todo.pop().__subclasses__():
            classes.add(sub)
            todo.append(sub)
    assert classes and all(c.model_config.get("strict") for c in classes)


class TestTheCasesFound:
    """The loosely typed values independent referees found accepted, each refused now."""

    @pytest.mark.parametrize(
        ("kind", "action"),
        [
            ("faeker", {"type": "top_card", "card": True}),
            ("faeker", {"type": "top_card", "card": "3"}),
            ("faeker", {"type": "top_card", "card": 3.0}),
            ("fairybucks", {"type": "lot", "items": [{"value": "3", "symbol": "sun"}]}),
            ("fairybucks", {"type": "reveal", "shows": [{"player": "P0", "card": True}]}),
            (
                "deceptidice",
                {
                    "type": "guess",
                    "player": "P0",
                    "guess": {"form": "number", "count": True, "number": "3", "less_than": "yes"},
                },
            ),
            (
                "deceptidice",
                {
                    "type": "guess",
                    "player": "P0",
                    "guess": {"form": "number", "count": 1, "number": "3"},
                },
            ),
            (
                "deceptidice",
                {
                    "type": "guess",
                    "player": "P0",
                    "guess": {"form": "number", "count": 1, "number": 3, "less_than": "yes"},
                },
            ),
        ],
    )
    def test_an_action_of_the_wrong_json_type(self, kind, action):
        record = {**a_record(kind), "actions": [action]}
        code, out = replay_text(json.dumps(record))
        assert code == 2 and out["index"] == 0, out
        assert " must be " in out["reason"]

    @pytest.mark.parametrize(
        ("kind", "options"),
        [
            ("faeker", {"first_dealer": "1"}),
            ("faeker", {"stone_circles_always_count": 1}),
            ("fairybucks", {"poof_returns": "yes"}),
            ("fairybucks", {"deck_size": "10"}),
        ],
    )
    def test_an_option_of_the_wrong_json_type(self, kind, options):
        code, out = replay_text(json.dumps({**a_record(kind), "options": options}))
        assert code == 2 and out["index"] is None and " must be " in out["reason"], out
