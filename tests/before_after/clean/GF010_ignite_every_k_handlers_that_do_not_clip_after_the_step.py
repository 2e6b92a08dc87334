import torch
from ignite.engine import Engine, Events

WINDOW = 4
encoder = torch.nn.Linear(12, 4)
other = torch.nn.Linear(12, 4)
adam = torch.optim.Adam(encoder.parameters(), lr=3e-4)
norms = []


def train_step(eng, batch):
    inputs, labels = batch
    loss = torch.nn.functional.cross_entropy(encoder(inputs), labels) / WINDOW
    loss.backward()
    if eng.state.iteration % WINDOW == 0:
        torch.nn.utils.clip_grad_norm_(encoder.parameters(), 1.0)
        adam.step()
        adam.zero_grad(set_to_none=True)
    return loss.item()


engine = Engine(train_step)


@engine.on(Events.ITERATION_COMPLETED(every=WINDOW))
def measure(_engine):
    norms.append(torch.nn.utils.clip_grad_norm_(encoder.parameters(), float("inf")).item())


@engine.on(Events.ITERATION_COMPLETED(every=WINDOW))
def clip_another_model(_engine):
    torch.nn.utils.clip_grad_norm_(other.parameters(), 1.0)
