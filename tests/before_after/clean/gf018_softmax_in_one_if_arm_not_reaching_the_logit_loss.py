# A softmax applied in one arm of an `if` that never reaches a loss wanting logits: the
# probabilities go through a log into `nll_loss`, the `else` arm rebinds the name, later code
# rebinds it before the loss, the arm leaves the iteration early, or the loss takes
# probabilities (`binary_cross_entropy`).
import torch
import torch.nn as nn
import torch.nn.functional as F

net = nn.Linear(10, 4)
opt = torch.optim.SGD(net.parameters(), lr=0.1)


def train(loader, probs_mode, smooth, skip_probs):
    for x, y, t in loader:
        opt.zero_grad()
        out = net(x)
        if probs_mode:
            out = F.softmax(out, dim=1)
            out = torch.log(out + 1e-8)
        loss = F.nll_loss(out, y)

        logits = net(x)
        if smooth:
            logits = logits.softmax(1)
        else:
            logits = logits / 2.0
        loss = loss + F.cross_entropy(logits if not smooth else logits.log(), y)

        raw = net(x)
        if probs_mode:
            raw = raw.softmax(1)
        raw = net(x)
        loss = loss + F.cross_entropy(raw, y)

        head = net(x)
        if skip_probs:
            head = head.softmax(1)
            continue
        loss = loss + F.cross_entropy(head, y)

        gate = net(x)[:, 0]
        if probs_mode:
            gate = torch.sigmoid(gate)
        else:
            gate = gate.clamp(0.0, 1.0)
        loss = loss + F.binary_cross_entropy(gate, t)
        loss.backward()
        opt.step()
