# Batches cut into chunks inside a step function and through a generator of the module: each
# chunk's loss is divided by the chunk count (or sums its chunk over the batch size), so the
# step applies the batch's mean gradient.
import torch
from torch import nn


def pieces(features, targets, count):
    size = (features.size(0) + count - 1) // count
    for start in range(0, features.size(0), size):
        yield features[start:start + size], targets[start:start + size]


encoder = nn.Sequential(nn.Linear(10, 24), nn.GELU(), nn.Linear(24, 2))
loss_fn = nn.CrossEntropyLoss()
summed = nn.CrossEntropyLoss(reduction="sum")
optim = torch.optim.SGD(encoder.parameters(), lr=0.02)
n_chunks = 4
subdivisions = 2


def update(batch):
    inputs, labels = batch
    optim.zero_grad()
    for piece_x, piece_y in zip(inputs.chunk(n_chunks), labels.chunk(n_chunks)):
        piece_loss = loss_fn(encoder(piece_x), piece_y) / n_chunks
        piece_loss.backward()
    optim.step()


def update_summed(batch):
    inputs, labels = batch
    optim.zero_grad()
    for piece_x, piece_y in pieces(inputs, labels, subdivisions):
        (summed(encoder(piece_x), piece_y) / inputs.size(0)).backward()
    optim.step()


for _ in range(50):
    batch = (torch.randn(16, 10), torch.randint(0, 2, (16,)))
    update(batch)
    update_summed(batch)
    optim.zero_grad()
    for part_x, part_y in pieces(*batch, subdivisions):
        (loss_fn(encoder(part_x), part_y) / subdivisions).backward()
    optim.step()
