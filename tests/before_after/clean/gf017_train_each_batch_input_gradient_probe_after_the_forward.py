# Each batch starts with `encoder.train()`. After the training forward a probe switches the
# encoder to eval and runs it with gradients on a copy of the inputs (their gradient's norm);
# the backward that follows goes through the graph built in train mode.
import torch
from torch import nn


def input_gradient_norm(net, batch):
    net.eval()
    probe = batch.detach().clone().requires_grad_(True)
    (grad,) = torch.autograd.grad(net(probe).logsumexp(dim=1).sum(), probe)
    return grad.norm().item()


encoder = nn.Sequential(nn.Linear(12, 32), nn.BatchNorm1d(32), nn.GELU(), nn.Linear(32, 5))
sgd = torch.optim.SGD(encoder.parameters(), lr=0.05, momentum=0.9)
loader = [(torch.randn(8, 12), torch.randint(0, 5, (8,))) for _ in range(6)]

for epoch in range(4):
    for i, (batch, target) in enumerate(loader):
        encoder.train()
        sgd.zero_grad()
        loss = nn.functional.cross_entropy(encoder(batch), target)
        if i == len(loader) - 1:
            print(epoch, input_gradient_norm(encoder, batch))
        loss.backward()
        sgd.step()
