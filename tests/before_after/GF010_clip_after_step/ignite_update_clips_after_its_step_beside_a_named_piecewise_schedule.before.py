import torch
from ignite.engine import Engine, Events
from ignite.handlers import PiecewiseLinear

encoder = torch.nn.Sequential(torch.nn.Linear(12, 24), torch.nn.GELU(), torch.nn.Linear(24, 3))
adam = torch.optim.Adam(encoder.parameters(), lr=1e-3)


def process(engine, batch):
    features, labels = batch
    adam.zero_grad(set_to_none=True)
    loss = torch.nn.functional.cross_entropy(encoder(features), labels)
    loss.backward()
    adam.step()
    torch.nn.utils.clip_grad_value_(encoder.parameters(), 0.25)
    return loss.item()


engine = Engine(process)
ramp = PiecewiseLinear(adam, "lr", milestones_values=[(0, 1e-4), (200, 1e-3), (1000, 1e-5)])
engine.add_event_handler(Events.ITERATION_STARTED, ramp)


def main(loader):
    engine.run(loader, max_epochs=5)
