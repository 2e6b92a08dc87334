import torch
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler


class OperatorTrainer:
    def __init__(self, model, n_epochs, lr=1e-3):
        self.model = model
        self.n_epochs = n_epochs
        self.optimizer = torch.optim.Adam(model.parameters(), lr=lr)

    def train(self, train_loader):
        for epoch in range(self.n_epochs):
            train_loader.sampler.set_epoch(epoch)
            for a, u in train_loader:
                self.optimizer.zero_grad(set_to_none=True)
                torch.nn.functional.mse_loss(self.model(a), u).backward()
                self.optimizer.step()

    def evaluate(self, loader):
        with torch.no_grad():
            return sum(torch.nn.functional.mse_loss(self.model(a), u).item() for a, u in loader)


def main(trainer_factory=OperatorTrainer):
    data = TensorDataset(torch.randn(256, 16), torch.randn(256, 16))
    loader = DataLoader(data, batch_size=32, sampler=DistributedSampler(data))
    trainer = OperatorTrainer(torch.nn.Linear(16, 16), n_epochs=50)
    trainer.train(loader)
    eval_loader = DataLoader(data, batch_size=32, sampler=DistributedSampler(data, shuffle=False))
    for _ in range(2):
        print(trainer.evaluate(eval_loader))


if __name__ == "__main__":
    main()
