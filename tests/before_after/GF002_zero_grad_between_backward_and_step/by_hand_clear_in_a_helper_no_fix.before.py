# A helper called between the backward and the step clears every parameter's gradient by hand
# (`for p in net.parameters(): p.grad = None`, `net` the model the optimizer was built over):
# the step applies nothing. Reported at the call, without a fix (the helper may be called
# elsewhere).
import torch
import torch.nn.functional as F


def drop_grads(net):
    for param in net.parameters():
        param.grad = None


def train(loader, epochs):
    model = torch.nn.Linear(16, 4)
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    for epoch in range(epochs):
        for inputs, labels in loader:
            optimizer.zero_grad()
            loss = F.cross_entropy(model(inputs), labels)
            loss.backward()
            drop_grads(model)
            optimizer.step()
