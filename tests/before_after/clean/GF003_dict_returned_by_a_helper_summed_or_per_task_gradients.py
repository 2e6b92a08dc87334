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
    return {"cls": F.cross_entropy(scores, labels), "rec": F.mse_loss(recon, inputs)}


def summed(model, optimizer, batches):
    for inputs, labels in batches:
        optimizer.zero_grad(set_to_none=True)
        scores, recon = model(inputs)
        parts = objective(scores, recon, inputs, labels)
        sum(parts.values()).backward()
        optimizer.step()


def per_task(model, optimizer, batches):
    # each task's gradient read on its own before they are combined (PCGrad-style)
    params = list(model.parameters())
    for inputs, labels in batches:
        scores, recon = model(inputs)
        parts = objective(scores, recon, inputs, labels)
        task_grads = []
        for term in parts.values():
            optimizer.zero_grad(set_to_none=True)
            term.backward(retain_graph=True)
            task_grads.append([p.grad.clone() for p in params])
        for p, *grads in zip(params, *task_grads):
            p.grad = torch.stack(grads).mean(0)
        optimizer.step()


heads = TwoHeads()
opt = torch.optim.AdamW(heads.parameters(), lr=1e-3)
data = [(torch.randn(6, 5), torch.randint(0, 4, (6,)))]
summed(heads, opt, data)
per_task(heads, opt, data)
