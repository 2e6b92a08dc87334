"""Messages quote the code as it is written where the finding is, not a form gradfix reads
it as: GF014's later backward called through a backward forwarder (`push(g_loss)`, read as
`g_loss.backward()`, see gradfix/call_forms.py) is quoted as the call written; GF012's
optimizer step in a method the caller's loop runs (`model.train_epoch(loader)` with
`model = Trainer(...)`) is quoted as the method writes it (`self.optimizer.step()`), not as
the caller's loop names it (`model.optimizer.step()`). Positions are unchanged.
"""

from __future__ import annotations

import textwrap

from gradfix.runner import Options, process_source


def _found(source: str, code: str) -> list[tuple[int, int, str]]:
    data = textwrap.dedent(source).encode()
    result = process_source("case.py", data, Options(select=frozenset({code}), unsafe_fixes=False, fix=False))
    assert result.error is None, result.error
    return [(d.line, d.column, d.message) for d in result.diagnostics]


# GF014 --------------------------------------------------------------------------------------

GAN = """
    import torch

    def train(gen, disc, batches):
        g_opt = torch.optim.Adam(gen.parameters())
        d_opt = torch.optim.Adam(disc.parameters())
        for real in batches:

            def push(t, *args, **kwargs):
                t.backward(*args, **kwargs)

            g_opt.zero_grad()
            d_opt.zero_grad()
            fake = gen(torch.randn(real.size(0), 4))
            d_fake = disc(fake)
            d_loss = disc(real).mean() - d_fake.mean()
            push(d_loss, retain_graph=True)
            d_opt.step()
            g_loss = -d_fake.mean()
            push(g_loss)
            g_opt.step()
"""


def test_gf014_quotes_a_forwarded_backward_as_written() -> None:
    ((line, column, message),) = _found(GAN, "GF014")
    assert (line, column) == (20, 9)
    assert message.startswith("`push(g_loss)` backpropagates through `disc(fake)` (line 15)")
    assert "g_loss.backward()" not in message


def test_gf014_module_level_forwarder_in_a_while_loop_other_names() -> None:
    source = """
        import torch

        def send_back(tensor, **options):
            return tensor.backward(**options)

        def fit(actor, critic, feed):
            a_opt = torch.optim.SGD(actor.parameters(), lr=0.1)
            c_opt = torch.optim.SGD(critic.parameters(), lr=0.1)
            while True:
                obs = next(feed)
                a_opt.zero_grad()
                c_opt.zero_grad()
                score = critic(actor(obs))
                critic_loss = (score - 1).pow(2).mean()
                send_back(critic_loss, retain_graph=True)
                c_opt.step()
                actor_loss = -score.mean()
                send_back(
                    actor_loss,
                )
                a_opt.step()
    """
    ((line, column, message),) = _found(source, "GF014")
    assert (line, column) == (19, 9)
    assert message.startswith("`send_back( actor_loss, )` backpropagates through `critic(actor(obs))` (line 14)")


def test_gf014_plain_backward_still_quoted_as_before() -> None:
    plain = GAN.replace("push(d_loss, retain_graph=True)", "d_loss.backward(retain_graph=True)").replace(
        "push(g_loss)", "g_loss.backward()"
    )
    ((line, column, message),) = _found(plain, "GF014")
    assert (line, column) == (20, 9)
    assert message.startswith("`g_loss.backward()` backpropagates through `disc(fake)` (line 15)")


# GF012 --------------------------------------------------------------------------------------

TRAINER = """
    import torch

    class Trainer:
        def __init__(self, net, lr):
            self.net = net
            self.optimizer = torch.optim.SGD(net.parameters(), lr=lr)
            self.lr_scheduler = torch.optim.lr_scheduler.StepLR(self.optimizer, 10)

        def train_epoch(self, loader):
            self.lr_scheduler.step()
            for x, y in loader:
                self.optimizer.zero_grad()
                loss = torch.nn.functional.mse_loss(self.net(x), y)
                loss.backward()
                self.optimizer.step()

    def main(net, loader):
        model = Trainer(net, 0.1)
        for epoch in range(10):
            model.train_epoch(loader)
"""


def test_gf012_quotes_the_step_as_the_method_writes_it() -> None:
    ((line, column, message),) = _found(TRAINER, "GF012")
    assert (line, column) == (11, 9)
    assert message.startswith("`self.lr_scheduler.step()` runs before `self.optimizer.step()` in the same iteration")
    assert "model.optimizer" not in message


def test_gf012_other_names_a_while_loop_and_a_runner() -> None:
    source = """
        import torch

        class Runner:
            def __init__(self, net):
                self.net = net
                self.opt = torch.optim.Adam(net.parameters())
                self.sched = torch.optim.lr_scheduler.ExponentialLR(self.opt, 0.9)

            def one_pass(self, batches):
                self.sched.step()
                i = 0
                while i < len(batches):
                    x, y = batches[i]
                    self.opt.zero_grad()
                    torch.nn.functional.l1_loss(self.net(x), y).backward()
                    self.opt.step()
                    i += 1

        def run(net, batches, passes):
            runner = Runner(net)
            for _ in range(passes):
                runner.one_pass(batches)
    """
    ((line, column, message),) = _found(source, "GF012")
    assert (line, column) == (11, 9)
    assert "runs before `self.opt.step()`" in message
    assert "runner.opt" not in message


def test_gf012_step_in_the_loop_itself_unchanged() -> None:
    source = """
        import torch

        def train(net, loader, epochs):
            optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
            scheduler = torch.optim.lr_scheduler.StepLR(optimizer, 10)
            for epoch in range(epochs):
                scheduler.step()
                for x, y in loader:
                    optimizer.zero_grad()
                    torch.nn.functional.mse_loss(net(x), y).backward()
                    optimizer.step()
    """
    ((line, column, message),) = _found(source, "GF012")
    assert (line, column) == (8, 9)
    assert "runs before `optimizer.step()`" in message
