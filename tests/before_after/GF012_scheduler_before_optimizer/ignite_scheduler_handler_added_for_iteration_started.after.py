from ignite.engine import Engine, Events
from torch import nn, optim


class Regressor(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 1)

    def forward(self, x):
        return self.fc(x)


model = Regressor()
optimizer = optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
lr_schedule = optim.lr_scheduler.StepLR(optimizer, step_size=100, gamma=0.1)
criterion = nn.MSELoss()


def process(engine, batch):
    model.train()
    optimizer.zero_grad()
    loss = criterion(model(batch[0]), batch[1])
    loss.backward()
    optimizer.step()
    return {"loss": loss.item()}


def schedule(engine):
    """One scheduler step per iteration."""
    lr_schedule.step()


trainer = Engine(process)
trainer.add_event_handler(Events.ITERATION_COMPLETED, schedule)
