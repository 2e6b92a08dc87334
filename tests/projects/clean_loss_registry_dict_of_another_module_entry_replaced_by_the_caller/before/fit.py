# The script replaces the "smooth" entry of objectives.py's dict with a loss on probabilities:
# what it feeds the entry is right for what the entry is when the loop runs.
import torch

from objectives import OBJECTIVES


def nll_of_probabilities(probs, target):
    return torch.nn.functional.nll_loss(torch.log(probs.clamp_min(1e-8)), target)


OBJECTIVES["smooth"] = nll_of_probabilities


def fit(net, batches, epochs=2):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for _ in range(epochs):
        for x, y in batches:
            opt.zero_grad()
            probs = torch.softmax(net(x), dim=-1)
            loss = OBJECTIVES["smooth"](probs, y)
            loss.backward()
            opt.step()
