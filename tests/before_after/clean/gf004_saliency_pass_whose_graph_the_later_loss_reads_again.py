# Correct: the retained graph is walked again -- the first loop's later loss adds the clean
# loss, the second's reads the logits the saliency pass backpropagated through.
import torch
import torch.nn.functional as F


def train(net, loader, opt, mix):
    for images, labels in loader:
        opt.zero_grad()
        clean_loss = torch.zeros(())
        if mix:
            images = images.clone().requires_grad_(True)
            clean_loss = F.cross_entropy(net(images), labels)
            clean_loss.backward(retain_graph=True)
            with torch.no_grad():
                images = images * (images.grad.abs() > 0.01)
        loss = F.cross_entropy(net(images), labels) + 0.1 * clean_loss
        loss.backward()
        opt.step()


def train_logits(net, loader, opt, mix):
    for images, labels in loader:
        opt.zero_grad()
        images = images.clone().requires_grad_(True)
        logits = net(images)
        if mix:
            probe = F.cross_entropy(logits, labels)
            probe.backward(retain_graph=True)
        loss = F.cross_entropy(logits, labels.flip(0))
        loss.backward()
        opt.step()


net = torch.nn.Linear(5, 3)
loader = [(torch.randn(4, 5), torch.randint(0, 3, (4,))) for _ in range(3)]
train(net, loader, torch.optim.SGD(net.parameters(), lr=0.1), mix=True)
train_logits(net, loader, torch.optim.SGD(net.parameters(), lr=0.1), mix=True)
