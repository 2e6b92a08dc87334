# The DistributedSampler is bound only when training data-parallel: `sampler.set_epoch(epoch)`
# would fail on the other path (the name is unbound). The loader's own sampler is always bound.
from torch import nn
from torch.optim import AdamW
from torch.utils.data import DataLoader, DistributedSampler


def fit(model, train_dataset, epochs, batch_size, data_parallel=False):
    if data_parallel:
        sampler = DistributedSampler(train_dataset, shuffle=True)
        train_loader = DataLoader(train_dataset, batch_size=batch_size, sampler=sampler)
    else:
        train_loader = DataLoader(train_dataset, batch_size=batch_size, shuffle=True)
    optimizer = AdamW(model.parameters(), lr=2e-5)
    for epoch in range(epochs):
        model.train()
        for features, labels in train_loader:
            optimizer.zero_grad()
            loss = nn.functional.cross_entropy(model(features), labels)
            loss.backward()
            optimizer.step()
