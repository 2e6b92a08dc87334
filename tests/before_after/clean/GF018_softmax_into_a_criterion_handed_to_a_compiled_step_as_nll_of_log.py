import torch
from torch import nn


def classify_step(net, loss_fn, optimizer, batch):
    inputs, labels = batch
    optimizer.zero_grad()
    log_probabilities = net(inputs).log_softmax(dim=-1)
    loss = loss_fn(log_probabilities, labels)
    loss.backward()
    optimizer.step()


compiled_step = torch.compile(classify_step, fullgraph=False)


def train(net, loader, epochs=3):
    loss_fn = nn.NLLLoss()
    optimizer = torch.optim.SGD(net.parameters(), lr=0.05)
    for _ in range(epochs):
        for batch in loader:
            compiled_step(net, loss_fn, optimizer, batch)
