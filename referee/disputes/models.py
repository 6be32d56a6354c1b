"""Every game's dispute kinds together, from the registry: one model per kind, told apart
by `kind` (`DISPUTE`), the game of each kind and its title.

Built on first use, and again when a game is registered or taken out, so a game's disputes
load only when a dispute is settled or listed.
"""

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Union

from pydantic import Field, TypeAdapter

from referee.core.dispute_kinds import DisputeKind, Settled
from referee.games import GAMES


@dataclass(frozen=True)
class Catalogue:
    adapter: TypeAdapter[Any]
    kinds: dict[str, DisputeKind]  # in the schema's order
    game_of: dict[str, str]
    titles: dict[str, str]


_built: tuple[int, Catalogue] | None = None


def catalogue() -> Catalogue:
    global _built
    if _built is None or _built[0] != GAMES.generation:
        _built = (GAMES.generation, _build())
    return _built[1]


def _build() -> Catalogue:
    kinds: dict[str, DisputeKind] = {}
    game_of: dict[str, str] = {}
    for game in GAMES.dispute_order():
        for kind in GAMES.disputes(game).kinds:
            if kind.kind in kinds:
                raise ValueError(f"two games settle a dispute called {kind.kind!r}")
            kinds[kind.kind] = kind
            game_of[kind.kind] = game
    models = tuple(k.model for k in kinds.values())
    adapter: TypeAdapter[Any]
    if len(models) > 1:
        adapter = TypeAdapter(Annotated[Union[models], Field(discriminator="kind")])  # noqa: UP007
    else:  # a discriminator needs a union to tell apart
        adapter = TypeAdapter(models[0])
    titles = {k: d.title for k, d in kinds.items()}
    return Catalogue(adapter, kinds, game_of, titles)


class _Live(Mapping[str, str]):
    """A mapping read from the catalogue at each use, so it follows the registry."""

    def __init__(self, read: Callable[[], Mapping[str, str]]) -> None:
        self._read = read

    def __getitem__(self, kind: str) -> str:
        return self._read()[kind]

    def __iter__(self) -> Iterator[str]:
        return iter(self._read())

    def __len__(self) -> int:
        return len(self._read())


GAME_OF: Mapping[str, str] = _Live(lambda: catalogue().game_of)
TITLES: Mapping[str, str] = _Live(lambda: catalogue().titles)


def dispute_schema() -> dict[str, Any]:
    return catalogue().adapter.json_schema()


__all__ = ["GAME_OF", "TITLES", "Settled", "catalogue", "dispute_schema"]
