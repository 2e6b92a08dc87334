import torch
import torch.nn.functional as F

model = torch.nn.Linear(8, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
ACCUM = 4


def epoch(loader, is_train):
    model.train(is_train)
    total = 0.0
    with torch.set_grad_enabled(is_train):
        for step, (x, y) in enumerate(loader):
            if is_train:
                loss = F.cross_entropy(model(x), y) / ACCUM
                loss.backward()
                if (step + 1) % ACCUM == 0 or step + 1 == len(loader):
                    opt.step()
                    opt.zero_grad(set_to_none=True)
            else:
                loss = F.cross_entropy(model(x), y)
            total += loss.item()
    return total
