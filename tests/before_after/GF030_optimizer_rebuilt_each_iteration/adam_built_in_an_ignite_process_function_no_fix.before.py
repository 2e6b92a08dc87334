import torch
from ignite.engine import Engine, Events
from torch import nn

model = nn.Sequential(nn.Linear(5, 16), nn.ReLU(), nn.Linear(16, 2))


def update(engine, batch):
    x, y = batch
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
    optimizer.zero_grad()
    loss = nn.functional.cross_entropy(model(x), y)
    loss.backward()
    optimizer.step()
    return loss.item()


trainer = Engine(update)


@trainer.on(Events.EPOCH_COMPLETED)
def report(engine):
    print(engine.state.output)


trainer.run([(torch.randn(8, 5), torch.randint(0, 2, (8,)))], max_epochs=2)
