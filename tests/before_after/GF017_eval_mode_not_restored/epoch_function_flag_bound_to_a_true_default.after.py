import torch
import torch.nn as nn


def go_through(model, batches, crit, opt, is_train=True):
    updating = is_train
    if not updating:
        model.eval()
    losses = []
    for inputs, targets in batches:
        loss = crit(model(inputs), targets)
        if updating:
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
        losses.append(loss.item())
    return sum(losses) / len(losses)


def main():
    model = nn.Sequential(nn.Linear(3, 12), nn.Dropout(0.1), nn.Linear(12, 2))
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
    crit = nn.CrossEntropyLoss()
    mine = [(torch.randn(5, 3), torch.randint(0, 2, (5,))) for _ in range(8)]
    other = [(torch.randn(5, 3), torch.randint(0, 2, (5,))) for _ in range(3)]
    for epoch in range(10):
        go_through(model, mine, crit, opt)
        go_through(model, other, crit, opt, is_train=False)
        model.train()


if __name__ == "__main__":
    main()
