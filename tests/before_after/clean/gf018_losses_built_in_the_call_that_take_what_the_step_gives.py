# Correct: each loss built in the call (or in the partial) takes what the step function gives it:
# log-probabilities into NLLLoss, probabilities into BCELoss, logits into CrossEntropyLoss.
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F


def classify(model, opt, criterion, x, y):
    opt.zero_grad()
    loss = criterion(F.log_softmax(model(x), dim=1), y)
    loss.backward()
    opt.step()


def detect(model, opt, criterion, x, y):
    opt.zero_grad()
    criterion(torch.sigmoid(model(x)).squeeze(1), y).backward()
    opt.step()


def score(model, opt, criterion, x, y):
    opt.zero_grad()
    criterion(model(x), y).backward()
    opt.step()


net = nn.Linear(4, 3)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
step = functools.partial(classify, net, opt, nn.NLLLoss())
head = nn.Linear(4, 1)
head_opt = torch.optim.SGD(head.parameters(), lr=0.1)
for _ in range(3):
    x = torch.randn(6, 4)
    step(x, torch.randint(0, 3, (6,)))
    detect(head, head_opt, nn.BCELoss(), x, torch.rand(6).round())
    score(net, opt, nn.CrossEntropyLoss(), x, torch.randint(0, 3, (6,)))
