import torch
import torch.nn.functional as F


def carlini_wagner(net, images, labels, steps=50, c=1.0):
    """Optimizes a perturbation of the images; the gradient of the perturbation is reset by hand."""
    adv = torch.autograd.Variable(images.clone(), requires_grad=True)
    orig = torch.autograd.Variable(images)
    opt = torch.optim.Adam([adv], lr=0.01)
    for step in range(steps):
        if step > 0:
            adv.grad.data.fill_(0)
        net.zero_grad()
        dist = torch.pow(adv - orig, 2).sum()
        adv_in = torch.autograd.Variable(adv.data, requires_grad=True)
        logits = net(adv_in)
        loss = dist - c * F.cross_entropy(logits, labels)
        loss.backward()
        adv.grad.data.add_(adv_in.grad.data)
        opt.step()
    return adv.detach()
