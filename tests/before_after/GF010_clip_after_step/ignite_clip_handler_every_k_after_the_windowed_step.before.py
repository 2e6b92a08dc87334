import torch
from ignite.engine import Engine, Events

WINDOW = 4
encoder = torch.nn.Sequential(torch.nn.Linear(12, 24), torch.nn.GELU(), torch.nn.Linear(24, 4))
adam = torch.optim.Adam(encoder.parameters(), lr=3e-4)


def train_step(eng, batch):
    encoder.train()
    inputs, labels = batch
    loss = torch.nn.functional.cross_entropy(encoder(inputs), labels) / WINDOW
    loss.backward()
    if eng.state.iteration % WINDOW == 0:
        adam.step()
        adam.zero_grad(set_to_none=True)
    return loss.item()


engine = Engine(train_step)


def limit_norm(_engine):
    torch.nn.utils.clip_grad_value_(encoder.parameters(), 0.5)


engine.add_event_handler(Events.ITERATION_COMPLETED(every=WINDOW), limit_norm)
