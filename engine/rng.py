"""A seeded generator whose whole state is one integer, so it lives inside a game's JSON state.

The `random` module is not used: its state is large, and its globals would make games depend on
whatever else ran in the process. SplitMix64 is tiny, fast and has good statistical quality for
dice and shuffles.
"""

from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel

_MASK = (1 << 64) - 1
T = TypeVar("T")


class Rng(BaseModel):
    """Mutable generator state; copy the owning game state before drawing from it.

    >>> a, b = Rng.seeded(7), Rng.seeded(7)
    >>> a.roll(5) == b.roll(5)
    True
    """

    state: int

    @classmethod
    def seeded(cls, seed: int) -> Rng:
        return cls(state=seed & _MASK)

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), by rejection so that no value is favoured."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, low: int, high: int) -> int:
        """Uniform integer in [low, high], both ends included (a die is randint(1, 6))."""
        return low + self.below(high - low + 1)

    def roll(self, count: int, sides: int = 6) -> list[int]:
        return [self.randint(1, sides) for _ in range(count)]

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
