"""Reads kept until the file changes (`kept_read`): the methods of the store and of its
parts that screens call at every visit, read again only when a write through the store or
another connection's commit changed the file (SqliteFile.kept keeps them)."""

import functools
from collections.abc import Callable, Hashable, Iterable
from typing import Concatenate, ParamSpec, Protocol, TypeVar

T = TypeVar("T")  # one item of what the read gives


class Keeping(Protocol):
    """What kept_read needs of the store or of one of its parts."""

    def kept(self, key: Hashable, read: Callable[[], Iterable[T]]) -> list[T]: ...


# The store or part the method is of, and its other parameters: the method keeps the
# signature it was written with.
K = TypeVar("K", bound=Keeping)
P = ParamSpec("P")


def kept_read(
    method: Callable[Concatenate[K, P], Iterable[T]],
) -> Callable[Concatenate[K, P], list[T]]:
    """A read whose answer is kept until the file changes (see SqliteFile.kept): a method
    of the store or of one of its parts."""

    @functools.wraps(method)
    def run(self: K, /, *args: P.args, **kwargs: P.kwargs) -> list[T]:
        key = (method.__qualname__, args, tuple(sorted(kwargs.items())))
        return self.kept(key, lambda: method(self, *args, **kwargs))

    return run
