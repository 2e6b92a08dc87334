# Distillation (RepDistiller's layout): the training switches every module of the list that
# holds the student back to train mode (`for module in module_list: module.train()`).
import torch
import torch.nn.functional as F
from torch import nn


def train(epoch, loader, module_list, optimizer):
    for module in module_list:
        module.train()
    module_list[-1].eval()
    model_s, model_t = module_list[0], module_list[-1]
    for x, y in loader:
        logit_s = model_s(x)
        with torch.no_grad():
            logit_t = model_t(x)
        loss = F.cross_entropy(logit_s, y) + F.kl_div(F.log_softmax(logit_s, 1), F.softmax(logit_t, 1), reduction="batchmean")
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def validate(loader, model):
    model.eval()
    total = 0.0
    for x, y in loader:
        total += F.cross_entropy(model(x), y).item()
    return total


def main(model_s, model_t, loader, epochs):
    module_list = nn.ModuleList([model_s, model_t])
    optimizer = torch.optim.SGD(model_s.parameters(), lr=0.05, momentum=0.9)
    for epoch in range(epochs):
        train(epoch, loader, module_list, optimizer)
        print(validate(loader, model_s))
