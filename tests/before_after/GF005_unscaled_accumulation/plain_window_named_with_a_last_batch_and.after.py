import torch


def train(model, loader, accumulation_steps=8):
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    for step, (inputs, labels) in enumerate(loader):
        accumulating = (step + 1) % accumulation_steps != 0 and step + 1 < len(loader)
        loss = torch.nn.functional.cross_entropy(model(inputs), labels)
        (loss / accumulation_steps).backward()
        if not accumulating:
            opt.step()
            opt.zero_grad()
