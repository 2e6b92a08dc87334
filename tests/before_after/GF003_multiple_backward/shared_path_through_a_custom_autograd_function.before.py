# Two heads backpropagate separately through a custom autograd Function whose backward clips
# what it is given: clipping each pass is not clipping their sum. Reported without a fix.
import torch
import torch.nn.functional as F


class ClipGradient(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.view_as(x)

    @staticmethod
    def backward(ctx, grad):
        return grad.clamp(-0.01, 0.01)


def train(encoder, head_a, head_b, optimizer, loader):
    for x, y in loader:
        optimizer.zero_grad()
        features = ClipGradient.apply(encoder(x))
        loss_a = F.cross_entropy(head_a(features), y)
        loss_b = F.cross_entropy(head_b(features), 1 - y)
        loss_a.backward(retain_graph=True)
        loss_b.backward()
        optimizer.step()
