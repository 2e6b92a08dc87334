import torch
from ignite.engine import Engine, Events

encoder = torch.nn.GRU(8, 16, batch_first=True)
head = torch.nn.Linear(16, 4)
params = list(encoder.parameters()) + list(head.parameters())
optimizer = torch.optim.Adam(params, lr=1e-3)


def train_step(engine, batch):
    seq, label = batch
    optimizer.zero_grad()
    out, _ = encoder(seq)
    loss = torch.nn.functional.cross_entropy(head(out[:, -1]), label)
    loss.backward()
    optimizer.step()
    return loss.item()


trainer = Engine(train_step)


@trainer.on(Events.ITERATION_COMPLETED)
def clip_gradients(engine):
    torch.nn.utils.clip_grad_norm_(params, max_norm=5.0)
