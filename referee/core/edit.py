"""Fixing a mistake anywhere in the log: replace, insert before or delete action N.

The record is the truth and every state is a replay, so an edit is a new list of actions
replayed from the start. Nothing here writes: `preview` says what the edited record
would be, the first action that no longer applies (and why), or what changed (points,
winners, verdicts that flipped), and the caller decides what to save. N counts actions
from 1, as the players and `replay`'s messages do.
"""

from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel

from referee.core.errors import InvalidAction
from referee.core.names import sentence
from referee.core.record import GameRecord
from referee.core.rules import GameRules
from referee.core.said import Said
from referee.core.said import change_text as action_change
from referee.core.session import ReplayError, Session
from referee.core.words import change_text

Kind = Literal["replace", "insert", "delete"]
KINDS: tuple[str, ...] = ("replace", "insert", "delete")


def edited_actions(
    actions: list[dict[str, Any]], at: int, kind: str, action: dict[str, Any] | None = None
) -> list[dict[str, Any]]:
    """The list with action `at` (from 1) replaced, deleted, or `action` inserted before
    it; InvalidAction with one sentence for an N the log does not have."""
    if kind not in KINDS:
        raise InvalidAction(f"An edit replaces, inserts or deletes, not {kind!r}.")
    if not actions:
        raise InvalidAction("The log is empty: there is no action to edit.")
    if type(at) is not int or not 1 <= at <= len(actions):
        raise InvalidAction(f"There is no action {at}; the log has actions 1 to {len(actions)}.")
    i = at - 1
    if kind == "delete":
        return [*actions[:i], *actions[i + 1 :]]
    if action is None:
        raise InvalidAction(f"To {kind} an action, give the action.")
    if kind == "replace":
        return [*actions[:i], action, *actions[i + 1 :]]
    return [*actions[:i], action, *actions[i:]]


def _edited_times(times: list[str | None], at: int, kind: str) -> list[str | None]:
    """The actions' times through an edit (`at` already checked): the new action's is
    not known."""
    i = at - 1
    if kind == "delete":
        return [*times[:i], *times[i + 1 :]]
    return [*times[:i], None, *times[i + (kind == "replace") :]]


@dataclass
class Preview:
    """What an edit would do. `broken` is None when every action still applies; then
    `session` is the edited game and `summary` what changed. Otherwise `broken` is the
    0-based index of the first action that no longer applies, `reason` why, and
    `kept`/`kept_redo` the game up to there with the rest kept as redo."""

    kind: str
    at: int
    record: GameRecord  # the edited record, whole
    before: Session
    session: Session | None = None
    broken: int | None = None
    reason: str = ""
    broken_headline: str = ""  # that action's verdict in the log before the edit
    change: str = ""  # the edited action itself, before → after, in the game's words
    kept: list[dict[str, Any]] = field(default_factory=list)
    kept_redo: list[dict[str, Any]] = field(default_factory=list)
    summary: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.broken is None

    @property
    def note(self) -> str:
        """One line for the versions list and the other devices."""
        what = {"replace": "edited", "insert": "inserted", "delete": "deleted"}[self.kind]
        if self.ok:
            return f"Action {self.at} {what}"
        return f"Action {self.at} {what}; kept up to action {self.broken}"

    def breaking(self) -> dict[str, Any]:
        """The first break, as `replay` reports one (index from 0) and for players."""
        broken = self.broken
        assert broken is not None, "asked only of an edit that breaks"
        return {
            "ok": False,
            "index": broken,
            "action": broken + 1,
            "reason": sentence(f"Action {broken + 1} no longer applies: {self.reason}"),
        }


def _record(before: Session, actions: list[dict[str, Any]]) -> GameRecord:
    return GameRecord(
        game=before.rules.kind,
        players=list(before.players),
        options=before.options.model_dump(mode="json"),
        actions=actions,
    )


def preview(
    rules: GameRules[Any, Any, Any],
    record: GameRecord,
    at: int,
    kind: str,
    action: Any = None,
    redo: list[dict[str, Any]] | None = None,
) -> Preview:
    """Replay `record` with the edit; never writes. The edited or inserted action itself
    must apply where it stands: if it does not, InvalidAction/IllegalAction says why in
    one sentence (bad input changes nothing). `redo` is the game's redo stack (next last);
    a break keeps the rest of the log on top of it."""
    before = Session(rules, record)
    old = [s.action.model_dump(mode="json") for s in before.steps]
    new_action = None
    if kind != "delete":
        if action is None:
            raise InvalidAction(f"To {kind} an action, give the action.")
        raw = action.model_dump(mode="json") if hasattr(action, "model_dump") else action
        new_action = rules.parse_action(raw).model_dump(mode="json")
    actions = edited_actions(old, at, kind, new_action)
    edited = _record(before, actions)
    if new_action is not None:
        # The action entered must itself apply: otherwise the edit is refused, not kept.
        up_to = Session(rules, _record(before, actions[: at - 1]))
        up_to.verify(new_action)
    # The edited record keeps when the game was played; the edited action's own time is
    # not known.
    times = None if record.times is None else _edited_times(record.times, at, kind)
    dates = {**record.dates(), "times": times if times and any(times) else None}
    edited = edited.model_copy(update=dates)
    out = Preview(kind=kind, at=at, record=edited, before=before)
    parsed = None if new_action is None else rules.parse_action(new_action)
    out.change = edit_said(before, at, kind, parsed)[2]
    try:
        out.session = Session(rules, edited)
    except ReplayError as exc:
        out.broken = exc.index
        out.reason = exc.action_reason
        old_index = exc.index + (1 if kind == "delete" else -1 if kind == "insert" else 0)
        if exc.index >= at - 1 and 0 <= old_index < len(before.steps):
            out.broken_headline = before.steps[old_index].verdict.headline
        out.kept = actions[: exc.index]
        out.kept_redo = [*(redo or []), *reversed(actions[exc.index :])]
        kept_times = None if times is None else times[: exc.index]
        out.record = _record(before, out.kept).model_copy(
            update={**dates, "times": kept_times if kept_times and any(kept_times) else None}
        )
        return out
    out.summary = summarize(before, out.session, at, kind)
    return out


