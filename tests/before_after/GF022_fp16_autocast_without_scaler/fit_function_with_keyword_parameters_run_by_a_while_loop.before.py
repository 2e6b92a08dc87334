import torch
from torch import nn


def fit_epoch(model, data, opt, *, clip=1.0):
    for features, labels in data:
        opt.zero_grad()
        with torch.cuda.amp.autocast():
            loss = nn.functional.mse_loss(model(features), labels)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), clip)
        opt.step()


def main(data, epochs):
    model = nn.Linear(4, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    epoch = 0
    while epoch < epochs:
        fit_epoch(model, data, opt, clip=0.5)
        epoch += 1


if __name__ == "__main__":
    main([(torch.randn(8, 4), torch.randn(8, 1))] * 3, 4)
