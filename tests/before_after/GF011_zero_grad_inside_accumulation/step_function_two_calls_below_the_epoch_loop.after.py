# The same nesting written with functions: train() runs epochs, one_epoch() the batches and
# the flush, micro_step() clears on every micro-batch.
import torch
import torch.nn.functional as F

ACCUM = 4


def micro_step(model, optimizer, index, inputs, targets):
    (F.mse_loss(model(inputs), targets) / ACCUM).backward()
    if (index + 1) % ACCUM == 0:
        optimizer.step()
        optimizer.zero_grad()


def one_epoch(model, optimizer, batches):
    for index, (inputs, targets) in enumerate(batches):
        micro_step(model, optimizer, index, inputs, targets)
    if len(batches) % ACCUM != 0:
        optimizer.step()
        optimizer.zero_grad()


def train(model, optimizer, batches, epochs=2):
    epoch = 0
    while epoch < epochs:
        one_epoch(model, optimizer, batches)
        epoch += 1


model = torch.nn.Linear(3, 1)
train(model, torch.optim.SGD(model.parameters(), lr=0.1), [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(10)])
