"""Names one object answers for a part it holds: ``cart.over`` reads ``cart.flow.over``.

The match cartridge is made of parts (the flow, the play screen); the set-up screens, the
network conversation, the title's demo and the tests still say ``cart.session`` or
``cart.submit(...)``.  Rather than a forwarding method for each, the cartridge lists at its
top which names live on which part, and :func:`delegates` puts one :class:`Delegated` on the
class per name.  Reading gives the part's attribute (a bound method for a method); writing
sets it on the part, so ``cart.names = [...]`` changes the flow's names.
"""

from __future__ import annotations


class Delegated:
    """The attribute ``name`` of the part held in the owner's attribute ``part``."""

    def __init__(self, part: str, name: str) -> None:
        self.part, self.name = part, name

    def __get__(self, owner, owner_type=None):
        if owner is None:
            return self
        return getattr(getattr(owner, self.part), self.name)

    def __set__(self, owner, value) -> None:
        setattr(getattr(owner, self.part), self.name, value)

    def __repr__(self) -> str:
        return f"Delegated({self.part!r}, {self.name!r})"


def delegates(**parts: tuple[str, ...]):
    """A class decorator: ``@delegates(flow=("session", "submit"))`` makes ``session`` and
    ``submit`` the flow's.  A name given twice, or one the class defines itself, is a mistake
    (one of the two would silently win) and raises TypeError."""

    def decorate(cls):
        seen: dict[str, str] = {}
        for part, names in parts.items():
            for name in names:
                if name in seen:
                    raise TypeError(f"{cls.__name__}.{name} is delegated to both {seen[name]} and {part}")
                if name in vars(cls):
                    raise TypeError(f"{cls.__name__} defines {name} itself and delegates it to {part}")
                seen[name] = part
                setattr(cls, name, Delegated(part, name))
        return cls

    return decorate
