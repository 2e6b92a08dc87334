import torch
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler


class OperatorTrainer:
    def __init__(self, model, n_epochs, lr=1e-3):
        self.model = model
        self.n_epochs = n_epochs
        self.optimizer = torch.optim.Adam(model.parameters(), lr=lr)

    def train(self, train_loader, log_every=10):
        for epoch in range(self.n_epochs):
            if isinstance(train_loader.sampler, DistributedSampler):
                train_loader.sampler.set_epoch(epoch)
            total = 0.0
            for a, u in train_loader:
                self.optimizer.zero_grad(set_to_none=True)
                loss = torch.nn.functional.mse_loss(self.model(a), u)
                loss.backward()
                self.optimizer.step()
                total += loss.item()
            if epoch % log_every == 0:
                print(epoch, total / len(train_loader))


def main():
    data = TensorDataset(torch.randn(256, 16), torch.randn(256, 16))
    loader = DataLoader(data, batch_size=32, sampler=DistributedSampler(data))
    trainer = OperatorTrainer(torch.nn.Linear(16, 16), n_epochs=50)
    trainer.train(loader)


if __name__ == "__main__":
    main()
