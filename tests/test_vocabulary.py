"""The loop model's look at a function's text (`facts.mentions_training`) skips the words that
hold another word of its vocabulary: it answers as a look for every word does."""

from __future__ import annotations

import random
from pathlib import Path

from gradfix.analysis.facts import _VOCABULARY, _WORDS, mentions_training


def _every_word(text: str) -> bool:
    lower = text.lower()
    return any(word in lower for word in _WORDS)


def test_each_word_is_found_through_the_vocabulary() -> None:
    assert set(_VOCABULARY) < set(_WORDS)
    for word in _WORDS:
        for text in (word, word.upper(), f"x = {word}(y)", f"self.{word}_2 = None"):
            assert mentions_training(text), text
        for cut in (word[1:], word[:-1]):
            assert mentions_training(cut) == _every_word(cut), cut


def test_texts_answer_as_every_word_looked_for() -> None:
    own = sorted((Path(__file__).resolve().parent.parent / "gradfix").rglob("*.py"))
    for path in own[:40]:
        text = path.read_text(encoding="utf-8")
        for line in text.splitlines():
            assert mentions_training(line) == _every_word(line), (path, line)
    pieces = [*_WORDS, "ada", "w", "8bit", "fused", "paged", "x", " ", "(", ".", "_", "s", "p", "r"]
    rng = random.Random(45)
    for _ in range(20_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 5)))
        assert mentions_training(text) == _every_word(text), text
