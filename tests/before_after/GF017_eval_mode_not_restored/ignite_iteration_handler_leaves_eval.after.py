import torch
from torch import nn
from ignite.engine import Engine, Events


def build(loader, epochs):
    regressor = nn.Sequential(nn.Linear(12, 24), nn.BatchNorm1d(24), nn.ReLU(), nn.Linear(24, 1))
    sgd = torch.optim.SGD(regressor.parameters(), lr=0.01, momentum=0.9)
    held_out = next(iter(loader))

    def process(engine, batch):
        features, target = batch
        sgd.zero_grad(set_to_none=True)
        loss = nn.functional.smooth_l1_loss(regressor(features), target)
        loss.backward()
        sgd.step()
        return loss.item()

    engine = Engine(process)

    def report_held_out(engine):
        regressor.eval()
        with torch.no_grad():
            error = (regressor(held_out[0]) - held_out[1]).abs().mean()
        print(engine.state.iteration, error.item())
        regressor.train()

    engine.add_event_handler(Events.ITERATION_COMPLETED(every=500), report_held_out)
    engine.run(loader, max_epochs=epochs)
    return regressor
