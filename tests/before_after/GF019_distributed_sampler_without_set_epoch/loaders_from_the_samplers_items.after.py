"""Samplers by split (a dict comprehension over the datasets' items, or a dict literal) and the
loaders built from `samplers.items()`; the training loader's sampler is never given the epoch,
in a function's `for` loop nor in a method's `while` loop (reported
there without a fix)."""
import torch
import torch.distributed as dist
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset


def main(epochs):
    dist.init_process_group("gloo")
    datasets = {
        "train": TensorDataset(torch.randn(64, 4), torch.randn(64, 1)),
        "val": TensorDataset(torch.randn(16, 4), torch.randn(16, 1)),
    }
    samplers = {split: DistributedSampler(ds, shuffle=(split == "train")) for split, ds in datasets.items()}
    loaders = {split: DataLoader(datasets[split], batch_size=8, sampler=sampler) for split, sampler in samplers.items()}
    model = torch.nn.Linear(4, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        loaders["train"].sampler.set_epoch(epoch)
        for x, y in loaders["train"]:
            opt.zero_grad()
            loss = torch.nn.functional.mse_loss(model(x), y)
            loss.backward()
            opt.step()


class Runner:
    def run(self, train_set, test_set, model, max_epochs):
        parts = {"fit": DistributedSampler(train_set), "test": DistributedSampler(test_set, shuffle=False)}
        feeds = {name: DataLoader(train_set if name == "fit" else test_set, batch_size=4, sampler=part) for name, part in parts.items()}
        optimizer = torch.optim.Adam(model.parameters())
        ep = 0
        while ep < max_epochs:
            for inputs, targets in feeds["fit"]:
                optimizer.zero_grad()
                torch.nn.functional.mse_loss(model(inputs), targets).backward()
                optimizer.step()
            ep += 1
        return model