def _mapped(i: int, at: int, kind: str) -> int | None:
    """Where old action i (from 0) stands after the edit; None when it was replaced or
    deleted (it is the edited action itself)."""
    k = at - 1
    if kind == "insert":
        return i + 1 if i >= k else i
    if i == k:
        return None
    if kind == "delete" and i > k:
        return i - 1
    return i


def _winners(session: Session) -> list[str]:
    ended = session.rules.outcome(session.state)
    return [] if ended is None else [session.players[s] for s in ended.winners]


def edit_said(
    before: Session, at: int, kind: str, action: BaseModel | None
) -> tuple[Said | None, Said | None, str]:
    """The edited action itself in the game's words, for the table as it stood before it
    (the same in both logs: everything before it is kept): what it said before, after,
    and the change in one line ("Ana's card: A♣ → A♦"; "Inserted: Bo passes")."""
    rules, k = before.rules, at - 1
    then = before.steps[k - 1].state if k > 0 else before.initial
    said_before = None if kind == "insert" else rules.said(then, before.steps[k].action)
    said_after = None if action is None else rules.said(then, action)
    if kind == "replace":
        assert said_before is not None and said_after is not None, "a replace says both"
        change = action_change(said_before, said_after)
    elif kind == "insert":
        assert said_after is not None, "an insert says the new action"
        change = f"Inserted: {said_after.line}"
    else:
        assert said_before is not None, "a delete says the old action"
        change = f"Deleted: {said_before.line}"
    return said_before, said_after, change


def summarize(before: Session, after: Session, at: int, kind: str) -> dict[str, Any]:
    """What changed, side by side: the edited action itself (in the game's words), points
    per player, winners and ending, the edited action's verdict, and every later verdict
    whose headline is different now."""
    rules = before.rules
    pts_before, pts_after = rules.points(before.state), rules.points(after.state)
    old_heads = [v.headline for v in before.verdicts]
    new_heads = [v.headline for v in after.verdicts]
    flipped = []
    for i, head in enumerate(old_heads):
        j = _mapped(i, at, kind)
        if j is not None and new_heads[j] != head:
            flipped.append({"action": j + 1, "before": head, "after": new_heads[j]})
    k = at - 1
    ended_before, ended_after = rules.outcome(before.state), rules.outcome(after.state)
    points = [
        {"player": name, "before": b, "after": a}
        for name, b, a in zip(before.players, pts_before, pts_after, strict=True)
    ]
    said_before, said_after, change = edit_said(
        before, at, kind, None if kind == "delete" else after.steps[k].action
    )
    summary: dict[str, Any] = {
        "edit": {"kind": kind, "at": at},
        "action": {
            "before": said_before and said_before.line,
            "after": said_after and said_after.line,
            "change": change,
        },
        "edited": {
            "before": None if kind == "insert" else old_heads[k],
            "after": None if kind == "delete" else new_heads[k],
        },
        "unit": rules.unit,
        "points": points,
        "winners": {"before": _winners(before), "after": _winners(after)},
        "ending": {
            "before": ended_before.headline if ended_before else None,
            "after": ended_after.headline if ended_after else None,
        },
        "flipped": flipped,
    }
    summary["changed"] = bool(
        kind != "replace"
        or summary["edited"]["before"] != summary["edited"]["after"]
        or before.record() != after.record()
        or flipped
        or any(p["before"] != p["after"] for p in points)
    )
    return summary


def headline_lines(summary: dict[str, Any]) -> list[str]:
    """The summary as short sentences, for the screen and the toast: the edited action
    itself first, then what it changed."""
    lines = [summary["action"]["change"]]
    unit = summary["unit"]
    for p in summary["points"]:
        if p["before"] != p["after"]:
            lines.append(change_text(p["player"], p["before"], p["after"], unit))
    w = summary["winners"]
    if w["before"] != w["after"]:
        was, now = (", ".join(w[k]) or "none yet" for k in ("before", "after"))
        lines.append(f"Winner: {was} to {now}")
    return lines
