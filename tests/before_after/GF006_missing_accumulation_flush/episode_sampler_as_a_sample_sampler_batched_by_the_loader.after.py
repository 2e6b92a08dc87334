import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader
from tqdm import tqdm


class EpisodeSampler:
    """Yields `n_episodes` batches of indices, `way` classes with `per_class` samples each."""

    def __init__(self, labels, n_episodes, way, per_class):
        self.labels = labels
        self.n_episodes = n_episodes
        self.way = way
        self.per_class = per_class

    def __len__(self):
        return self.n_episodes

    def __iter__(self):
        for _ in range(self.n_episodes):
            yield torch.randperm(len(self.labels))[: self.way * self.per_class]


def meta_train(model, dataset, tasks_per_step, rounds, epochs, lr=0.01):
    sampler = EpisodeSampler(dataset.labels, rounds * tasks_per_step, 5, 6)
    loader = DataLoader(dataset, sampler=sampler, batch_size=30)
    optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
    for epoch in range(epochs):
        progress = tqdm(loader)
        model.train()
        optimizer.zero_grad()
        task = 0  # the flush after the loop reads it, also when the loop runs no batch
        for task, (x, y) in enumerate(progress, 1):
            loss = F.cross_entropy(model(x), y) / tasks_per_step
            loss.backward()
            if task % tasks_per_step == 0:
                optimizer.step()
                optimizer.zero_grad()

        # the last micro-batches did not fill a whole window: step on them too
        if task % tasks_per_step != 0:
            optimizer.step()
            optimizer.zero_grad()
        progress = tqdm(range(3))
