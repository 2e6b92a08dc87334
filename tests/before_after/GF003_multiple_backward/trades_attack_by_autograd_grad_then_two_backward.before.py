# The attack takes the input's gradient with `torch.autograd.grad` (first order, of a tensor the
# iteration makes): no higher-order term. The natural and robust losses of one forward are
# then backpropagated one after the other, the first keeping the graph.
import torch
import torch.nn.functional as F


def train(model, opt, loader, beta=6.0, eps=0.03, steps=5):
    for x, y in loader:
        model.eval()
        p_clean = F.softmax(model(x), dim=1).detach()
        x_adv = x + 0.001 * torch.randn_like(x)
        for _ in range(steps):
            x_adv = x_adv.detach().requires_grad_(True)
            kl = F.kl_div(F.log_softmax(model(x_adv), dim=1), p_clean, reduction="batchmean")
            grad_x = torch.autograd.grad(kl, x_adv)[0]
            x_adv = torch.clamp(x_adv + eps / 4 * grad_x.sign(), x - eps, x + eps)
        model.train()
        opt.zero_grad()
        logits = model(x)
        natural = F.cross_entropy(logits, y)
        robust = F.kl_div(F.log_softmax(model(x_adv.detach()), dim=1), F.softmax(logits, dim=1), reduction="batchmean")
        natural.backward(retain_graph=True)
        (beta * robust).backward()
        opt.step()
