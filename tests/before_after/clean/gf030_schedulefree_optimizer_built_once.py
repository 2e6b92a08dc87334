import schedulefree
import torch


def train(model, batches, epochs):
    opt = schedulefree.AdamWScheduleFree(model.parameters(), lr=2e-3)
    for _ in range(epochs):
        model.train()
        opt.train()
        for inputs, labels in batches:
            opt.zero_grad()
            torch.nn.functional.cross_entropy(model(inputs), labels).backward()
            opt.step()
        opt.eval()
