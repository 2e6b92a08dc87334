# A step function cuts each batch into `n_chunks` pieces to fit memory, backpropagates every
# piece's mean loss whole and steps once: the gradient is n_chunks times the batch's.
import torch
from torch import nn

encoder = nn.Sequential(nn.Linear(10, 24), nn.GELU(), nn.Linear(24, 2))
loss_fn = nn.CrossEntropyLoss()
optim = torch.optim.SGD(encoder.parameters(), lr=0.02)
n_chunks = 4


def update(batch):
    inputs, labels = batch
    encoder.train()
    optim.zero_grad()
    total = 0.0
    for piece_x, piece_y in zip(inputs.chunk(n_chunks), labels.chunk(n_chunks)):
        piece_loss = loss_fn(encoder(piece_x), piece_y)
        piece_loss.backward()
        total += piece_loss.item()
    optim.step()
    return total / n_chunks


for _ in range(50):
    update((torch.randn(16, 10), torch.randint(0, 2, (16,))))
