import torch
import torch.nn.functional as F


def accumulate_grads(model, inputs, targets, micro_batch_size):
    for start in range(0, len(inputs), micro_batch_size):
        xb = inputs[start : start + micro_batch_size]
        yb = targets[start : start + micro_batch_size]
        loss = F.cross_entropy(model(xb), yb)
        loss.backward()


def train(model, loader, epochs=5, micro_batch_size=16):
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    for epoch in range(epochs):
        for inputs, targets in loader:
            optimizer.zero_grad(set_to_none=True)
            accumulate_grads(model, inputs, targets, micro_batch_size)
            optimizer.step()
