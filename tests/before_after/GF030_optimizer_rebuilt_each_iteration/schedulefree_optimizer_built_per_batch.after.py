import schedulefree
import torch


def train(model, batches):
    model.train()
    opt = schedulefree.RAdamScheduleFree(model.parameters(), lr=2e-3)
    for inputs, labels in batches:
        opt.train()
        opt.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(inputs), labels)
        loss.backward()
        opt.step()
