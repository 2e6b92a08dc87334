import torch


def fit_epochs(model, train_loader, optimizer, epochs):
    for epoch in range(epochs):
        if isinstance(train_loader.sampler, torch.utils.data.DistributedSampler):
            train_loader.sampler.set_epoch(epoch)
        model.train()
        for features, labels in train_loader:
            optimizer.zero_grad()
            loss = torch.nn.functional.cross_entropy(model(features), labels)
            loss.backward()
            optimizer.step()
    return model
