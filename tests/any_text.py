"""Any text for hypothesis: every character UTF-8 carries, which is every character but the
surrogates (category Cs).

Hypothesis's default alphabet (``characters(codec="utf-8")``) finds those characters by encoding
each of the 1.1M code points, once per machine (it keeps the answer in ``.hypothesis/``): in a
fresh checkout, as under CI, that held 200 MB for a moment.  Its map of categories is cheap."""

from __future__ import annotations

from hypothesis import strategies as st

CHARACTERS = st.characters(exclude_categories=("Cs",))


def any_text(max_size: int) -> st.SearchStrategy[str]:
    return st.text(alphabet=CHARACTERS, max_size=max_size)
