import torch
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


def is_main(rank):
  return rank == 0


def main(args, model, dataset):
   sampler = DistributedSampler(dataset) if args.distributed else None
   loader = DataLoader(dataset, batch_size=32, shuffle=sampler is None, sampler=sampler)
   optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
   for epoch in range(args.epochs):
      if sampler is not None:
         sampler.set_epoch(epoch)
      for inputs, labels in loader:
         optimizer.zero_grad()
         torch.nn.functional.cross_entropy(model(inputs), labels).backward()
         optimizer.step()
