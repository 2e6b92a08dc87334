"""`x.step()` on an object of a class of the project (no library base): what gradfix records
and fixes. The before/after fixtures hold the wrapper cases (tests/before_after/GF001_missing_zero_grad/
project_wrapper_step_without_clear, clean/project_wrapper_*); these pin what a fix must never
write and what the model must keep seeing."""

from __future__ import annotations

import textwrap

from gradfix.runner import Options, process_source
from gradfix.transforms import default_codes


def _run(text: str):
    result = process_source("case.py", textwrap.dedent(text).encode(), Options(select=frozenset(default_codes()), fix=True))
    assert result.error is None, result.error
    return result


def test_no_clear_is_written_on_a_class_without_zero_grad() -> None:
    """A plain-Python optimizer of the project updates the parameters itself and has no
    `zero_grad`: `optimizer.zero_grad()` would be an AttributeError, so nothing is written."""
    result = _run(
        """
        import torch

        class PlainSGD:
            def __init__(self, params, lr):
                self.params = list(params)
                self.lr = lr

            @torch.no_grad()
            def step(self):
                for p in self.params:
                    if p.grad is not None:
                        p.sub_(self.lr * p.grad)

        def train(model, loader):
            optimizer = PlainSGD(model.parameters(), 0.1)
            for x, y in loader:
                torch.nn.functional.mse_loss(model(x), y).backward()
                optimizer.step()
        """
    )
    assert result.fixed is None or b"optimizer.zero_grad" not in result.fixed


def test_an_environment_step_is_not_looked_into() -> None:
    """`env.step(action)` of a class of the project says nothing of gradients: the loop around
    it is read as before, and its missing clear still found and fixed."""
    result = _run(
        """
        import random
        import torch

        class Corridor:
            def __init__(self, length):
                self.length = length
                self.at = 0

            def reset(self):
                self.at = 0
                return torch.zeros(self.length)

            def step(self, action):
                self.at = max(0, min(self.length - 1, self.at + (1 if action else -1)))
                seen = torch.zeros(self.length)
                seen[self.at] = 1.0
                return seen, float(self.at == self.length - 1) + random.random(), self.at == self.length - 1

        def train(policy, episodes):
            env = Corridor(6)
            optimizer = torch.optim.Adam(policy.parameters(), lr=1e-3)
            for _ in range(episodes):
                state, done = env.reset(), False
                while not done:
                    logits = policy(state)
                    action = torch.distributions.Categorical(logits=logits).sample()
                    state, reward, done = env.step(action.item())
                    (-logits.log_softmax(-1)[action] * reward).backward()
                    optimizer.step()
        """
    )
    assert [d.code for d in result.diagnostics] == ["GF001"]
    assert result.fixed is not None and b"optimizer.zero_grad(set_to_none=True)" in result.fixed


def test_fp16_autocast_with_the_loss_handed_to_an_object_is_not_reported(tmp_path) -> None:
    """GF022: `stepper.backward(loss)` on an object of another module of the project (built
    here, or passed in) that scales the loss itself: no finding; a loop that backpropagates
    the loss itself without a scaler still gets one."""
    (tmp_path / "stepping.py").write_text(
        textwrap.dedent(
            """
            import torch

            class ScaledStepper:
                def __init__(self, params):
                    self.inner = torch.optim.SGD(params, lr=0.1)
                    self.scaler = torch.amp.GradScaler("cuda")

                def zero_grad(self):
                    self.inner.zero_grad()

                def backward(self, loss):
                    self.scaler.scale(loss).backward()

                def step(self):
                    self.scaler.step(self.inner)
                    self.scaler.update()
            """
        )
    )
    loop = tmp_path / "loop.py"
    loop.write_text(
        textwrap.dedent(
            """
            import torch
            from stepping import ScaledStepper

            def fit(net, batches):
                stepper = ScaledStepper(net.parameters())
                for inputs, targets in batches:
                    stepper.zero_grad()
                    with torch.autocast("cuda", dtype=torch.float16):
                        loss = torch.nn.functional.mse_loss(net(inputs), targets)
                    stepper.backward(loss)
                    stepper.step()

            def fit_given(net, batches, stepper):
                for inputs, targets in batches:
                    stepper.zero_grad()
                    with torch.autocast("cuda", dtype=torch.float16):
                        loss = torch.nn.functional.mse_loss(net(inputs), targets)
                    stepper.backward(loss)
                    stepper.step()

            def fit_plain(net, batches):
                optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
                for inputs, targets in batches:
                    optimizer.zero_grad()
                    with torch.autocast("cuda", dtype=torch.float16):
                        loss = torch.nn.functional.mse_loss(net(inputs), targets)
                    loss.backward()
                    optimizer.step()
            """
        )
    )
    result = process_source(str(loop), loop.read_bytes(), Options(select=frozenset(default_codes())))
    assert result.error is None, result.error
    assert [(d.code, d.line) for d in result.diagnostics] == [("GF022", 26)]
