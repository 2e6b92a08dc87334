import torch
import torch.nn as nn


def sweep(net, data, objective, optimizer=None):
    if optimizer:
        net.train()
    else:
        net.eval()
    running = 0.0
    for features, labels in data:
        loss = objective(net(features), labels)
        if optimizer:
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            optimizer.step()
        running += loss.item()
    return running


def run(model, batches, crit, opt=None):
    learning = bool(opt)
    model.train(learning)
    for x, y in batches:
        loss = crit(model(x), y)
        if learning:
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()


def go_through(model, batches, crit, opt, is_train=True):
    updating = is_train
    model.train(mode=updating)
    for inputs, targets in batches:
        loss = crit(model(inputs), targets)
        if updating:
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()


classifier = nn.Sequential(nn.Linear(6, 16), nn.Dropout(0.3), nn.Linear(16, 3))
adam = torch.optim.Adam(classifier.parameters(), lr=1e-3)
xent = nn.CrossEntropyLoss()
fit_data = [(torch.randn(4, 6), torch.randint(0, 3, (4,))) for _ in range(6)]
dev_data = [(torch.randn(4, 6), torch.randint(0, 3, (4,))) for _ in range(2)]
for cycle in range(5):
    sweep(classifier, fit_data, xent, adam)
    sweep(classifier, dev_data, xent)
    run(classifier, fit_data, xent, adam)
    run(classifier, dev_data, xent)
    go_through(classifier, fit_data, xent, adam)
    go_through(classifier, dev_data, xent, adam, is_train=False)
