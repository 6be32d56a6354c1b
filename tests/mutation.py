"""Mutating valid JSON inputs for fuzz tests: a value replaced by a nasty one (another
type, a huge number, odd text, deep nesting), a field dropped or added, items duplicated,
swapped or wrapped. Used by the fuzz tests of `settle` and `edit`."""

import copy
import json
import random

from hypothesis import strategies as st

from referee.core.names import MAX_REASON

ODD_TEXTS = [
    " Ana ",
    "\ud83d",
    "A\x00",
    "",
    "x" * 300,
    "Zoe\u0301",
    "a\u2028b",
    "\u202eAna",
    "Ana\u200b",
    "👩\u200d🚀",
    "♥",
]
texts = st.text(
    alphabet=st.characters(min_codepoint=0, max_codepoint=0x10FFFF, exclude_categories=()),
    max_size=40,
)


def deep(n: int):
    value: object = 0
    for i in range(n):
        value = [value] if i % 2 else {"x": value}
    return value


def vocabulary(trees) -> list:
    """Every key and short text of the valid inputs: mutations that stay plausible."""
    words, stack = set(), list(trees)
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            words.update(node)
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, str) and len(node) < 30:
            words.add(node)
    return sorted(words)


def nasty(vocab: list):
    return st.one_of(
        st.sampled_from([0, -1, 1, 2, 3, 5, 7, 10, 99, 2**31, -(2**63), 10**18, 10**19]),
        st.integers(-(10**60), 10**60),
        st.floats(),
        st.booleans(),
        st.none(),
        texts,
        st.sampled_from(vocab),
        st.sampled_from(ODD_TEXTS),
        st.lists(st.integers(-3, 22), max_size=7),
        st.lists(st.sampled_from(vocab), max_size=4),
        st.dictionaries(st.sampled_from(vocab), st.integers(-3, 12), max_size=3),
        st.integers(1, 40).map(deep),
    )


def paths(tree) -> list[tuple]:
    found, stack = [], [((), tree)]
    while stack:
        path, node = stack.pop()
        found.append(path)
        if isinstance(node, dict):
            stack.extend(((*path, k), v) for k, v in node.items())
        elif isinstance(node, list):
            stack.extend(((*path, i), v) for i, v in enumerate(node))
    return found


def at(tree, path):
    for part in path:
        tree = tree[part]
    return tree


@st.composite
def mutated(draw, bases: list, vocab: list, most: int = 3):
    """One of `bases` (JSON data), mutated 1 to `most` times."""
    values = nasty(vocab)
    tree = copy.deepcopy(draw(st.sampled_from(bases)))
    for _ in range(draw(st.integers(1, most))):
        path = draw(st.sampled_from(paths(tree)))
        if not path:
            tree = draw(st.one_of(values, st.just([tree]), st.just({"x": tree})))
            continue
        mutate_at(draw, tree, path, values, vocab)
    return tree


def as_text(draw, tree) -> str:
    return json.dumps(tree, ensure_ascii=draw(st.booleans()), allow_nan=True)


def assert_sentence(reason: object) -> None:
    """A refusal any screen can show: one line of at most MAX_REASON characters, in the
    project's words (no pydantic, JSON decoder or traceback text)."""
    assert isinstance(reason, str) and reason, reason
    assert "\n" not in reason and "\r" not in reason, reason
    assert len(reason) <= MAX_REASON, (len(reason), reason)
    reason.encode("utf-8")  # no lone surrogates: any screen can show it
    for raw in ("Input should", "Traceback", "validation error", "JSONDecodeError"):
        assert raw not in reason, reason


def mutate_at(draw, tree, path: tuple, values, vocab: list) -> None:
    """One mutation of the value at `path` (not the root) in place: replaced by one of
    `values`, deleted, a key added beside it, duplicated, swapped, or wrapped."""
    parent, key = at(tree, path[:-1]), path[-1]
    op = draw(st.sampled_from(["replace", "replace", "delete", "add", "dup", "swap", "wrap"]))
    if op == "replace":
        parent[key] = draw(values)
    elif op == "delete":
        del parent[key]
    elif op == "add" and isinstance(parent, dict):
        parent[draw(st.one_of(st.sampled_from(vocab), texts))] = draw(values)
    elif op == "dup" and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(parent[key]))
    elif op == "swap" and isinstance(parent, list) and len(parent) > 1:
        other = draw(st.integers(0, len(parent) - 1))
        parent[key], parent[other] = parent[other], parent[key]
    else:
        parent[key] = draw(st.sampled_from([[parent[key]], {"value": parent[key]}]))


def played_records(kind: str, plan, names) -> list[dict]:
    """Records of one game from random legal play, as JSON data: one per (seed, steps) of
    `plan`, seated from `names` (as many as the game takes)."""
    from referee.core.record import GameRecord
    from referee.core.session import Session
    from referee.games import GAMES

    rules = GAMES[kind]
    players = list(names)[: max(rules.min_players, 3)][: rules.max_players]
    out = []
    for seed, steps in plan:
        rng = random.Random(seed)
        session = Session(rules, GameRecord(game=kind, players=players))
        for _ in range(steps):
            action = rules.draw(session.state, rng)
            if action is None:
                break
            session.play(action)
        out.append(json.loads(json.dumps(session.record().model_dump(mode="json"))))
    return out
