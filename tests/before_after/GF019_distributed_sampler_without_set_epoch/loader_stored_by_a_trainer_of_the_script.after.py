import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler


class Trainer:
    def __init__(self, model, train_data, optimizer, save_every):
        self.model = model
        self.train_data = train_data
        self.optimizer = optimizer
        self.save_every = save_every

    def _run_batch(self, source, targets):
        self.optimizer.zero_grad(set_to_none=True)
        loss = F.cross_entropy(self.model(source), targets)
        loss.backward()
        self.optimizer.step()

    def train(self, max_epochs):
        for epoch in range(max_epochs):
            if isinstance(self.train_data.sampler, DistributedSampler):
                self.train_data.sampler.set_epoch(epoch)
            for source, targets in self.train_data:
                self._run_batch(source, targets)
            if epoch % self.save_every == 0:
                torch.save(self.model.state_dict(), "checkpoint.pt")


dataset = TensorDataset(torch.randn(512, 20), torch.randint(0, 4, (512,)))
loader = DataLoader(dataset, batch_size=32, pin_memory=True, shuffle=False, sampler=DistributedSampler(dataset))
model = torch.nn.Linear(20, 4)
trainer = Trainer(model, loader, torch.optim.SGD(model.parameters(), lr=1e-3), save_every=5)
trainer.train(50)
