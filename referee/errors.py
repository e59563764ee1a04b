"""One error family, three kinds, so the CLI can print one line and pick the exit code.

- ``InputError``: the user typed or wrote something we cannot read (exit 2),
  optionally located at ``file:line``.
- ``Refusal``: the move is legal to express but the rules forbid it (exit 1);
  always carries the clause that forbids it.
- ``Ambiguous``: a name matches several things; carries the candidates (exit 2).
- ``MissingData``: the ruleset does not know a value the command needs (exit 2),
  with how to supply it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Union

if TYPE_CHECKING:
    from referee.msg import Msg

Text = Union[str, "Msg"]


class Citation:
    """Where a ruling comes from: ruleset id, clause id, rulebook file and section.

    A plain immutable value (slots, equality by its fields), not a dataclass: building a frozen dataclass costs
    `referee ask` a millisecond of start-up."""

    __slots__ = ("ruleset", "clause", "file", "section", "inherited_from")
    ruleset: str
    clause: str
    file: str
    section: str
    inherited_from: str | None

    def __init__(self, ruleset: str, clause: str, file: str, section: str, inherited_from: str | None = None):
        for k, v in zip(self.__slots__, (ruleset, clause, file, section, inherited_from)):
            object.__setattr__(self, k, v)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"Citation is immutable: cannot set {name}")

    def _key(self) -> tuple:
        return (self.ruleset, self.clause, self.file, self.section, self.inherited_from)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Citation) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return "Citation(" + ", ".join(f"{k}={v!r}" for k, v in zip(self.__slots__, self._key())) + ")"

    @property
    def source(self) -> str:
        """The rulebook's title a table can look up (rulesets/sources.yaml `cite:`), not its file name."""
        from referee.words.sources import title

        return title(self.file)

    def __str__(self) -> str:
        from referee.words.i18n import _, data

        # the book's short title, translated as the rulesets' words are; a house rule's section is its own title (our words)
        section = data(self.section) if self.file == "house-rules" else self.section
        src = f"{data(self.source)} § {section}"
        via = ""
        if self.inherited_from:
            from referee.words.sources import own_book_silent

            # the player should see that the book cited is not theirs because their own book is silent on the point
            via = (_(", inherited from {ruleset} (this edition's own rulebook is silent on it)")
                   if own_book_silent(self.ruleset, self.inherited_from, self.file) else _(", inherited from {ruleset}")).format(ruleset=self.inherited_from)
        return f"{self.ruleset} {self.clause}: {src}{via}"

    def as_dict(self) -> dict:
        d = {"ruleset": self.ruleset, "clause": self.clause, "file": self.file, "source": self.source, "section": self.section}
        if self.inherited_from:
            d["inherited_from"] = self.inherited_from
        return d


class RefereeError(Exception):
    """`message` is a sentence, or a structured `Msg` (kept as `msg`) that the renderer turns into one.

    `needs` names the input that was missing (e.g. "dice", "choice"), so a front end
    can ask for it in its own terms; `fmt` formats money in the renderer.
    """

    exit_code = 2

    def __init__(self, message: Text, needs: str | None = None, fmt: Callable[[int], str] | None = None):
        msg = None
        if not isinstance(message, str):
            from referee.words.messages import render

            msg, message = message, render(message, fmt)
        super().__init__(message)
        self.message: str = message
        self.msg: Msg | None = msg
        self.needs = needs

    def __str__(self) -> str:
        return self.message


class InputError(RefereeError):
    exit_code = 2

    def __init__(self, message: Text, file: str | None = None, line: int | None = None, needs: str | None = None,
                 fmt: Callable[[int], str] | None = None):
        super().__init__(message, needs=needs, fmt=fmt)
        self.file = file
        self.line = line

    def __str__(self) -> str:
        if self.file and self.line:
            return f"{self.file}:{self.line}: {self.message}"
        if self.file:
            return f"{self.file}: {self.message}"
        return self.message


class ValidationErrors(RefereeError):
    """Several located problems found in one pass (a checker collects them all)."""

    exit_code = 2

    def __init__(self, errors: list[InputError]):
        super().__init__("; ".join(str(e) for e in errors))
        self.errors = errors

    def __str__(self) -> str:
        return "\n".join(str(e) for e in self.errors)


class Refusal(RefereeError):
    exit_code = 1

    def __init__(self, message: Text, citation: Citation | None = None, fmt: Callable[[int], str] | None = None,
                 **details: Any):
        super().__init__(message, fmt=fmt)
        self.citation = citation
        self.details = details

    def __str__(self) -> str:
        from referee.words.i18n import _

        if self.citation:
            return _("refused: {reason} — {citation}").format(reason=self.message, citation=self.citation)
        return _("refused: {reason}").format(reason=self.message)


class Ambiguous(RefereeError):
    exit_code = 2

    def __init__(self, what: str, text: str, candidates: list[str]):
        shown = ", ".join(candidates[:8]) + (" …" if len(candidates) > 8 else "")
        from referee.words.i18n import _

        super().__init__(_("'{text}' could be more than one {what}: {names}. Type more of the name.").format(text=text, what=_(what), names=shown))
        self.candidates = candidates


class MissingData(RefereeError):
    exit_code = 2
