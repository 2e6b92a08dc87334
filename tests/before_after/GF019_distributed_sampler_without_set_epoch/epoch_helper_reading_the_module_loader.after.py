import torch
import torch.distributed as dist
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler


def run_epoch(epoch):
    model.train()
    for x, y in train_loader:
        optimizer.zero_grad(set_to_none=True)
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
    print(f"epoch {epoch} done")


if __name__ == "__main__":
    dist.init_process_group("nccl")
    data = TensorDataset(torch.randn(1024, 16), torch.randn(1024, 1))
    train_loader = DataLoader(data, batch_size=32, sampler=DistributedSampler(data))
    model = torch.nn.Linear(16, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(20):
        train_loader.sampler.set_epoch(epoch)
        run_epoch(epoch)
    dist.destroy_process_group()
