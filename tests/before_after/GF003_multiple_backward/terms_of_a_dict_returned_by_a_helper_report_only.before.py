import torch
import torch.nn as nn
import torch.nn.functional as F


class TwoHeads(nn.Module):
    def __init__(self):
        super().__init__()
        self.trunk = nn.Linear(5, 16)
        self.label = nn.Linear(16, 4)
        self.rebuild = nn.Linear(16, 5)

    def forward(self, x):
        h = torch.relu(self.trunk(x))
        return self.label(h), self.rebuild(h)


def objective(scores, recon, inputs, labels):
    """Both heads' losses, by name."""
    return {"cls": F.cross_entropy(scores, labels), "rec": torch.nn.functional.mse_loss(recon, inputs)}


def train(model, optimizer, batches, steps):
    step = 0
    while step < steps:
        for inputs, labels in batches:
            optimizer.zero_grad(set_to_none=True)
            scores, recon = model(inputs)
            parts = objective(scores, recon, inputs, labels)
            for term in parts.values():
                term.backward(retain_graph=True)
            optimizer.step()
            step += 1


heads = TwoHeads()
train(heads, torch.optim.AdamW(heads.parameters(), lr=1e-3), [(torch.randn(6, 5), torch.randint(0, 4, (6,)))], 3)
