"""GF003 over a loop of loss terms: `for t in terms: t.backward(retain_graph=True)` after one
forward is the same split as consecutive backward calls. Fixed (`sum(terms).backward(...)`)
only when the terms are a tuple/list literal the iteration binds and the loop body is the
backward alone; reported without a fix for lists filled by `append` and dicts; silent for
terms of separate forwards, loops over models, no `retain_graph`, gradient penalties."""

from __future__ import annotations

import textwrap

import pytest

from gradfix.runner import Options, process_source


def _run(source: str, codes: frozenset[str] = frozenset({"GF003"})):  # type: ignore[no-untyped-def]
    data = textwrap.dedent(source).encode()
    result = process_source("case.py", data, Options(select=codes, fix=True))
    assert result.error is None, result.error
    return result


TUPLE_IN_METHOD = """
    import torch.nn.functional as F

    class Trainer:
        def fit(self, batches):
            step = 0
            while step < 100:
                inputs, labels = next(batches)
                self.optim.zero_grad()
                logits = self.net(inputs)
                parts = [F.cross_entropy(logits, labels), 0.1 * logits.abs().mean(), logits.pow(2).mean()]
                for part in parts:
                    part.backward(retain_graph=True)
                self.optim.step()
                step += 1
"""

INLINE_TUPLE = """
    def train(model, loader, opt, criterion):
        for x, y in loader:
            opt.zero_grad()
            out = model(x)
            ce = criterion(out, y)
            reg = out.abs().mean()
            for term in ce, reg:
                term.backward(retain_graph=True)
            opt.step()
"""


def test_tuple_literal_in_a_method_while_loop_is_fixed_to_one_backward_of_the_sum() -> None:
    result = _run(TUPLE_IN_METHOD)
    assert [(d.code, d.line) for d in result.diagnostics] == [("GF003", 13)]
    assert "3 backward calls" in result.diagnostics[0].message
    assert result.fixed is not None
    fixed = result.fixed.decode()
    assert "            sum(parts).backward(retain_graph=True)\n            self.optim.step()" in fixed
    assert "for part in" not in fixed


def test_inline_tuple_without_parentheses_is_summed_in_parentheses() -> None:
    result = _run(INLINE_TUPLE)
    assert [(d.code, d.line) for d in result.diagnostics] == [("GF003", 9)]
    assert result.fixed is not None
    assert b"        sum((ce, reg)).backward(retain_graph=True)\n        opt.step()" in result.fixed


def test_with_gf004_the_fixed_point_is_one_plain_backward() -> None:
    result = _run(TUPLE_IN_METHOD, frozenset({"GF003", "GF004"}))
    assert result.fixed is not None
    assert b"sum(parts).backward()\n" in result.fixed
    assert b"retain_graph" not in result.fixed


REPORTED_ONLY = {
    "appended": """
        def train(model, loader, opt, criterion):
            for x, y in loader:
                opt.zero_grad()
                out = model(x)
                losses = []
                losses.append(criterion(out, y))
                losses.append(out.abs().mean())
                for loss in losses:
                    loss.backward(retain_graph=True)
                opt.step()
    """,
    "dict_items": """
        def train(model, loader, opt, criterion):
            for x, y in loader:
                opt.zero_grad()
                out = model(x)
                losses = {"ce": criterion(out, y), "l1": out.abs().mean()}
                for name, value in losses.items():
                    value.backward(retain_graph=True)
                opt.step()
    """,
    "dict_filled": """
        def train(model, loader, opt, criterion):
            for x, y in loader:
                opt.zero_grad()
                out = model(x)
                losses = {}
                losses["ce"] = criterion(out, y)
                losses["l1"] = out.abs().mean()
                for value in losses.values():
                    value.backward(retain_graph=True)
                opt.step()
    """,
    "target_read_after": """
        def train(model, loader, opt, criterion):
            for x, y in loader:
                opt.zero_grad()
                out = model(x)
                terms = (criterion(out, y), out.abs().mean())
                for t in terms:
                    t.backward(retain_graph=True)
                print(t.item())
                opt.step()
    """,
}


@pytest.mark.parametrize("case", sorted(REPORTED_ONLY))
def test_terms_not_a_literal_are_reported_without_a_fix(case: str) -> None:
    result = _run(REPORTED_ONLY[case])
    assert [d.code for d in result.diagnostics] == ["GF003"]
    assert not result.diagnostics[0].fixable
    assert result.fixed is None


SILENT = {
    "separate_forwards": """
        def train(student, teacher, loader, opt, criterion):
            for x, y in loader:
                opt.zero_grad()
                a = student(x)
                b = teacher(x)
                terms = (criterion(a, y), criterion(b, y))
                for t in terms:
                    t.backward(retain_graph=True)
                opt.step()
    """,
    "model_called_in_terms": """
        def train(models, loader, opt, criterion):
            for x, y in loader:
                opt.zero_grad()
                terms = [criterion(models[0](x), y), criterion(models[1](x), y)]
                for t in terms:
                    t.backward(retain_graph=True)
                opt.step()
    """,
    "no_retain_graph": """
        def train(model, loader, opt, criterion):
            for x, y in loader:
                opt.zero_grad()
                out = model(x)
                terms = (criterion(out, y), out.abs().mean())
                for t in terms:
                    t.backward()
                opt.step()
    """,
    "loop_over_models": """
        def train(models, optims, loader, criterion):
            for x, y in loader:
                for m, o in zip(models, optims):
                    o.zero_grad()
                    loss = criterion(m(x), y)
                    loss.backward(retain_graph=True)
                    o.step()
    """,
    "gradient_penalty": """
        import torch

        def train(critic, loader, opt):
            for real in loader:
                opt.zero_grad()
                real.requires_grad_(True)
                score = critic(real)
                (g,) = torch.autograd.grad(score.sum(), real, create_graph=True)
                terms = (score.mean(), ((g.norm(2, dim=1) - 1) ** 2).mean())
                for t in terms:
                    t.backward(retain_graph=True)
                opt.step()
    """,
    "body_logs_too": """
        def train(model, loader, opt, criterion, log):
            for x, y in loader:
                opt.zero_grad()
                out = model(x)
                terms = (criterion(out, y), out.abs().mean())
                for t in terms:
                    t.backward(retain_graph=True)
                    log(t.item())
                opt.step()
    """,
    "one_term": """
        def train(model, loader, opt, criterion):
            for x, y in loader:
                opt.zero_grad()
                out = model(x)
                terms = [criterion(out, y)]
                for t in terms:
                    t.backward(retain_graph=True)
                opt.step()
    """,
}


@pytest.mark.parametrize("case", sorted(SILENT))
def test_near_misses_stay_silent_and_unchanged(case: str) -> None:
    result = _run(SILENT[case])
    assert [d.code for d in result.diagnostics] == []
    assert result.fixed is None
